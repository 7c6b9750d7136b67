@_spi(SceneHost) import SceneSDK
import SceneHostCore
import SceneHostNative

/// What a plugin is and declares, as its probe found it: enough to plan an app without loading it.
package struct PluginMetadata: Equatable, Sendable {
    /// The name and version from its descriptor.
    package let name: String
    package let version: String
    package let sdkVersion: SemanticVersion
    /// The SceneSDK fingerprint compiled into it (the probe child checked it against the host's).
    package let sdkFingerprint: String
    package let swiftVersion: String
    /// Its scenes, sorted by name.
    package let scenes: [SceneDescription]
    /// The native functions it declares; nil in verdicts recorded before native functions existed.
    package var nativeFunctions: [NativeDeclaration]?
    /// What building each scene once in the probe found wrong, by scene (scenes that built are
    /// not listed); nil in verdicts recorded before probes kept it: `check` then builds them in the host.
    package var wiring: [String: WiringFinding]?
    /// How many service types it registered in its probe; nil when not recorded.
    package var serviceCount: Int?
    /// The settings it declares (`ScenePlugin.settings`), in its order.
    package var settings: [SettingDeclaration]
    /// Destinations a scene's router asked for in its probe that its definition does not declare,
    /// by scene (sorted): `check` reports each, with the declared name it is likely a typo of.
    package var undeclaredRoutes: [String: [String]]
    /// The state it declares it keeps in its scene worker's memory (`ScenePlugin.inMemoryState`).
    package var inMemoryState: InMemoryState?
    /// What it declares it needs beyond the sandbox (`ScenePlugin.permissions`).
    package var permissions: [PluginPermission]
    /// The ids of the buttons each scene's screens showed in its probe (its first render and its
    /// render after every event the probe sent), by scene, sorted; nil in verdicts recorded before
    /// probes kept them. `check` refuses a segue whose id is none of its source scene's.
    package var probedButtons: [String: [String]]?

    package init(
        name: String, version: String, sdkVersion: SemanticVersion, sdkFingerprint: String, swiftVersion: String,
        scenes: [SceneDescription],
        nativeFunctions: [NativeDeclaration]? = nil, wiring: [String: WiringFinding]? = nil, serviceCount: Int? = nil,
        settings: [SettingDeclaration] = [], undeclaredRoutes: [String: [String]] = [:],
        inMemoryState: InMemoryState? = nil,
        permissions: [PluginPermission] = [], probedButtons: [String: [String]]? = nil
    ) {
        self.permissions = permissions
        self.probedButtons = probedButtons
        self.settings = settings
        self.inMemoryState = inMemoryState
        self.undeclaredRoutes = undeclaredRoutes
        self.nativeFunctions = nativeFunctions
        self.wiring = wiring
        self.serviceCount = serviceCount
        self.name = name
        self.version = version
        self.sdkVersion = sdkVersion
        self.sdkFingerprint = sdkFingerprint
        self.swiftVersion = swiftVersion
        self.scenes = scenes
    }
}
