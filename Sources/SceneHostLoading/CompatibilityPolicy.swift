import SceneABI
@_spi(SceneHost) import SceneSDK
import SceneHostCore

/// Decides from a plugin's descriptor alone whether the host may call into it.
///
/// Rules (docs/security.md, "Plugin compatibility"):
/// - the plugin ABI version must equal the host's;
/// - the SceneSDK build must be the host's: the same fingerprint of the SDK sources (and so the
///   same version). The SDK is built without library evolution and plugins inline its code, so
///   any other build, even an older minor version, could disagree on a layout and corrupt memory;
/// - the Swift compiler version must be equal: Swift has no stable ABI on Linux.
package struct CompatibilityPolicy: Sendable {
    let abiVersion: UInt32
    /// The SDK release, shown in messages; the fingerprint decides.
    package let sdkVersion: SemanticVersion
    /// The SHA-256 of the SDK sources (`SceneSDKInfo.fingerprint`): the SDK build identity.
    package let sdkFingerprint: String
    package let swiftVersion: String

    package init(abiVersion: UInt32, sdkVersion: SemanticVersion, sdkFingerprint: String, swiftVersion: String) {
        self.abiVersion = abiVersion
        self.sdkVersion = sdkVersion
        self.sdkFingerprint = sdkFingerprint
        self.swiftVersion = swiftVersion
    }

    /// The policy of this host: the SDK library it runs with and the compiler that built it.
    package static let host = CompatibilityPolicy(
        abiVersion: SceneSDKInfo.abiVersion,
        sdkVersion: SemanticVersion(
            major: SCENE_SDK_VERSION_MAJOR, minor: SCENE_SDK_VERSION_MINOR, patch: SCENE_SDK_VERSION_PATCH),
        sdkFingerprint: SceneSDKInfo.fingerprint,
        swiftVersion: swiftCompilerVersion()
    )

    /// Throws `pluginIncompatible` or `pluginOtherSDKBuild` for the first field of the plugin's descriptor that does not fit.
    package func check(_ descriptor: PluginDescriptor, plugin: PluginReference) throws {
        let built = CompatibilityPolicy(
            abiVersion: descriptor.abiVersion, sdkVersion: descriptor.sdkVersion,
            sdkFingerprint: descriptor.sdkFingerprint, swiftVersion: descriptor.swiftVersion)
        try check(compatibility: built, plugin: plugin)
    }

    /// Throws when a plugin built with `descriptor`'s ABI, SDK build and compiler may not be loaded.
    package func check(compatibility descriptor: CompatibilityPolicy, plugin: PluginReference) throws {
        guard descriptor.abiVersion == abiVersion else {
            throw PluginLoadError.pluginIncompatible(
                plugin, what: "plugin ABI", plugin: "\(descriptor.abiVersion)", host: "\(abiVersion)",
                rule: "The plugin ABI must be the same.")
        }
        // The version is compared too: a plugin that claims another release is another build,
        // whatever its fingerprint says.
        guard descriptor.sdkFingerprint == sdkFingerprint, descriptor.sdkVersion == sdkVersion else {
            throw PluginLoadError.pluginOtherSDKBuild(
                plugin, pluginVersion: descriptor.sdkVersion, pluginFingerprint: descriptor.sdkFingerprint,
                hostVersion: sdkVersion, hostFingerprint: sdkFingerprint)
        }
        guard descriptor.swiftVersion == swiftVersion else {
            throw PluginLoadError.pluginIncompatible(
                plugin, what: "Swift", plugin: descriptor.swiftVersion, host: swiftVersion,
                rule: "Swift has no stable ABI on Linux: the compiler versions must be the same.")
        }
    }
}
