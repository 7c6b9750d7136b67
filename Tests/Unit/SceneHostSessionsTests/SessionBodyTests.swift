import Testing
@_spi(SceneHost) import SceneSDK
import SceneHostRecordCodec
@testable import SceneHostNavigation
@testable import SceneHostSessions

/// A stored session's body: every screen's record, stamp and last screen read back as written; a
/// body that is cut, changed, of another format or version ends that session with a notice.
@Suite("Session body format")
struct SessionBodyTests {
    static let sample = SessionBody(
        places: [
            SessionBody.Place(
                record: SceneRecord(
                    name: "Home", opensLayer: false, input: nil,
                    fields: [SceneRecord.FieldText(id: "message", text: "Hé \"quoted\"\n")],
                    state: try? ScenePayload(["summary": "saved twice"]), secrets: ["pin"]),
                stamp: 3,
                lastScreen: Screen(
                    title: "Home",
                    elements: [.textField(id: "message", placeholder: "", text: "Hé", label: "Message", problem: "")])),
            SessionBody.Place(
                record: SceneRecord(
                    name: "Detail", opensLayer: true, input: try? ScenePayload(["message": "Hello"]),
                    results: [], fields: []),
                stamp: 7,
                lastScreen: Screen(
                    title: "Detail",
                    elements: [.label(id: "message", text: "Hello"), .list(id: "rows", rows: ["a", "b"])])),
        ], nextStamp: 8, notice: "notice: something happened")

    @Test("a body reads back as it was written, notice and stamps included")
    func roundTrip() throws {
        let bytes = Self.sample.encoded()
        #expect(try SessionBody(decoding: bytes) == Self.sample)
        let empty = SessionBody(places: [], nextStamp: 1, notice: nil)
        #expect(try SessionBody(decoding: empty.encoded()) == empty)
    }

    @Test("a container's record keeps its focus and every slot's stack, nested containers included (format 5)")
    func containers() throws {
        let kept = SceneRecord(
            name: "About", opensLayer: false, input: nil, fields: [SceneRecord.FieldText(id: "note", text: "x")])
        let split = SceneRecord(
            name: "OrdersSplit", opensLayer: false, input: nil, focus: "detail",
            slots: [
                .init(name: "list", scenes: [SceneRecord(name: "ListOrders", opensLayer: false, input: nil)]),
                .init(
                    name: "detail",
                    scenes: [SceneRecord(name: "ShowOrder", opensLayer: false, input: try ScenePayload(["id": 2]))]),
            ])
        let body = SessionBody(
            places: [
                SessionBody.Place(
                    record: SceneRecord(
                        name: "Main", opensLayer: false, input: nil, focus: "settings",
                        slots: [.init(name: "orders", scenes: [split]), .init(name: "settings", scenes: [])]),
                    stamp: 1, lastScreen: Screen(title: "Orders app")),
                SessionBody.Place(
                    record: SceneRecord(name: "Settings", opensLayer: true, input: nil, slot: "settings"),
                    stamp: 2, lastScreen: Screen(title: "Settings")),
                SessionBody.Place(record: kept, stamp: 3, lastScreen: Screen(title: "About")),
            ], nextStamp: 4, notice: nil)
        #expect(try SessionBody(decoding: body.encoded()) == body)
    }

    @Test("every cut of a body, and every changed byte, is refused or reads as a body; never a trap")
    func damaged() throws {
        let bytes = Self.sample.encoded()
        for length in 0..<bytes.count {
            #expect(throws: SessionStoreError.self) { try SessionBody(decoding: Array(bytes.prefix(length))) }
        }
        for index in bytes.indices {
            var changed = bytes
            changed[index] ^= 0x5A
            _ = try? SessionBody(decoding: changed)
        }
        #expect(throws: SessionStoreError.malformedRow(reason: "its stored data is damaged")) {
            try SessionBody(decoding: bytes + [0])
        }
    }

    @Test("another format or version is refused with its own words")
    func foreign() throws {
        #expect(throws: SessionStoreError.malformedRow(reason: "it is not a scene-host session")) {
            try SessionBody(decoding: Array("{\"json\":1}".utf8))
        }
        var bytes = Self.sample.encoded()
        bytes[4] = 6
        #expect(
            throws: SessionStoreError.malformedRow(
                reason: "it was written in session format 6, and this scene-host reads formats 1 to 5")
        ) {
            try SessionBody(decoding: bytes)
        }
        #expect(
            SessionStoreError.malformedRow(reason: "it is not a scene-host session").message
                == "notice: Your session could not be read back (it is not a scene-host session), so it ended; you are back at the start."
        )
    }

    @Test("stamps at or past the next stamp, or a modal at the bottom, are damage")
    func inconsistent() throws {
        var body = Self.sample
        body.nextStamp = 7
        #expect(throws: SessionStoreError.self) { try SessionBody(decoding: body.encoded()) }
        body = Self.sample
        body.places[0].record.opensLayer = true
        #expect(throws: SessionStoreError.self) { try SessionBody(decoding: body.encoded()) }
    }

    @Test("a body of format 3 (records without kept state) still reads, as records that kept none")
    func formatThree() throws {
        var writer = RecordWriter()
        writer.count(Self.sample.places.count)
        for place in Self.sample.places {
            let record = place.record
            writer.string(record.name)
            writer.bool(record.opensLayer)
            writer.bool(record.input != nil)
            record.input?.encode(into: &writer)
            writer.list(record.results)
            writer.count(record.fields.count)
            for field in record.fields {
                writer.string(field.id)
                writer.string(field.text)
            }
            writer.count(place.stamp)
            place.lastScreen.encode(into: &writer)
        }
        writer.count(Self.sample.nextStamp)
        writer.optionalString(Self.sample.notice)
        SessionGuards().encode(into: &writer)
        let bytes = writer.finished(header: RecordFormat(.magic(Array("SHSB".utf8)), version: 3).head)
        var expected = Self.sample
        for index in expected.places.indices {
            expected.places[index].record.state = nil
            expected.places[index].record.secrets = []
        }
        #expect(try SessionBody(decoding: bytes) == expected)
    }
}
