import Testing
@testable import SceneHostFrontend
import TestSupport
@testable import SceneHostRecordCodec

/// Script commands in the record format (a worker's `commands` request).
@Suite("Script command records")
struct FrontendCommandRecordTests {
    @Test("every command reads back as written; a tag one past the last is refused")
    func commands() throws {
        let commands: [FrontendCommand] = [
            .fill(field: "f", text: " x "), .tap(button: "b"), .select(list: "l", row: 4), .back,
            .backTo(scene: "Home"),
            .dismiss, .print, .call(function: "P.f", arguments: ["1", "a b"]), .call(function: "P.g", arguments: []),
            .toggle(toggle: "t", isOn: nil), .toggle(toggle: "t", isOn: true), .toggle(toggle: "t", isOn: false),
            .choose(choice: "c", option: "Next day"), .wait(kind: "label", id: "status", text: "Loaded"),
        ]
        for command in commands { #expect(try RecordCheck.roundTrip(command) == command) }
        try RecordCheck.refusesUnknownTag(FrontendCommand.self, FrontendCommand.Tag.self)
        try RecordCheck.refusesUnknownTag(FrontendCommand.self, FrontendCommand.ToggleState.self) { writer in
            writer.tag(FrontendCommand.Tag.toggle)
            writer.string("t")
        }
    }
}
