internal import SceneABI

/// One call of a plugin's registration, passed through the C boundary as an opaque pointer.
///
/// The host creates it with its registry, passes `Unmanaged.passUnretained(_:).toOpaque()` to
/// the descriptor's `register_plugin`, and reads `error` when the call returns FAILED. Host-only (SPI).
@_spi(SceneHost) @MainActor
public final class PluginRegistration {
    public let registry: any SceneRegistry
    /// What the plugin's `register(in:)` threw, if anything.
    public internal(set) var error: (any Error)?
    /// The settings the plugin declares (`ScenePlugin.settings`), read before it registers.
    public internal(set) var settingDeclarations: [SettingDeclaration] = []
    /// The state it declares it keeps in memory (`ScenePlugin.inMemoryState`), read before it registers.
    public internal(set) var inMemoryState: InMemoryState?
    /// What it declares it needs beyond the sandbox (`ScenePlugin.permissions`), read before it registers.
    public internal(set) var permissions: [PluginPermission] = []

    public init(registry: any SceneRegistry) {
        self.registry = registry
    }
}

/// The registration function every descriptor points to (`makePluginDescriptor`).
///
/// Must be called on the main thread (the host does): scene code is `@MainActor`. Internal: only the
/// descriptor names it, and the host calls it through the descriptor's `register_plugin`.
func sceneSDKRegisterPlugin(_ descriptor: UnsafePointer<scene_plugin_descriptor>?, _ registration: UnsafeMutableRawPointer?) -> Int32 {
    guard let descriptor, let registration, let typePointer = descriptor.pointee.plugin_type else {
        return SCENE_PLUGIN_REGISTER_BAD_ARGUMENT
    }
    // Addresses cross into the main-actor closure as integers: the pointees are main-actor state.
    let typeAddress = Int(bitPattern: typePointer)
    let registrationAddress = Int(bitPattern: registration)
    return MainActor.assumeIsolated {
        guard let typePointer = UnsafeRawPointer(bitPattern: typeAddress),
              let registration = UnsafeMutableRawPointer(bitPattern: registrationAddress),
              let plugin = unsafeBitCast(typePointer, to: Any.Type.self) as? any ScenePlugin.Type
        else { return SCENE_PLUGIN_REGISTER_BAD_ARGUMENT }
        let request = Unmanaged<PluginRegistration>.fromOpaque(registration).takeUnretainedValue()
        request.settingDeclarations = plugin.settings
        request.inMemoryState = plugin.inMemoryState
        request.permissions = plugin.permissions
        do {
            // The plugin reads its declared defaults for the keys the config leaves out.
            let declared = request.settingDeclarations
            try plugin.register(in: declared.isEmpty ? request.registry : SettingsDefaultingRegistry(request.registry, declared: declared))
            return SCENE_PLUGIN_REGISTER_OK
        } catch {
            request.error = error
            return SCENE_PLUGIN_REGISTER_FAILED
        }
    }
}
