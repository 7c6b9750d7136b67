import Testing
@_spi(SceneHost) import SceneSDK
@testable import SceneHostRecordCodec
@testable import SceneHostNavigation
import TestSupport

/// The record kinds of Navigation/Records (worker frames and stored sessions): each reads back as
/// written, and a tag one past its enum's last case is refused, never read as another case.
@Suite("Navigation record kinds")
struct NavigationRecordTests {
    static let value = PayloadValue.object([
        "id": .int(-7), "price": .double(2.5), "paid": .bool(true), "due": .bool(false), "note": .null,
        "items": .array([.string("Tea"), .string("Ünïcode ✓"), .object([:]), .array([])]),
    ])

    @Test("payload values, payloads and records read back as written")
    func roundTrips() throws {
        #expect(try RecordCheck.roundTrip(Self.value) == Self.value)
        let payload = ScenePayload(typeName: "Order", value: Self.value)
        #expect(try RecordCheck.roundTrip(payload) == payload)
        let records = [
            SceneRecord(
                name: "Show", opensLayer: true, input: payload, results: [payload, payload],
                fields: [.init(id: "a", text: "b\nc")]),
            SceneRecord(name: "Home", opensLayer: false, input: nil),
        ]
        for record in records { #expect(try RecordCheck.roundTrip(record) == record) }
    }

    @Test("screens with every element, styles and link openings read back as written")
    func screensStylesLinks() throws {
        let screen = Screen(
            title: "T",
            elements: [
                .label(id: "l", text: "x"), .alert(id: "a", text: "changed meanwhile"),
                .textField(id: "f", placeholder: "p", text: "t", label: "L", problem: "too long"),
                .button(id: "b", title: "B"), .list(id: "rows", rows: ["a", "b"]), .list(id: "none", rows: []),
                .textArea(id: "notes", label: "Notes", text: "a\nb", problem: "p"),
                .secureField(id: "pin", label: "PIN", isFilled: true),
                .choice(id: "days", label: "Days", options: ["7", "14"], selected: nil),
                .choice(id: "ship", label: "", options: ["a"], selected: 0),
                .progress(id: "load", label: "Loading", value: nil), .progress(id: "half", label: "", value: 0.5),
                .section(
                    id: "s", title: "S",
                    elements: [
                        .toggle(id: "t", title: "T", isOn: true), .toggle(id: "u", title: "", isOn: false),
                        .list(id: "d", rows: [ListRow(title: "x", detail: "y"), "z"]),
                    ]),
            ])
        #expect(try RecordCheck.roundTrip(screen) == screen)
        for style in NavigationStyle.allCases { #expect(try RecordCheck.roundTrip(style) == style) }
        let opening = LinkOpening(
            link: "/items/2", template: "items/{id}",
            steps: [.init(scene: "Home", style: .replace), .init(scene: "Item", style: .present)],
            parameters: .object(["id": .int(2)]))
        #expect(try RecordCheck.roundTrip(opening) == opening)
    }

    @Test("a tag one past the last case is refused, for every kind with cases")
    func unknownTags() throws {
        try RecordCheck.refusesUnknownTag(PayloadValue.self, PayloadValue.Tag.self)
        try RecordCheck.refusesUnknownTag(ScreenElement.self, ScreenElement.Tag.self)
        try RecordCheck.refusesUnknownTag(NavigationStyle.self, NavigationStyle.Tag.self)
        try RecordCheck.refusesUnknownTag(Screen.self, ScreenElement.Tag.self) { writer in
            writer.string("T")
            writer.count(1)
        }
        #expect(RecordCheck.pastLast(PayloadValue.Tag.self) == 8 && RecordCheck.pastLast(ScreenElement.Tag.self) == 12)
    }

    @Test("a presence flag other than 0 or 1 is refused")
    func flags() throws {
        var reader = try RecordCheck.reader { writer in
            writer.string("Home")
            writer.unsigned(2)
        }
        #expect(throws: RecordReader.Malformed.self) { try SceneRecord(from: &reader) }
    }

    @Test("a value nested at the limit reads back; one level deeper is refused, not recursed into")
    func depth() throws {
        func nested(_ depth: Int) -> PayloadValue {
            (1..<depth).reduce(PayloadValue.null) { inner, _ in .array([inner]) }
        }
        let deepest = nested(PayloadValue.maximumRecordDepth)
        #expect(try RecordCheck.roundTrip(deepest) == deepest)
        #expect(throws: RecordReader.Malformed.self) {
            try RecordCheck.roundTrip(nested(PayloadValue.maximumRecordDepth + 1))
        }
        // Read twice with one reader: the depth is counted per value, not left over from the first.
        var reader = try RecordCheck.reader { writer in
            deepest.encode(into: &writer)
            deepest.encode(into: &writer)
        }
        #expect(try PayloadValue(from: &reader) == deepest)
        #expect(try PayloadValue(from: &reader) == deepest)
    }

    @Test(
        "a choice whose selected index is outside its options (a plugin's bug) is written as none chosen, and reads back"
    )
    func choiceOutOfRange() throws {
        let screen = Screen(
            title: "T",
            elements: [
                .choice(id: "c", label: "C", options: ["a"], selected: 5),
                .choice(id: "d", label: "D", options: [], selected: -1),
            ])
        #expect(
            try RecordCheck.roundTrip(screen)
                == Screen(
                    title: "T",
                    elements: [
                        .choice(id: "c", label: "C", options: ["a"], selected: nil),
                        .choice(id: "d", label: "D", options: [], selected: nil),
                    ]))
    }
}
