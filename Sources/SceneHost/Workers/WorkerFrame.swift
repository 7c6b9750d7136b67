@_spi(SceneHost) import SceneSDK
import SceneHostCacheCodec

/// The frames between the host and a scene worker: a 4-byte little-endian length, then the
/// message in the probe cache's compact encoding (`CacheWriter`: LEB128 integers, a string table).
///
/// The worker runs plugin code and can write anything to its end, so the host reads its frames
/// as it reads a cache file: every bound checked, a length over `maximumSize`, an unknown tag, a
/// payload nested deeper than `maximumDepth` or bytes left over are `Malformed`, and the host
/// then ends that worker. Nothing a worker writes can make the host trap or allocate without bound.
enum WorkerFrame {
    /// The largest frame either side reads: a screen with a long list fits many times over.
    static let maximumSize = 64 << 20
    /// The deepest payload value read (deeper ones are refused, never recursed into).
    static let maximumDepth = 256

    // MARK: Requests

    static func encode(_ request: WorkerRequest) -> [UInt8] {
        var writer = CacheWriter()
        switch request {
        case .open(let session):
            writer.count(0)
            writer.unsigned(session)
        case .restore(let session, let records):
            writer.count(1)
            writer.unsigned(session)
            writer.count(records.count)
            for record in records { encode(record, into: &writer) }
        case .commands(let session, let commands):
            writer.count(2)
            writer.unsigned(session)
            writer.count(commands.count)
            for command in commands { encode(command, into: &writer) }
        case .call(let function, let arguments):
            writer.count(3)
            writer.string(function)
            writer.count(arguments.count)
            for argument in arguments { writer.string(argument) }
        case .close(let session):
            writer.count(4)
            writer.unsigned(session)
        case .finish:
            writer.count(5)
        case .openLink(let session, let link):
            writer.count(6)
            writer.unsigned(session)
            writer.string(link.link)
            writer.string(link.template)
            writer.count(link.steps.count)
            for step in link.steps {
                writer.string(step.scene)
                writer.count(NavigationStyle.allCases.firstIndex(of: step.style) ?? 0)
            }
            encode(link.parameters, into: &writer)
        }
        return framed(writer)
    }

    static func decodeRequest(_ payload: [UInt8]) throws -> WorkerRequest {
        var reader = try reader(payload)
        let request: WorkerRequest
        switch try reader.tag(below: 7) {
        case 0: request = .open(session: try reader.unsigned())
        case 1:
            let session = try reader.unsigned()
            var records: [SceneRecord] = []
            for _ in 0..<(try reader.count()) { records.append(try decodeRecord(&reader)) }
            request = .restore(session: session, records: records)
        case 2:
            let session = try reader.unsigned()
            var commands: [FrontendCommand] = []
            for _ in 0..<(try reader.count()) { commands.append(try decodeCommand(&reader)) }
            request = .commands(session: session, commands)
        case 3:
            let function = try reader.string()
            var arguments: [String] = []
            for _ in 0..<(try reader.count()) { arguments.append(try reader.string()) }
            request = .call(function: function, arguments: arguments)
        case 4: request = .close(session: try reader.unsigned())
        case 5: request = .finish
        default:
            let session = try reader.unsigned()
            let link = try reader.string()
            let template = try reader.string()
            var steps: [LinkOpening.Step] = []
            for _ in 0..<(try reader.count()) {
                let scene = try reader.string()
                let styles = NavigationStyle.allCases
                steps.append(LinkOpening.Step(scene: scene, style: styles[Int(try reader.tag(below: UInt64(styles.count)))]))
            }
            let parameters = try decodeValue(&reader, depth: 0)
            request = .openLink(session: session, LinkOpening(link: link, template: template, steps: steps, parameters: parameters))
        }
        guard reader.isAtEnd else { throw CacheReader.Malformed() }
        return request
    }

    // MARK: Replies

    static func encode(_ reply: WorkerReply) -> [UInt8] {
        var writer = CacheWriter()
        switch reply {
        case .ready: writer.count(0)
        case .loadFailed(let failure):
            writer.count(1)
            encode(failure, into: &writer)
        case .progress(let place):
            writer.count(2)
            writer.count(place)
        case .session(let failure, let report, let restored):
            writer.count(3)
            encodeOptional(failure, into: &writer)
            writer.count(report.keep)
            writer.count(report.changed.count)
            for record in report.changed { encode(record, into: &writer) }
            switch report.screen {
            case .success(let screen):
                writer.count(0)
                encode(screen, into: &writer)
            case .failure(let failure):
                writer.count(1)
                encode(failure, into: &writer)
            }
            if let restored {
                writer.count(1)
                writer.count(restored)
            } else {
                writer.count(0)
            }
        case .called(let lines, let result):
            writer.count(4)
            writer.count(lines.count)
            for line in lines { writer.string(line) }
            switch result {
            case .success(let text):
                writer.count(0)
                writer.string(text)
            case .failure(let failure):
                writer.count(1)
                encode(failure, into: &writer)
            }
        case .closed: writer.count(5)
        }
        return framed(writer)
    }

