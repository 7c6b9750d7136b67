@_spi(SceneHost) import SceneSDK
import SceneHostCacheCodec

/// The start-up cache file (`StartupCache`): a header with the format version, then, in the probe
/// cache's encoding (a string table, LEB128 integers, a table of distinct contracts), the key —
/// the host, whether file trust was checked, the config's name, folder and every byte — and then
/// the checked start: the config as read; for each plugin its file identity, content hash, summary
/// (`PluginSummary`) and its probe findings as a section of their own, which a start decodes only
/// when one of its scenes is asked for (`RecordedMetadata`); the plugins a check child builds,
/// whether any scene has a deep link. It ends with the SHA-256 of everything before it.
///
/// A file that is not exactly this decodes to nil, as the probe cache's: never partly believed.
enum StartupCacheFormat {
    static let header = Array("scene-host start-up cache 2\n".utf8)

    /// What a checked start is recorded under: everything it was computed from except the plugin
    /// files, whose identities are compared one by one.
    struct Key {
        let host: String
        let checksFileTrust: Bool
        let configFile: String
        let baseDirectory: String
        let configBytes: [UInt8]
    }

    /// The file for `start`; nil when a plugin's description cannot be read (one decoded from
    /// this file, whose record turned out unreadable: it is not recorded again).
    static func encode(_ start: CheckedStart, key: Key) -> [UInt8]? {
        guard let descriptions = try? start.plugins.map({ try $0.metadata() }) else { return nil }
        var writer = CacheWriter()
        writer.string(key.host)
        writer.count(key.checksFileTrust ? 1 : 0)
        writer.string(key.configFile)
        writer.string(key.baseDirectory)
        writer.bytes(key.configBytes)
        var contracts = ContractTable()
        for metadata in descriptions { contracts.add(.good(metadata)) }
        ProbeCacheFormat.encodeTable(contracts, into: &writer)
        encode(start.config, into: &writer)
        for (plugin, metadata) in zip(start.plugins, descriptions) {
            writer.unsigned(plugin.identity.device)
            writer.unsigned(plugin.identity.inode)
            writer.count(plugin.identity.size)
            writer.signed(plugin.identity.modified)
            writer.signed(plugin.identity.changed)
            writer.string(plugin.sha256)
            encode(PluginSummary(metadata), into: &writer)
            writer.bytes(writer.section { ProbeCacheFormat.encode(metadata, into: &$0, contracts: contracts) })
        }
        writer.count(start.unbuilt.count)
        for name in start.unbuilt { writer.string(name) }
        writer.count(start.hasLinks ? 1 : 0)
        return ProbeCacheFormat.sealed(writer.finished(header: header))
    }

    /// The checked start in `file` when it is a whole file of this version recorded under `key`;
    /// nil otherwise (another key is no error: the cache simply does not answer).
    ///
    /// `configDecoded` is called with the config as soon as it is decoded, before the plugins'
    /// records (a start walks the plugin files meanwhile).
    /// `cachePath` names the file in the error of a plugin whose record turns out unreadable later.
    static func decode(_ file: [UInt8], key: Key, cachePath: String = "", configDecoded: (SceneConfig) -> Void = { _ in }) -> CheckedStart? {
        let checksumSize = ProbeCacheFormat.checksumSize
        guard file.count >= header.count + checksumSize, file[0..<header.count].elementsEqual(header) else { return nil }
        let end = file.count - checksumSize
        // The checksum is computed on another thread while the bytes are decoded (every read is
        // bounds-checked: unchecked bytes cannot make the decoder trap); nothing decoded is
        // returned before it matched.
        let checksum = BackgroundChecksum(file, end: end)
        var reader = CacheReader(file, from: header.count, to: end)
        do {
            try reader.readStringTable()
            guard try reader.string() == key.host, try reader.tag(below: 2) == (key.checksFileTrust ? 1 : 0),
                  try reader.string() == key.configFile, try reader.string() == key.baseDirectory,
                  try reader.bytesEqual(key.configBytes) else { return nil }
            let contracts = try ProbeCacheFormat.decodeTable(&reader)
            let config = try decodeConfig(&reader, file: key.configFile, baseDirectory: key.baseDirectory)
            configDecoded(config)
            var plugins: [CheckedPlugin] = []
            plugins.reserveCapacity(config.plugins.count)
            for _ in config.plugins {
                let identity = StatIdentity(device: try reader.unsigned(), inode: try reader.unsigned(), size: try reader.integer(),
                                            modified: try reader.signed(), changed: try reader.signed())
                let sha256 = try reader.string()
                let summary = try decodeSummary(&reader)
                let description = RecordedMetadata(reader: reader.section(try reader.skipSection()), contracts: contracts, cachePath: cachePath)
                plugins.append(CheckedPlugin(identity: identity, sha256: sha256, summary: summary, recorded: description))
            }
            var unbuilt: [String] = []
            for _ in 0..<(try reader.count()) { unbuilt.append(try reader.string()) }
            let hasLinks = try reader.tag(below: 2) == 1
            guard reader.isAtEnd, checksum.matches() else { return nil }
            return CheckedStart(config: config, plugins: plugins, unbuilt: unbuilt, hasLinks: hasLinks)
        } catch {
            return nil
        }
    }

    static func encode(_ summary: PluginSummary, into writer: inout CacheWriter) {
        ProbeCacheFormat.encode(summary.plugin, into: &writer)
        writer.count(summary.sceneNames.count)
        for name in summary.sceneNames { writer.string(name) }
        writer.count(summary.isPlain ? 1 : 0)
    }

    static func decodeSummary(_ reader: inout CacheReader) throws -> PluginSummary {
        let plugin = try ProbeCacheFormat.decodeIdentification(&reader)
        var sceneNames: [String] = []
        for _ in 0..<(try reader.count()) { sceneNames.append(try reader.string()) }
        return PluginSummary(plugin: plugin, sceneNames: sceneNames, isPlain: try reader.tag(below: 2) == 1)
    }
}
