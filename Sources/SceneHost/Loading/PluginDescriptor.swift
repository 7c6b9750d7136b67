import SceneABI
import SceneSDK

/// The plugin descriptor copied out of C memory, checked before any Swift code of the plugin runs.
struct PluginDescriptor {
    let magic: UInt32
    let abiVersion: UInt32
    let sdkVersion: SemanticVersion
    /// The SceneSDK fingerprint compiled into the plugin; empty when the descriptor has none.
    let sdkFingerprint: String
    let swiftVersion: String
    let name: String
    let version: String
    /// The descriptor itself, for `register_plugin`.
    let raw: UnsafePointer<scene_plugin_descriptor>

    var hasValidMagic: Bool { magic == SCENE_PLUGIN_MAGIC }

    /// Reads the magic number and the ABI version, the fields every ABI version starts with; the rest
    /// only when both are this host's, since a descriptor of another ABI may be shorter than ours.
    init(_ pointer: UnsafePointer<scene_plugin_descriptor>) {
        raw = pointer
        let header = UnsafeRawPointer(pointer)
        magic = header.loadUnaligned(fromByteOffset: MemoryLayout<scene_plugin_descriptor>.offset(of: \.magic) ?? 0, as: UInt32.self)
        abiVersion = header.loadUnaligned(fromByteOffset: MemoryLayout<scene_plugin_descriptor>.offset(of: \.abi_version) ?? 4, as: UInt32.self)
        guard magic == SCENE_PLUGIN_MAGIC, abiVersion == SCENE_PLUGIN_ABI_VERSION else {
            sdkVersion = SemanticVersion(major: 0, minor: 0, patch: 0)
            (sdkFingerprint, swiftVersion, name, version) = ("", "?", "?", "?")
            return
        }
        let value = pointer.pointee
        sdkVersion = SemanticVersion(major: value.sdk_version_major, minor: value.sdk_version_minor, patch: value.sdk_version_patch)
        sdkFingerprint = value.sdk_fingerprint.map { String(cString: $0) } ?? ""
        swiftVersion = value.swift_version.map { String(cString: $0) } ?? "?"
        name = value.plugin_name.map { String(cString: $0) } ?? "?"
        version = value.plugin_version.map { String(cString: $0) } ?? "?"
    }
}