    static func decodeReply(_ payload: [UInt8]) throws -> WorkerReply {
        var reader = try reader(payload)
        let reply: WorkerReply
        switch try reader.tag(below: 6) {
        case 0: reply = .ready
        case 1: reply = .loadFailed(try decodeFailure(&reader))
        case 2: reply = .progress(place: try reader.integer())
        case 3:
            let failure = try decodeOptionalFailure(&reader)
            let keep = try reader.integer()
            var changed: [SceneRecord] = []
            for _ in 0..<(try reader.count()) { changed.append(try decodeRecord(&reader)) }
            let screen: Result<Screen, RemoteFailure> = try reader.tag(below: 2) == 0 ? .success(try decodeScreen(&reader)) : .failure(try decodeFailure(&reader))
            let restored = try reader.tag(below: 2) == 1 ? try reader.integer() : nil
            reply = .session(failure: failure, report: SessionReport(keep: keep, changed: changed, screen: screen), restored: restored)
        case 4:
            var lines: [String] = []
            for _ in 0..<(try reader.count()) { lines.append(try reader.string()) }
            let result: Result<String, RemoteFailure> = try reader.tag(below: 2) == 0 ? .success(try reader.string()) : .failure(try decodeFailure(&reader))
            reply = .called(lines: lines, result: result)
        default: reply = .closed
        }
        guard reader.isAtEnd else { throw CacheReader.Malformed() }
        return reply
    }

    // MARK: Framing

    /// The 4-byte length of a frame whose first bytes are `header`, checked against `maximumSize`.
    static func length(of header: [UInt8]) throws -> Int {
        guard header.count == 4 else { throw CacheReader.Malformed() }
        let length = Int(header[0]) | Int(header[1]) << 8 | Int(header[2]) << 16 | Int(header[3]) << 24
        guard length > 0, length <= maximumSize else { throw CacheReader.Malformed() }
        return length
    }

    private static func framed(_ writer: CacheWriter) -> [UInt8] {
        let payload = writer.finished(header: [])
        let length = UInt32(truncatingIfNeeded: payload.count)
        return [UInt8(truncatingIfNeeded: length), UInt8(truncatingIfNeeded: length >> 8),
                UInt8(truncatingIfNeeded: length >> 16), UInt8(truncatingIfNeeded: length >> 24)] + payload
    }

    private static func reader(_ payload: [UInt8]) throws -> CacheReader {
        var reader = CacheReader(payload, from: 0)
        try reader.readStringTable()
        return reader
    }

    // MARK: Values

    private static func encode(_ failure: RemoteFailure, into writer: inout CacheWriter) {
        writer.string(failure.text)
        writer.signed(Int64(failure.status))
    }

    private static func encodeOptional(_ failure: RemoteFailure?, into writer: inout CacheWriter) {
        guard let failure else { return writer.count(0) }
        writer.count(1)
        encode(failure, into: &writer)
    }

    private static func decodeFailure(_ reader: inout CacheReader) throws -> RemoteFailure {
        let text = try reader.string()
        return RemoteFailure(text: text, status: try reader.int32())
    }

    private static func decodeOptionalFailure(_ reader: inout CacheReader) throws -> RemoteFailure? {
        try reader.tag(below: 2) == 1 ? try decodeFailure(&reader) : nil
    }

    private static func encode(_ command: FrontendCommand, into writer: inout CacheWriter) {
        switch command {
        case .fill(let field, let text):
            writer.count(0)
            writer.string(field)
            writer.string(text)
        case .tap(let button):
            writer.count(1)
            writer.string(button)
        case .select(let list, let row):
            writer.count(2)
            writer.string(list)
            writer.count(row)
        case .back: writer.count(3)
        case .backTo(let scene):
            writer.count(4)
            writer.string(scene)
        case .dismiss: writer.count(5)
        case .print: writer.count(6)
        case .call(let function, let arguments):
            writer.count(7)
            writer.string(function)
            writer.count(arguments.count)
            for argument in arguments { writer.string(argument) }
        }
    }

    private static func decodeCommand(_ reader: inout CacheReader) throws -> FrontendCommand {
        switch try reader.tag(below: 8) {
        case 0:
            let field = try reader.string()
            return .fill(field: field, text: try reader.string())
        case 1: return .tap(button: try reader.string())
        case 2:
            let list = try reader.string()
            return .select(list: list, row: try reader.integer())
        case 3: return .back
        case 4: return .backTo(scene: try reader.string())
        case 5: return .dismiss
        case 6: return .print
        default:
            let function = try reader.string()
            var arguments: [String] = []
            for _ in 0..<(try reader.count()) { arguments.append(try reader.string()) }
            return .call(function: function, arguments: arguments)
        }
    }

