import Testing
@_spi(SceneHost) import SceneSDK
@testable import SceneHostRecordCodec
@testable import SceneHostNavigation
@testable import SceneHostWorkers
import TestSupport

/// The record kinds of Workers/Records: a tag one past each enum's last case is refused (the round
/// trips of every request and reply are WorkerFrameTests'), and the worker's `ready` carries the
/// frames' version.
@Suite("Worker record kinds")
struct WorkerRecordTests {
    @Test("a request, reply or outcome tag one past the last case is refused")
    func unknownTags() throws {
        try RecordCheck.refusesUnknownTag(WorkerRequest.self, WorkerRequest.Tag.self)
        try RecordCheck.refusesUnknownTag(WorkerReply.self, WorkerReply.Tag.self)
        // A native call's answer, and a session's screen: success or failure, nothing else.
        try RecordCheck.refusesUnknownTag(WorkerReply.self, RemoteFailure.Outcome.self) { writer in
            writer.tag(WorkerReply.Tag.called)
            writer.stringList(["line"])
        }
        try RecordCheck.refusesUnknownTag(SessionReport.self, RemoteFailure.Outcome.self) { writer in
            writer.count(0)
            writer.count(0)
        }
    }

    @Test("failures and session reports read back as written")
    func roundTrips() throws {
        let failure = RemoteFailure(text: "error: no\n", status: -64)
        #expect(try RecordCheck.roundTrip(failure) == failure)
        let report = SessionReport(
            keep: 3, changed: [SceneRecord(name: "A", opensLayer: false, input: nil)], screen: .failure(failure))
        #expect(try RecordCheck.roundTrip(report) == report)
        // With the title of each changed record; a count that does not match the records is refused.
        let titled = SessionReport(
            keep: 0,
            changed: [
                SceneRecord(name: "ListOrders", opensLayer: false, input: nil),
                SceneRecord(name: "ShowOrder", opensLayer: false, input: nil),
            ],
            screen: .success(Screen(title: "Order #2")), titles: ["Orders", "Order #2"])
        #expect(try RecordCheck.roundTrip(titled) == titled)
        // Plugin code rendered the titles: they count toward a reply's size, as its screen does.
        let huge = String(repeating: "t", count: 1 << 20)
        var long = titled
        long.titles = [huge, "Order #2"]
        #expect(WorkerReply.changed(session: 1, report: long).leastPayloadBytes >= huge.utf8.count)
        var mismatched = try RecordCheck.reader { writer in
            var one = titled
            one.titles = ["Orders"]
            one.encode(into: &writer)
        }
        #expect(throws: RecordReader.Malformed.self) { try SessionReport(from: &mismatched) }
        // A link's refusal crosses with its sentence, for serve's 404 (issue 35, 2.6).
        let refused = RemoteFailure(
            NavigationError.linkRefused(link: "orders/99", scene: "ShowOrder", message: "There is no order 99."))
        #expect(refused.linkRefusal == "There is no order 99." && refused.status == 9)
        #expect(try RecordCheck.roundTrip(refused) == refused)
    }

    @Test("the worker's ready frame carries the frames' version; another version is refused")
    func readyVersion() throws {
        #expect(try RecordCheck.roundTrip(WorkerReply.ready) == .ready)
        for version in [WorkerFrame.formatVersion - 1, WorkerFrame.formatVersion + 1] {
            var reader = try RecordCheck.reader { writer in
                writer.tag(WorkerReply.Tag.ready)
                writer.unsigned(version)
            }
            #expect(throws: RecordReader.Malformed.self, "version \(version)") { try WorkerReply(from: &reader) }
        }
        // The version is the ready frame's only field: the old, shorter frame is refused too.
        #expect(throws: RecordReader.Malformed.self) { try WorkerFrame.decodeReply([0, 0]) }
    }
}
