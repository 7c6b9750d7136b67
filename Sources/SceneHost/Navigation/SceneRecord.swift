import SceneSDK

/// What the host keeps of one scene on a stack so it can build the scene again after its worker
/// died: the data it was given, never its objects (docs/authoring.md, "What survives a crash").
///
/// `input` is the payload the scene was shown with (nil for the initial scene), `results` every
/// result a scene above it handed back, in order, and `fields` the text fields of its last
/// rendered screen. `opensLayer` marks the root of a modal stack.
public struct SceneRecord: Equatable, Sendable {
    public var name: String
    public var opensLayer: Bool
    public var input: ScenePayload?
    public var results: [ScenePayload]
    /// `(field id, text)` in screen order.
    public var fields: [FieldText]

    public struct FieldText: Equatable, Sendable {
        public let id: String
        public let text: String

        public init(id: String, text: String) {
            self.id = id
            self.text = text
        }
    }

    public init(name: String, opensLayer: Bool, input: ScenePayload?, results: [ScenePayload] = [], fields: [FieldText] = []) {
        self.name = name
        self.opensLayer = opensLayer
        self.input = input
        self.results = results
        self.fields = fields
    }

    /// The text fields of `screen`, as a record keeps them.
    public static func fields(of screen: Screen) -> [FieldText] {
        screen.elements.compactMap { element in
            guard case .textField(let id, _, let text) = element else { return nil }
            return FieldText(id: id, text: text)
        }
    }

    /// `records` as the stacks they describe: a new stack starts at each `opensLayer`.
    public static func layers(_ records: [SceneRecord]) -> [[SceneRecord]] {
        var layers: [[SceneRecord]] = []
        for record in records {
            if record.opensLayer || layers.isEmpty { layers.append([record]) } else { layers[layers.count - 1].append(record) }
        }
        return layers
    }
}

/// A navigator's memory of one scene on its stack: a `SceneRecord` whose input may still be a
/// Swift value (a route's fast path hands values over without encoding; they are encoded only
/// when the record is asked for). A struct with the value in an existential: remembering costs a
/// navigation no allocation of its own.
struct SceneMemory {
    private(set) var record: SceneRecord
    private var pendingInput: (any Encodable)?

    init(name: String, opensLayer: Bool, input: ScenePayload?) {
        record = SceneRecord(name: name, opensLayer: opensLayer, input: input)
    }

    init(name: String, opensLayer: Bool, value: any Encodable) {
        record = SceneRecord(name: name, opensLayer: opensLayer, input: nil)
        pendingInput = value
    }

    init(_ record: SceneRecord) {
        self.record = record
    }

    /// The record, its input encoded now if it was handed over as a value. A value that cannot
    /// be encoded (its `encode(to:)` throws) is kept as no input: building the scene again from
    /// it then fails, and a restore cuts the stack below it.
    var encoded: SceneRecord {
        guard let pendingInput else { return record }
        var copy = record
        copy.input = try? ScenePayload(pendingInput)
        return copy
    }

    /// Encodes a pending input once, so later reports reuse it.
    mutating func settle() {
        guard pendingInput != nil else { return }
        record = encoded
        pendingInput = nil
    }

    mutating func addResult(_ result: ScenePayload) {
        record.results.append(result)
    }

    /// Keeps `fields`; false when they are what it had.
    mutating func setFields(_ fields: [SceneRecord.FieldText]) -> Bool {
        guard fields != record.fields else { return false }
        record.fields = fields
        return true
    }
}