    static func encode(_ record: SceneRecord, into writer: inout CacheWriter) {
        writer.string(record.name)
        writer.count(record.opensLayer ? 1 : 0)
        if let input = record.input {
            writer.count(1)
            encode(input, into: &writer)
        } else {
            writer.count(0)
        }
        writer.count(record.results.count)
        for result in record.results { encode(result, into: &writer) }
        writer.count(record.fields.count)
        for field in record.fields {
            writer.string(field.id)
            writer.string(field.text)
        }
    }

    static func decodeRecord(_ reader: inout CacheReader) throws -> SceneRecord {
        let name = try reader.string()
        let opensLayer = try reader.tag(below: 2) == 1
        let input = try reader.tag(below: 2) == 1 ? try decodePayload(&reader) : nil
        var results: [ScenePayload] = []
        for _ in 0..<(try reader.count()) { results.append(try decodePayload(&reader)) }
        var fields: [SceneRecord.FieldText] = []
        for _ in 0..<(try reader.count()) {
            let id = try reader.string()
            fields.append(SceneRecord.FieldText(id: id, text: try reader.string()))
        }
        return SceneRecord(name: name, opensLayer: opensLayer, input: input, results: results, fields: fields)
    }

    private static func encode(_ payload: ScenePayload, into writer: inout CacheWriter) {
        writer.string(payload.typeName)
        encode(payload.value, into: &writer)
    }

    private static func decodePayload(_ reader: inout CacheReader) throws -> ScenePayload {
        let typeName = try reader.string()
        return ScenePayload(typeName: typeName, value: try decodeValue(&reader, depth: 0))
    }

    private static func encode(_ value: PayloadValue, into writer: inout CacheWriter) {
        switch value {
        case .null: writer.count(0)
        case .bool(let flag): writer.count(flag ? 2 : 1)
        case .int(let number):
            writer.count(3)
            writer.signed(Int64(number))
        case .double(let number):
            writer.count(4)
            writer.unsigned(number.bitPattern)
        case .string(let text):
            writer.count(5)
            writer.string(text)
        case .array(let elements):
            writer.count(6)
            writer.count(elements.count)
            for element in elements { encode(element, into: &writer) }
        case .object(let fields):
            writer.count(7)
            writer.count(fields.count)
            for (key, element) in fields.sorted(by: { $0.key < $1.key }) {
                writer.string(key)
                encode(element, into: &writer)
            }
        }
    }

    private static func decodeValue(_ reader: inout CacheReader, depth: Int) throws -> PayloadValue {
        guard depth < maximumDepth else { throw CacheReader.Malformed() }
        switch try reader.tag(below: 8) {
        case 0: return .null
        case 1: return .bool(false)
        case 2: return .bool(true)
        case 3:
            guard let number = Int(exactly: try reader.signed()) else { throw CacheReader.Malformed() }
            return .int(number)
        case 4: return .double(Double(bitPattern: try reader.unsigned()))
        case 5: return .string(try reader.string())
        case 6:
            var elements: [PayloadValue] = []
            for _ in 0..<(try reader.count()) { elements.append(try decodeValue(&reader, depth: depth + 1)) }
            return .array(elements)
        default:
            var fields: [String: PayloadValue] = [:]
            for _ in 0..<(try reader.count()) {
                let key = try reader.string()
                guard fields.updateValue(try decodeValue(&reader, depth: depth + 1), forKey: key) == nil else { throw CacheReader.Malformed() }
            }
            return .object(fields)
        }
    }

    static func encode(_ screen: Screen, into writer: inout CacheWriter) {
        writer.string(screen.title)
        writer.count(screen.elements.count)
        for element in screen.elements {
            switch element {
            case .label(let id, let text):
                writer.count(0)
                writer.string(id)
                writer.string(text)
            case .textField(let id, let placeholder, let text, let label, let problem):
                writer.count(1)
                writer.string(id)
                writer.string(placeholder)
                writer.string(text)
                writer.string(label)
                writer.string(problem)
            case .button(let id, let title):
                writer.count(2)
                writer.string(id)
                writer.string(title)
            case .list(let id, let rows):
                writer.count(3)
                writer.string(id)
                writer.count(rows.count)
                for row in rows { writer.string(row) }
            }
        }
    }

    static func decodeScreen(_ reader: inout CacheReader) throws -> Screen {
        let title = try reader.string()
        var elements: [ScreenElement] = []
        for _ in 0..<(try reader.count()) {
            switch try reader.tag(below: 4) {
            case 0:
                let id = try reader.string()
                elements.append(.label(id: id, text: try reader.string()))
            case 1:
                let id = try reader.string(), placeholder = try reader.string(), text = try reader.string()
                let label = try reader.string()
                elements.append(.textField(id: id, placeholder: placeholder, text: text, label: label, problem: try reader.string()))
            case 2:
                let id = try reader.string()
                elements.append(.button(id: id, title: try reader.string()))
            default:
                let id = try reader.string()
                var rows: [String] = []
                for _ in 0..<(try reader.count()) { rows.append(try reader.string()) }
                elements.append(.list(id: id, rows: rows))
            }
        }
        return Screen(title: title, elements: elements)
    }
}
