/// What a plugin is and declares, as its probe found it: enough to plan an app without loading it.
public struct PluginMetadata: Codable, Equatable, Sendable {
    /// The name and version from its descriptor.
    public let name: String
    public let version: String
    public let sdkVersion: SemanticVersion
    /// The SceneSDK fingerprint compiled into it (the probe child checked it against the host's).
    public let sdkFingerprint: String
    public let swiftVersion: String
    /// Its scenes, sorted by name.
    public let scenes: [SceneDescription]
    /// The native functions it declares; nil in verdicts recorded before native functions existed.
    public var nativeFunctions: [NativeDeclaration]?

    public init(name: String, version: String, sdkVersion: SemanticVersion, sdkFingerprint: String, swiftVersion: String, scenes: [SceneDescription],
                nativeFunctions: [NativeDeclaration]? = nil) {
        self.nativeFunctions = nativeFunctions
        self.name = name
        self.version = version
        self.sdkVersion = sdkVersion
        self.sdkFingerprint = sdkFingerprint
        self.swiftVersion = swiftVersion
        self.scenes = scenes
    }
}
