import SceneSDK

/// The plugin descriptor copied out of C memory, checked before any Swift code of the plugin runs.
struct PluginDescriptor {
    let magic: UInt32
    let abiVersion: UInt32
    let sdkVersion: SemanticVersion
    let swiftVersion: String
    let name: String
    let version: String
    /// The descriptor itself, for `register_plugin`.
    let raw: UnsafePointer<scene_plugin_descriptor>

    var hasValidMagic: Bool { magic == SCENE_PLUGIN_MAGIC }

    /// Reads the fixed fields; strings are read only when the magic number is right.
    init(_ pointer: UnsafePointer<scene_plugin_descriptor>) {
        let value = pointer.pointee
        raw = pointer
        magic = value.magic
        abiVersion = value.abi_version
        sdkVersion = SemanticVersion(major: value.sdk_version_major, minor: value.sdk_version_minor, patch: value.sdk_version_patch)
        let valid = value.magic == SCENE_PLUGIN_MAGIC
        swiftVersion = valid ? value.swift_version.map { String(cString: $0) } ?? "?" : "?"
        name = valid ? value.plugin_name.map { String(cString: $0) } ?? "?" : "?"
        version = valid ? value.plugin_version.map { String(cString: $0) } ?? "?" : "?"
    }
}
