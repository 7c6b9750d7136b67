@_spi(SceneHost) import SceneSDK
import SceneHostRecordCodec

/// A scene's record in the record format (worker frames, stored sessions): name, whether it opens
/// a layer, its input if any, its results, its fields' texts, then (since session body format 4)
/// its kept state if any and its filled secrets' ids, then (since session body format 5) the slot
/// whose stack it opens, a container's focused slot and each of its slots' kept stacks.
extension SceneRecord: RecordValue {
    package func encode(into writer: inout RecordWriter) {
        writer.string(name)
        writer.bool(opensLayer)
        writer.bool(input != nil)
        input?.encode(into: &writer)
        writer.list(results)
        writer.count(fields.count)
        for field in fields {
            writer.string(field.id)
            writer.string(field.text)
        }
        writer.bool(state != nil)
        state?.encode(into: &writer)
        writer.count(secrets.count)
        for secret in secrets { writer.string(secret) }
        writer.bool(slot != nil)
        if let slot { writer.string(slot) }
        writer.bool(focus != nil)
        if let focus { writer.string(focus) }
        writer.count(slots.count)
        for kept in slots {
            writer.string(kept.name)
            writer.count(kept.scenes.count)
            for scene in kept.scenes { scene.encode(into: &writer) }
        }
    }

    package init(from reader: inout RecordReader) throws {
        try self.init(from: &reader, keepsState: true, holdsSlots: true)
    }

    /// `keepsState` false: the layout before kept state (session bodies of formats 1 to 3), which
    /// ends after the fields; `holdsSlots` false: the layout before containers (format 4), which
    /// ends after the secrets.
    package init(from reader: inout RecordReader, keepsState: Bool, holdsSlots: Bool = false) throws {
        try self.init(from: &reader, keepsState: keepsState, holdsSlots: holdsSlots, depth: 0)
    }

    /// Containers nest at most `SceneRecord.maximumNesting` deep: a forged record nested deeper
    /// is malformed, never a reader that recurses until its stack runs out.
    private init(from reader: inout RecordReader, keepsState: Bool, holdsSlots: Bool, depth: Int) throws {
        let name = try reader.string()
        let opensLayer = try reader.bool()
        let input = try reader.bool() ? try ScenePayload(from: &reader) : nil
        let results = try reader.list(ScenePayload.self)
        let fieldCount = try reader.count()
        var fields: [FieldText] = []
        for _ in 0..<fieldCount {
            let id = try reader.string()
            fields.append(FieldText(id: id, text: try reader.string()))
        }
        guard keepsState else {
            self.init(name: name, opensLayer: opensLayer, input: input, results: results, fields: fields)
            return
        }
        let state = try reader.bool() ? try ScenePayload(from: &reader) : nil
        let secretCount = try reader.count()
        var secrets: [String] = []
        for _ in 0..<secretCount { secrets.append(try reader.string()) }
        self.init(
            name: name, opensLayer: opensLayer, input: input, results: results, fields: fields, state: state,
            secrets: secrets)
        guard holdsSlots else { return }
        slot = try reader.bool() ? try reader.string() : nil
        focus = try reader.bool() ? try reader.string() : nil
        let slotCount = try reader.count()
        for _ in 0..<slotCount {
            let name = try reader.string()
            guard depth < SceneRecord.maximumNesting else { throw RecordReader.Malformed() }
            let count = try reader.count()
            var scenes: [SceneRecord] = []
            for _ in 0..<count {
                scenes.append(try SceneRecord(from: &reader, keepsState: true, holdsSlots: true, depth: depth + 1))
            }
            slots.append(SlotRecord(name: name, scenes: scenes))
        }
    }
}
