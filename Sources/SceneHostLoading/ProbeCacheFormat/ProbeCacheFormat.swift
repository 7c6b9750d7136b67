@_spi(SceneHost) import SceneSDK
import SceneHostRecordCodec

/// The probe cache file: compact, read without Foundation's JSON decoder. A file of the host's
/// record format (docs/architecture.md, "The record format"); its kinds' encoders sit beside their
/// decoders in this folder (`ProbeFailure+Record.swift`, ...).
///
/// A start-up with a thousand plugins reads every entry (the graph needs each plugin's scenes), so
/// the file is made to be read fast: a header with the format version, a string table (each
/// distinct string once: the host, type and field names repeat in every entry), a table of
/// distinct contracts (a payload type and its schema, decoded once however many scenes and routes
/// name it), then the entries. Integers are LEB128.
///
/// The file ends with the HMAC-SHA256 of everything before it under the user's cache key
/// (`CacheSeal`, `CacheKey`), so a change that keeps the file well-formed (a flipped bit in a scene
/// name, a verdict, a fingerprint) is caught too, and so is an entry rewritten and re-sealed by
/// someone who can write the file but has not the key.
///
/// A file that is not exactly this (another version such as the JSON of earlier hosts, garbage,
/// truncation, a length past the end, an index out of a table, a path twice, bytes after the end, a
/// seal that does not verify under this key) decodes to nil: the cache is then empty for the run, every plugin
/// is probed again and the file rewritten, never partly believed.
package enum ProbeCacheFormat {
    /// Version 13: a container scene's slots (tabs, panes) and the slot a route shows its
    /// destination in (issue 50). Version 12: a probe step's sample input. Version 11: a scene's
    /// routes carry their declared style (issue 35). Version 10: sealed with the user's cache key (HMAC-SHA256) instead of a plain SHA-256, a failure
    /// at exit (`ProbeFailure.failedAtExit`), the buttons each scene's screens showed and the permissions a
    /// plugin declares (issue 32). Version 9: plugins' declared in-memory state (issue 31). Version 8: a step's action is a
    /// tag, as in the probe child's records (one record format). Version 7: plugins' setting
    /// declarations (issue 20). Version 6: a checksum at the end (issue 19). Version 5: scenes
    /// carry their deep link (issue 18). Version 4 was the first binary format (1-3 were JSON,
    /// whose first byte is `{`); a file of another version re-probes every plugin once.
    package static let format = RecordFormat(.line("scene-host probe cache"), version: 13)
    /// The file's first line, "scene-host probe cache 13\n".
    package static var header: [UInt8] { format.head }
    /// The seal at the end of the file (`CacheSeal`).
    package static let sealSize = CacheSeal.size
    /// The deepest payload schema read (`PayloadSchema.maximumRecordDepth`).
    static let maximumSchemaDepth = PayloadSchema.maximumRecordDepth

    /// The file's bytes for `entries`, in path order (the same entries and seal give the same bytes).
    package static func encode(_ entries: [String: ProbeCache.Entry], seal: CacheSeal) -> [UInt8] {
        let ordered = entries.sorted { $0.key < $1.key }
        // Every contract first, so the table is written before the entries that name it.
        var contracts = ContractTable()
        for (_, entry) in ordered { contracts.add(entry.verdict) }
        var writer = RecordWriter()
        encodeTable(contracts, into: &writer)
        writer.count(ordered.count)
        for (path, entry) in ordered { encode(entry, path: path, into: &writer, contracts: contracts) }
        return seal.sealed(writer.finished(header: header))
    }

    /// The entries in `bytes`, or nil when they are not a whole file of this version sealed with `seal`.
    package static func decode(_ file: [UInt8], seal: CacheSeal) -> [String: ProbeCache.Entry]? {
        guard let body = format.body(of: file), file.count >= body + sealSize else { return nil }
        let end = file.count - sealSize
        guard seal.verifies(file, end: end) else { return nil }
        var reader = RecordReader(file, from: body, to: end)
        do {
            try reader.readStringTable()
            let contracts = try decodeTable(&reader)
            let total = try reader.count()
            var entries: [String: ProbeCache.Entry] = [:]
            entries.reserveCapacity(total)
            for _ in 0..<total {
                let (path, entry) = try decodeEntry(&reader, contracts: contracts)
                guard entries.updateValue(entry, forKey: path) == nil else { throw RecordReader.Malformed() }
            }
            guard reader.isAtEnd else { throw RecordReader.Malformed() }
            return entries
        } catch {
            return nil
        }
    }
}
