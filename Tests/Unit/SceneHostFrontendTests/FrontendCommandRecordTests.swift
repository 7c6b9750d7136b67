import Testing
@testable import SceneHostFrontend
import TestSupport

/// Script commands in the record format (a worker's `commands` request).
@Suite("Script command records")
struct FrontendCommandRecordTests {
    @Test("every command reads back as written; a tag one past the last is refused")
    func commands() throws {
        let commands: [FrontendCommand] = [.fill(field: "f", text: " x "), .tap(button: "b"), .select(list: "l", row: 4), .back, .backTo(scene: "Home"),
                                           .dismiss, .print, .call(function: "P.f", arguments: ["1", "a b"]), .call(function: "P.g", arguments: [])]
        for command in commands { #expect(try RecordCheck.roundTrip(command) == command) }
        try RecordCheck.refusesUnknownTag(FrontendCommand.self, FrontendCommand.Tag.self)
    }
}
