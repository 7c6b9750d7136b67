import Foundation
import Testing
@_spi(SceneHost) @testable import SceneHost
@_spi(SceneHost) import SceneSDK
@testable import SceneHostRecordCodec
@testable import SceneHostLoading
@testable import SceneHostNavigation
@testable import SceneHostWorkers
import TestSupport
@testable import SceneHostFrontend

/// The frames between host and worker: every message survives the trip, and anything a worker
/// could write that is not a frame is refused without trapping or allocating without bound.
@Suite("Worker frames")
struct WorkerFrameTests {
    private static let payload = ScenePayload(
        typeName: "Order",
        value: .object([
            "id": .int(-7), "price": .double(2.5), "paid": .bool(true), "note": .null,
            "items": .array([.string("Tea"), .string("Ünïcode ✓"), .object([:])]),
        ]))
    private static let record = SceneRecord(
        name: "ShowOrder", opensLayer: true, input: payload, results: [payload, payload],
        fields: [.init(id: "customer", text: "Ada\nLovelace")])

    /// The payload of a whole frame (without its 4-byte length), checking the length.
    private func payload(of frame: [UInt8]) throws -> [UInt8] {
        #expect(try WorkerFrame.length(of: Array(frame.prefix(4))) == frame.count - 4)
        return Array(frame.dropFirst(4))
    }

    @Test("every request comes back as it was sent")
    func requests() throws {
        let requests: [WorkerRequest] = [
            .open(session: 1),
            .restore(
                session: UInt64.max, records: [Self.record, SceneRecord(name: "Home", opensLayer: false, input: nil)]),
            .commands(
                session: 3,
                [
                    .fill(field: "f", text: " x "), .tap(button: "b"), .select(list: "l", row: 4), .back,
                    .backTo(scene: "Home"),
                    .dismiss, .print, .call(function: "P.f", arguments: ["1", "a b"]),
                ]),
            .call(function: "NativePricing.order_total", arguments: ["3", "2.5", "0.5"]), .close(session: 9), .finish,
            .start(
                WorkerStartMessage(
                    configFile: "scenes.conf", baseDirectory: "/apps", configBytes: Array("initial = \"Home\"\n".utf8),
                    checkedStart: [1, 2, 3],
                    settings: ChildSettings(
                        loader: LoaderSettings(
                            probeExecutable: "/bin/w", probeTimeout: 2.5, probeCache: nil, rescan: false,
                            checksFileTrust: false),
                        verbose: true, refused: [.init(plugin: "P", sources: 2, seconds: 30)]))),
        ]
        for request in requests {
            #expect(try WorkerFrame.decodeRequest(payload(of: WorkerFrame.encode(request))) == request)
        }
    }

    @Test("every reply comes back as it was sent")
    func replies() throws {
        let screen = Screen(
            title: "T",
            elements: [
                .label(id: "l", text: "x"), .textField(id: "f", placeholder: "p", text: "t"),
                .button(id: "b", title: "B"), .list(id: "rows", rows: ["a", "b"]),
            ])
        let failure = RemoteFailure(text: "error: no", status: 64)
        let replies: [WorkerReply] = [
            .ready, .loadFailed(failure), .progress(place: 12),
            .session(
                failure: nil, report: SessionReport(keep: 2, changed: [Self.record], screen: .success(screen)),
                restored: nil),
            .session(
                failure: failure, report: SessionReport(keep: 0, changed: [], screen: .failure(failure)), restored: 3),
            .called(lines: ["callback(1)"], result: .success("7.0")), .called(lines: [], result: .failure(failure)),
            .closed,
            .settled(
                report: SessionReport(keep: 1, changed: [], screen: .success(screen), busy: true, settling: false),
                failures: [failure], ended: false),
            .changed(
                session: 7,
                report: SessionReport(
                    keep: 1, changed: [Self.record], screen: .success(screen), busy: true, settling: true)),
        ]
        for reply in replies {
            #expect(try WorkerFrame.decodeReply(payload(of: WorkerFrame.encode(reply))) == reply)
        }
    }

