@testable import NameScene
import SceneTesting
import Testing

/// Name's input, as a scene in another plugin passes it: same shape, its own type.
struct GivenName: Encodable {
    let name: String
}

/// Name's result, as the scene below reads it.
struct ExpectedNameResult: Decodable, Equatable {
    let name: String
}

@MainActor
@Suite struct NameSceneTests {
    private func name(_ given: String) throws -> SceneTestKit {
        let kit = SceneTestKit()
        try kit.load(NamePlugin.self)
        try kit.start("Name", input: GivenName(name: given))
        return kit
    }

    @Test func showsTheNameItIsGiven() throws {
        let kit = try name("World")
        #expect(try kit.element("name") == .textField(id: "name", placeholder: "Your name", text: "World"))
    }

    @Test func saveHandsTheTidiedNameBack() throws {
        let kit = try name("World")
        try kit.edit("name", text: "  Ada   Lovelace ")
        try kit.tap("save")
        #expect(kit.exits.count == 1)
        #expect(kit.exits[0].target == .previous)
        #expect(try kit.exits[0].result(as: ExpectedNameResult.self) == ExpectedNameResult(name: "Ada Lovelace"))
    }

    @Test func cancelHandsNothingBack() throws {
        let kit = try name("World")
        try kit.edit("name", text: "Ada")
        try kit.tap("cancel")
        #expect(kit.exits == [RecordedExit(target: .previous, result: nil, byUser: false)])
    }

    @Test func leavesNoPartAlive() throws {
        let kit = try name("World")
        try kit.edit("name", text: "Ada")
        try kit.assertReleased()
    }
}
