@_spi(SceneHost) import SceneSDK
import SceneHostRecordCodec
import SceneHostConfig
import SceneHostLoading
import SceneHostNavigation

/// The start-up cache file (`StartupCache`): a header with the format version, then, in the host's
/// record format (docs/architecture.md, "The record format") (a string table, LEB128 integers, a table of distinct contracts), the key —
/// the host, whether file trust was checked, the config's name, folder and every byte — and then
/// the checked start:
/// - the config as read, with every value and location: its head (the initial scene, `[host]`),
///   each plugin's table as a section of its own, the segues as one section;
/// - for each plugin, what a start needs before any of its scenes is asked for: its config name,
///   whether it has settings, its summary (`PluginSummary`);
/// - for each plugin, a section with its file identity, content hash and its probe findings as a
///   section of their own, decoded when one of its scenes is asked for (`RecordedMetadata`);
/// - the plugin declaring the initial scene, the plugins a check child builds, whether any scene
///   has a deep link.
///
/// It ends with the seal of everything before it under the user's cache key (`CacheSeal`), as the
/// probe cache does. A file that is not exactly this decodes to nil, as the probe cache's: never
/// partly believed. The sections let a scene worker read the
/// file in part (`decodeForWorker`): the first screen needs one plugin of a thousand.
enum StartupCacheFormat {
    /// Version 10: plugins' records carry their containers' slots and their routes' slots (probe
    /// cache 13, issue 50). Version 9: the head carries `[host] clock`. Version 8: plugins' records carry their routes' declared styles (probe cache 11, issue 35). Version 7: the head carries `[host] worker-user`, resolved (issue 32). Version 6: sealed with the user's cache key (HMAC-SHA256), not a plain SHA-256; plugins' records carry the
    /// buttons their probes saw; the head carries the permissions the config grants (issue 32).
    /// Version 5: `[host] faults-per-session` in the head. Version 4: plugins' declared in-memory state
    /// (in their records, and not plain in the index). Version 3: the worker reads it in part. Version 2:
    /// descriptions read when needed. A file of another version is no answer (the start is checked, and
    /// recorded again).
    static let format = RecordFormat(.line("scene-host start-up cache"), version: 10)
    /// The file's first line, "scene-host start-up cache 10\n".
    static var header: [UInt8] { format.head }

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
    static func encode(_ start: CheckedStart, key: Key, seal: CacheSeal) -> [UInt8]? {
        guard let descriptions = try? start.plugins.map({ try $0.metadata() }) else { return nil }
        let config = start.config
        var writer = RecordWriter()
        writer.string(key.host)
        writer.bool(key.checksFileTrust)
        writer.string(key.configFile)
        writer.string(key.baseDirectory)
        writer.bytes(key.configBytes)
        var contracts = ContractTable()
        for metadata in descriptions { contracts.add(.good(metadata)) }
        ProbeCacheFormat.encodeTable(contracts, into: &writer)
        encodeHead(config, into: &writer)
        writer.count(config.plugins.count)
        for entry in config.plugins { writer.bytes(writer.section { encode(entry, into: &$0) }) }
        writer.bytes(writer.section { encode(config.segues, into: &$0) })
        for (entry, plugin) in zip(config.plugins, start.plugins) {
            writer.bytes(
                writer.section { writer in
                    writer.string(entry.name)
                    writer.bool(!entry.settings.isEmpty)
                    plugin.summary.encode(into: &writer)
                })
        }
        for (plugin, metadata) in zip(start.plugins, descriptions) {
            writer.bytes(
                writer.section { writer in
                    plugin.identity.encode(into: &writer)
                    writer.string(plugin.sha256)
                    writer.bytes(writer.section { ProbeCacheFormat.encode(metadata, into: &$0, contracts: contracts) })
                })
        }
        let initialOwner = start.plugins.firstIndex { $0.summary.sceneNames.contains(config.initial.value) }
        writer.unsigned(UInt64(initialOwner.map { $0 + 1 } ?? 0))
        let prepared = zip(config.plugins, start.plugins).enumerated()
            .filter { !PluginLoader.recordSuffices($0.element.0, summary: $0.element.1.summary) }.map(\.offset)
        writer.count(prepared.count)
        for index in prepared { writer.unsigned(UInt64(index)) }
        writer.stringList(start.unbuilt)
        writer.bool(start.hasLinks)
        return seal.sealed(writer.finished(header: header))
    }

    /// The checked start in `file` when it is a whole file of this version recorded under `key`
    /// and sealed with `seal`;
    /// nil otherwise (another key is no error: the cache simply does not answer).
    ///
    /// `configDecoded` is called with the config as soon as it is decoded, before the plugins'
    /// records (a start walks the plugin files meanwhile).
    /// `cachePath` names the file in the error of a plugin whose record turns out unreadable later.
    static func decode(
        _ file: [UInt8], key: Key, seal: CacheSeal, cachePath: String = "",
        configDecoded: (SceneConfig) -> Void = { _ in }
    ) -> CheckedStart? {
        guard let opened = Opened(file, key: key, seal: seal, lazily: false) else { return nil }
        do {
            let layout = opened.plugins
            let index = try layout.decodeIndex(opened.reader)
            let entries = try layout.entries.indices.map {
                try layout.entry($0, name: index.names[$0], hasSettings: index.hasSettings[$0], file: opened.reader)
            }
            let config = SceneConfig(
                file: key.configFile, baseDirectory: key.baseDirectory, initial: opened.initial, plugins: entries,
                segues: try decodeSegues(opened.reader.section(opened.segues)), host: opened.host)
            configDecoded(config)
            var plugins: [CheckedPlugin] = []
            plugins.reserveCapacity(entries.count)
            for position in entries.indices {
                plugins.append(
                    try layout.checkedPlugin(
                        position, summary: index.summaries[position], file: opened.reader, contracts: opened.contracts,
                        cachePath: cachePath))
            }
            var rest = opened.reader
            let (unbuilt, hasLinks) = try decodeRest(&rest)
            guard rest.isAtEnd, opened.seal.matches() else { return nil }
            return CheckedStart(config: config, plugins: plugins, unbuilt: unbuilt, hasLinks: hasLinks)
        } catch {
            return nil
        }
    }