    @Test(
        "a length over the limit is too large, with its size; a channel hands it on as such, and the fault says it in words"
    )
    func tooLarge() throws {
        #expect(throws: WorkerFrame.TooLarge(bytes: 0x7fff_ffff)) {
            try WorkerFrame.length(of: [0xff, 0xff, 0xff, 0x7f])
        }
        #expect(throws: WorkerFrame.TooLarge(bytes: WorkerFrame.maximumSize + 1)) {
            let length = WorkerFrame.maximumSize + 1
            return try WorkerFrame.length(of: [
                UInt8(length & 0xff), UInt8(length >> 8 & 0xff), UInt8(length >> 16 & 0xff), UInt8(length >> 24),
            ])
        }
        var pair: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        defer { close(pair[0]); close(pair[1]) }
        let header: [UInt8] = [0x80, 0x1d, 0x2c, 0x04]  // 70,000,000
        #expect(header.withUnsafeBytes { write(pair[1], $0.baseAddress, 4) } == 4)
        #expect(throws: WorkerChannel.Failure.tooLarge(bytes: 70_000_000)) {
            try WorkerChannel(descriptor: pair[0]).receive(deadline: .now + .seconds(5))
        }
        #expect(
            WorkerFault.tooLarge(bytes: 70_000_000, limit: WorkerFrame.maximumSize).summary
                == "a message too large for its channel (70000000 bytes; limit 67108864)")
    }

    @Test("a length of zero, a short header, an unknown tag or bytes left over are malformed")
    func malformed() throws {
        #expect(throws: RecordReader.Malformed.self) { try WorkerFrame.length(of: [0, 0, 0, 0]) }
        #expect(throws: RecordReader.Malformed.self) { try WorkerFrame.length(of: [1, 0]) }
        #expect(throws: RecordReader.Malformed.self) { try WorkerFrame.decodeReply([0, 9]) }
        #expect(throws: RecordReader.Malformed.self) {
            try WorkerFrame.decodeReply(try payload(of: WorkerFrame.encode(.ready)) + [0])
        }
        #expect(throws: RecordReader.Malformed.self) { try WorkerFrame.decodeRequest([0, 7]) }
        // Every cut of a real reply is refused, never read past its end.
        let whole = try payload(
            of: WorkerFrame.encode(
                .session(
                    failure: nil,
                    report: SessionReport(keep: 1, changed: [Self.record], screen: .success(Screen(title: "T"))),
                    restored: 1)))
        for end in 0..<whole.count {
            #expect(throws: RecordReader.Malformed.self) { try WorkerFrame.decodeReply(Array(whole.prefix(end))) }
        }
    }

    @Test("a payload nested deeper than the limit is refused, not recursed into")
    func deepPayload() throws {
        var value = PayloadValue.null
        for _ in 0..<(WorkerFrame.maximumDepth + 1) { value = .array([value]) }
        let record = SceneRecord(name: "A", opensLayer: false, input: ScenePayload(typeName: "Deep", value: value))
        let bytes = try payload(of: WorkerFrame.encode(.restore(session: 1, records: [record])))
        #expect(throws: RecordReader.Malformed.self) { try WorkerFrame.decodeRequest(bytes) }
    }

    /// Real frames of every kind: what the mutations start from.
    private static var realRequests: [WorkerRequest] {
        [
            .open(session: 1),
            .restore(session: 2, records: [record, SceneRecord(name: "Home", opensLayer: false, input: nil)]),
            .commands(
                session: 3,
                [
                    .fill(field: "f", text: String(repeating: "x", count: 300)), .tap(button: "b"),
                    .select(list: "l", row: 4), .back,
                ]),
            .call(function: "NativePricing.order_total", arguments: ["3", "2.5"]), .close(session: 9), .finish,
            .start(
                WorkerStartMessage(
                    configFile: "scenes.conf", baseDirectory: "/apps", configBytes: Array(DemoConfig.text.utf8))),
        ]
    }

    private static var realReplies: [WorkerReply] {
        [
            .ready, .progress(place: 3), .closed,
            .session(
                failure: nil,
                report: SessionReport(
                    keep: 1, changed: [record],
                    screen: .success(Screen(title: "T", elements: [.label(id: "l", text: "x")]))), restored: 1),
            .called(lines: ["a", "b"], result: .success("42")),
            .changed(
                session: 2,
                report: SessionReport(
                    keep: 0, changed: [], screen: .success(Screen(title: "T")), busy: true, settling: true)),
        ]
    }

    @Test(
        "seeded fuzzing: real frames of every kind, mutated, cut and extended, never trap; what still decodes encodes back to itself",
        arguments: [1, 2, 3, 20_261_127] as [UInt64])
    func mutatedFrames(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let requests = try Self.realRequests.map { try payload(of: WorkerFrame.encode($0)) }
        let replies = try Self.realReplies.map { try payload(of: WorkerFrame.encode($0)) }
        for round in 0..<1_500 {
            let asRequest = random.next(below: 2) == 0
            let source =
                asRequest ? requests[random.next(below: requests.count)] : replies[random.next(below: replies.count)]
            var bytes = source
            switch random.next(below: 4) {
            case 0:
                for _ in 0...random.next(below: 8) {
                    bytes[random.next(below: bytes.count)] = UInt8(truncatingIfNeeded: random.next())
                }
            case 1:
                bytes = Array(bytes.prefix(random.next(below: bytes.count)))
            case 2:
                bytes += (0..<random.next(below: 4_096)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            default:
                bytes = (0..<random.next(below: 4_096)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            }
            // Whatever decodes is a message the host could act on: it must survive its own trip.
            if asRequest, let request = try? WorkerFrame.decodeRequest(bytes) {
                #expect(
                    try WorkerFrame.decodeRequest(payload(of: WorkerFrame.encode(request))) == request,
                    "seed \(seed), round \(round)")
            }
            if !asRequest, let reply = try? WorkerFrame.decodeReply(bytes) {
                #expect(
                    try WorkerFrame.decodeReply(payload(of: WorkerFrame.encode(reply))) == reply,
                    "seed \(seed), round \(round)")
            }
        }
    }
}
