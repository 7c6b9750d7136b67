internal import SceneABI

/// SceneSDK: write Clean Swift (VIP) scenes that scene-host loads from a plugin (.so) at run time.
///
/// A plugin subclasses the four role bases (`SceneViewController`, `SceneInteractor`,
/// `ScenePresenter`, `SceneRouter`), declares each scene with `SceneDefinition`, lists them in a
/// `ScenePlugin` and exports it with one `@_cdecl("scene_plugin_entry")` line. The host wires.
@_spi(SceneHost) public enum SceneSDKInfo {
    /// The SDK version this library was built as.
    public static let version = "\(SCENE_SDK_VERSION_MAJOR).\(SCENE_SDK_VERSION_MINOR).\(SCENE_SDK_VERSION_PATCH)"
    /// The plugin ABI this library speaks.
    public static let abiVersion = SCENE_PLUGIN_ABI_VERSION
    /// The build identity of this library: the SHA-256 of the SDK sources it was compiled from.
    ///
    /// Read from the library at run time (not inlinable, unlike `sceneSDKFingerprint()`, which gives
    /// the caller's compile-time value): the host compares it with each plugin's descriptor.
    public static var fingerprint: String { libraryFingerprint() }
}

/// A call into the library, never inlined into a client: the value is the library's own.
@inline(never)
func libraryFingerprint() -> String { sceneSDKFingerprint() }
