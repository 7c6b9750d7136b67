import SceneSDK

/// Decides from a plugin's descriptor alone whether the host may call into it.
///
/// Rules (README, "Plugin compatibility"):
/// - the plugin ABI version must equal the host's;
/// - the SDK major version must be equal, and the plugin's minor not newer than the host's
///   (while the major is 0, minors must be equal: 0.x releases may break);
/// - the Swift compiler version must be equal: Swift has no stable ABI on Linux.
public struct CompatibilityPolicy: Sendable {
    public let abiVersion: UInt32
    public let sdkVersion: SemanticVersion
    public let swiftVersion: String

    public init(abiVersion: UInt32, sdkVersion: SemanticVersion, swiftVersion: String) {
        self.abiVersion = abiVersion
        self.sdkVersion = sdkVersion
        self.swiftVersion = swiftVersion
    }

    /// The policy of this host: the SDK it runs with and the compiler that built it.
    public static let host = CompatibilityPolicy(
        abiVersion: SceneSDKInfo.abiVersion,
        sdkVersion: SemanticVersion(major: SCENE_SDK_VERSION_MAJOR, minor: SCENE_SDK_VERSION_MINOR, patch: SCENE_SDK_VERSION_PATCH),
        swiftVersion: swiftCompilerVersion()
    )

    /// Throws `pluginIncompatible` naming the first field of the plugin's descriptor that does not fit.
    func check(_ descriptor: PluginDescriptor, plugin: PluginReference) throws {
        let built = CompatibilityPolicy(abiVersion: descriptor.abiVersion, sdkVersion: descriptor.sdkVersion, swiftVersion: descriptor.swiftVersion)
        try check(compatibility: built, plugin: plugin)
    }

    /// Throws `pluginIncompatible` when a plugin built with `descriptor`'s versions may not be loaded.
    func check(compatibility descriptor: CompatibilityPolicy, plugin: PluginReference) throws {
        guard descriptor.abiVersion == abiVersion else {
            throw HostError.pluginIncompatible(plugin, what: "plugin ABI", plugin: "\(descriptor.abiVersion)", host: "\(abiVersion)",
                                               rule: "The plugin ABI must be the same.")
        }
        let pluginSDK = descriptor.sdkVersion
        let sameLine = pluginSDK.major == sdkVersion.major && (sdkVersion.major > 0 || pluginSDK.minor == sdkVersion.minor)
        guard sameLine, pluginSDK.minor <= sdkVersion.minor else {
            throw HostError.pluginIncompatible(plugin, what: "SceneSDK", plugin: "\(pluginSDK)", host: "\(sdkVersion)",
                                               rule: "The SDK major version must be the same and the plugin's minor not newer (0.x: the same minor).")
        }
        guard descriptor.swiftVersion == swiftVersion else {
            throw HostError.pluginIncompatible(plugin, what: "Swift", plugin: descriptor.swiftVersion, host: swiftVersion,
                                               rule: "Swift has no stable ABI on Linux: the compiler versions must be the same.")
        }
    }
}

/// A `major.minor.patch` version.
public struct SemanticVersion: Codable, Equatable, Sendable, CustomStringConvertible {
    public let major: UInt32
    public let minor: UInt32
    public let patch: UInt32

    public init(major: UInt32, minor: UInt32, patch: UInt32) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    public var description: String { "\(major).\(minor).\(patch)" }
}
