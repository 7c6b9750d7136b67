@_spi(SceneHost) import SceneSDK
import SceneHostRecordCodec
import SceneHostCore
import SceneHostContainer

extension ProbeCacheFormat {
    /// What a plugin is: its name and version, the SDK version and build and the Swift version it
    /// was built with. The head of a description here, and of a summary in the start-up cache.
    package struct Identification: Equatable {
        let name: String
        let version: String
        let sdkVersion: SemanticVersion
        let sdkFingerprint: String
        let swiftVersion: String

        init(name: String, version: String, sdkVersion: SemanticVersion, sdkFingerprint: String, swiftVersion: String) {
            self.name = name
            self.version = version
            self.sdkVersion = sdkVersion
            self.sdkFingerprint = sdkFingerprint
            self.swiftVersion = swiftVersion
        }

        /// What `metadata` says the plugin is.
        init(_ metadata: PluginMetadata) {
            self.init(
                name: metadata.name, version: metadata.version, sdkVersion: metadata.sdkVersion,
                sdkFingerprint: metadata.sdkFingerprint, swiftVersion: metadata.swiftVersion)
        }
    }
}

/// The head of a description and of a start-up cache summary, in the record format.
extension ProbeCacheFormat.Identification: RecordValue {
    package func encode(into writer: inout RecordWriter) {
        writer.string(name)
        writer.string(version)
        writer.unsigned(UInt64(sdkVersion.major))
        writer.unsigned(UInt64(sdkVersion.minor))
        writer.unsigned(UInt64(sdkVersion.patch))
        writer.string(sdkFingerprint)
        writer.string(swiftVersion)
    }

    package init(from reader: inout RecordReader) throws {
        self.init(
            name: try reader.string(), version: try reader.string(),
            sdkVersion: SemanticVersion(
                major: try reader.uint32(), minor: try reader.uint32(), patch: try reader.uint32()),
            sdkFingerprint: try reader.string(), swiftVersion: try reader.string())
    }
}