    /// The file's key compared, its head decoded, and where each part is: what both decoders
    /// (`decode`, `decodeForWorker`) read first.
    struct Opened {
        let seal: BackgroundSealCheck
        let contracts: [ContractInfo]
        let initial: Located<String>
        let host: HostSettings
        let plugins: RecordedPlugins.Layout
        let segues: Range<Int>
        /// Positioned after the plugins' records and the plugin declaring the initial scene.
        let reader: RecordReader

        /// `lazily`: strings are made when first read (a scene worker reads few of them).
        init?(_ file: [UInt8], key: Key, seal: CacheSeal, lazily: Bool) {
            let sealSize = ProbeCacheFormat.sealSize
            guard let body = format.body(of: file), file.count >= body + sealSize else { return nil }
            let end = file.count - sealSize
            // The seal is computed on another thread while the bytes are decoded (every read is
            // bounds-checked: unchecked bytes cannot make the decoder trap); nothing decoded is
            // returned before it matched.
            self.seal = BackgroundSealCheck(file, end: end, seal: seal)
            var reader = RecordReader(file, from: body, to: end)
            do {
                try reader.readStringTable(lazily: lazily)
                guard try reader.string() == key.host, try reader.bool() == key.checksFileTrust,
                    try reader.string() == key.configFile, try reader.string() == key.baseDirectory,
                    try reader.bytesEqual(key.configBytes)
                else { return nil }
                contracts = try ProbeCacheFormat.decodeTable(&reader)
                (initial, host) = try decodeHead(&reader)
                let count = try reader.count()
                var entries: [Range<Int>] = []
                entries.reserveCapacity(count)
                for _ in 0..<count { entries.append(try reader.skipSection()) }
                segues = try reader.skipSection()
                var index: [Range<Int>] = []
                index.reserveCapacity(count)
                for _ in 0..<count { index.append(try reader.skipSection()) }
                var records: [Range<Int>] = []
                records.reserveCapacity(count)
                for _ in 0..<count { records.append(try reader.skipSection()) }
                let owner = try reader.integer()
                guard owner <= count else { return nil }
                var prepared: [Int] = []
                for _ in 0..<(try reader.count()) {
                    // A position, not a length: it need not fit the bytes left.
                    let position = try reader.integer()
                    guard position < count else { return nil }
                    prepared.append(position)
                }
                plugins = RecordedPlugins.Layout(
                    entries: entries, index: index, records: records,
                    initialOwner: owner == 0 ? nil : owner - 1, preparedAtStart: prepared)
                self.reader = reader
            } catch {
                return nil
            }
        }
    }

    /// A checked start as a scene worker reads it (`decodeForWorker`).
    struct WorkerRecord {
        let initial: Located<String>
        let host: HostSettings
        let segues: RecordedSegues
        let plugins: RecordedPlugins
    }

    /// The checked start in `file` for a scene worker, under the same conditions as `decode`
    /// (this version, this key, the whole file's seal, every part decodable): the head now;
    /// the segues when a session first looks one up, the plugins' summaries when a scene not yet
    /// registered is looked for, each plugin's config table and record when it is registered.
    static func decodeForWorker(_ file: [UInt8], key: Key, seal: CacheSeal, cachePath: String) -> WorkerRecord? {
        guard let opened = Opened(file, key: key, seal: seal, lazily: true) else { return nil }
        do {
            // Walked with every check now, without making their strings: decoding them when first
            // needed cannot fail then.
            _ = try decodeSegues(opened.reader.section(opened.segues).validating())
            _ = try opened.plugins.decodeIndex(opened.reader.validating())
            var rest = opened.reader
            _ = try decodeRest(&rest)
            guard rest.isAtEnd, opened.seal.matches() else { return nil }
            return WorkerRecord(
                initial: opened.initial, host: opened.host,
                segues: RecordedSegues(cachePath: cachePath) { [section = opened.reader.section(opened.segues)] in
                    try decodeSegues(section)
                },
                plugins: RecordedPlugins(
                    layout: opened.plugins, reader: opened.reader, contracts: opened.contracts, cachePath: cachePath))
        } catch {
            return nil
        }
    }

    /// What follows the plugins' records (and the plugin declaring the initial scene).
    static func decodeRest(_ reader: inout RecordReader) throws -> (unbuilt: [String], hasLinks: Bool) {
        let unbuilt = try reader.stringList()
        return (unbuilt, try reader.bool())
    }
}
