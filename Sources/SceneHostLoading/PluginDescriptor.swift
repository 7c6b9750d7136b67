import SceneABI
import SceneSDK
import SceneHostCore

/// The plugin descriptor copied out of C memory, checked before any Swift code of the plugin runs.
package struct PluginDescriptor {
    package let magic: UInt32
    let abiVersion: UInt32
    package let sdkVersion: SemanticVersion
    /// The SceneSDK fingerprint compiled into the plugin; empty when the descriptor has none.
    package let sdkFingerprint: String
    package let swiftVersion: String
    package let name: String
    package let version: String
    /// The descriptor itself, for `register_plugin`.
    package let raw: UnsafePointer<scene_plugin_descriptor>

    var hasValidMagic: Bool { magic == SCENE_PLUGIN_MAGIC }

    /// Reads the magic number and the ABI version, the fields every ABI version starts with; the rest
    /// only when both are this host's, since a descriptor of another ABI may be shorter than ours.
    package init(_ pointer: UnsafePointer<scene_plugin_descriptor>) {
        raw = pointer
        let header = UnsafeRawPointer(pointer)
        magic = header.loadUnaligned(
            fromByteOffset: MemoryLayout<scene_plugin_descriptor>.offset(of: \.magic) ?? 0, as: UInt32.self)
        abiVersion = header.loadUnaligned(
            fromByteOffset: MemoryLayout<scene_plugin_descriptor>.offset(of: \.abi_version) ?? 4, as: UInt32.self)
        guard magic == SCENE_PLUGIN_MAGIC, abiVersion == SCENE_PLUGIN_ABI_VERSION else {
            sdkVersion = SemanticVersion(major: 0, minor: 0, patch: 0)
            (sdkFingerprint, swiftVersion, name, version) = ("", "?", "?", "?")
            return
        }
        let value = pointer.pointee
        sdkVersion = SemanticVersion(
            major: value.sdk_version_major, minor: value.sdk_version_minor, patch: value.sdk_version_patch)
        sdkFingerprint = value.sdk_fingerprint.map { String(cString: $0) } ?? ""
        swiftVersion = value.swift_version.map { String(cString: $0) } ?? "?"
        name = value.plugin_name.map { String(cString: $0) } ?? "?"
        version = value.plugin_version.map { String(cString: $0) } ?? "?"
    }
}
