import Testing
@_spi(SceneHost) import SceneSDK
@testable import SceneHostContainer
@testable import SceneHostNavigation
@testable import SceneHostFrontend
import HostTestSupport

/// What the host keeps of a navigator's stacks (`SceneRecord`) and the stacks built again from it:
/// the data that survives a worker's crash.
@MainActor
@Suite("Navigator: records and restore")
struct NavigatorRecordsTests {
    private func navigator() throws -> Navigator {
        let container = SceneContainer()
        try BuiltPlugins.load(["FixtureFragile"], into: container)
        let navigator = Navigator(container: container, segues: [])
        try navigator.start(at: "FragileHome")
        return navigator
    }

    private func label(_ id: String, of navigator: Navigator) throws -> String? {
        guard case .label(_, let text)? = try navigator.screen().element(id: id) else { return nil }
        return text
    }

    private func field(_ id: String, of navigator: Navigator) throws -> String? {
        guard case .textField(_, _, let text, _, _)? = try navigator.screen().element(id: id) else { return nil }
        return text
    }

    /// Applies a report as the host does: the first `keep` stand, the changed ones replace the rest.
    private func take(_ navigator: Navigator, into held: inout [SceneRecord]) throws {
        let changes = navigator.takeRecordChanges(topScreen: try navigator.screen())
        held = Array(held.prefix(changes.keep)) + changes.changed
    }

    @Test("each scene's input, the results handed back and its last fields are kept; the changes add up to the whole")
    func recordsKept() throws {
        let navigator = try navigator()
        var held: [SceneRecord] = []
        try take(navigator, into: &held)
        for command: FrontendCommand in [
            .tap(button: "deeper"), .fill(field: "mode", text: "hello"), .tap(button: "present"),
            .fill(field: "mode", text: "bye"), .tap(button: "done"),
        ] {
            try navigator.execute(command)
            try take(navigator, into: &held)
            #expect(held == navigator.records())
        }
        let records = navigator.records()
        #expect(records.map(\.name) == ["FragileHome", "Fragile"])
        #expect(records[0].input == nil && records[0].opensLayer == false)
        #expect(records[1].input?.value == (try ScenePayload(FragileRecordInput(depth: 1))).value)
        #expect(records[1].results.map(\.value) == [try ScenePayload(FragileRecordResult(word: "bye")).value])
        #expect(records[1].fields == [SceneRecord.FieldText(id: "mode", text: "hello")])
        // Nothing changed since the last report: nothing is sent again.
        let unchanged = navigator.takeRecordChanges(topScreen: try navigator.screen())
        #expect(unchanged.keep == 2 && unchanged.changed.isEmpty)
    }

    @Test("a navigator built from the records shows the same stacks, results and field texts")
    func restoredAlike() throws {
        let original = try navigator()
        for command: FrontendCommand in [
            .tap(button: "deeper"), .fill(field: "mode", text: "kept"), .tap(button: "deeper"),
            .fill(field: "mode", text: "back"), .tap(button: "done"), .tap(button: "present"),
        ] {
            try original.execute(command)
            // As a worker reports after every command: the fields of each screen shown are kept.
            _ = original.takeRecordChanges(topScreen: try original.screen())
        }
        let again = try navigator()
        let outcome = again.restore(original.records())
        #expect(outcome.restored == 3 && outcome.failure == nil)
        #expect(again.path == original.path)
        #expect(again.path == "FragileHome › Fragile › Fragile (modal)")
        #expect(try again.renderedScreen() == original.renderedScreen())
        try again.back()
        try original.back()
        #expect(try label("received", of: again) == "got back")
        #expect(try field("mode", of: again) == "kept")
        #expect(try again.renderedScreen() == original.renderedScreen())
    }

    @Test("a scene that cannot be built again cuts the stack below it and says why")
    func restoreCut() throws {
        let original = try navigator()
        try original.execute(.tap(button: "deeper"))
        try original.execute(.tap(button: "deeper"))
        var records = original.records()
        records[2].name = "Missing"
        let again = try navigator()
        let outcome = again.restore(records)
        #expect(outcome.restored == 2)
        #expect(outcome.failure?.scene == "Missing")
        #expect(again.path == "FragileHome › Fragile")
        // The input the scene declares is missing: built again, it refuses.
        records = original.records()
        records[1].input = nil
        let third = try navigator()
        #expect(third.restore(records).restored == 1)
        #expect(third.path == "FragileHome")
    }
}

/// The Fragile fixture's contract shapes, as another plugin would declare them.
private struct FragileRecordInput: Codable { var depth: Int }
private struct FragileRecordResult: Codable { var word: String }
