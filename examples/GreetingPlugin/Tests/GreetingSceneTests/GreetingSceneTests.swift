@testable import GreetingScene
import SceneTesting
import Testing

/// A Worker the test controls, registered in place of the plugin's.
struct FakeGreetingWorker: GreetingWorking {
    func greeting(for name: String) -> String { "Hi \(name)" }
}

/// Detail's input, as this test reads the recorded payload.
struct ExpectedDetailInput: Decodable, Equatable {
    let message: String
}

@MainActor
@Suite struct GreetingSceneTests {
    /// Greeting, exactly as its plugin registers it, with the real Worker.
    private func greeting() throws -> SceneTestKit {
        let kit = SceneTestKit()
        try kit.load(GreetingPlugin.self)
        try kit.start("Greeting")
        return kit
    }

    @Test func greetsTheWorldFirst() throws {
        let kit = try greeting()
        #expect(try kit.text("greeting") == "Hello, World!")
    }

    @Test func usesTheWorkerTheTestRegisters() throws {
        let kit = SceneTestKit()
        kit.register((any GreetingWorking).self) { FakeGreetingWorker() }
        try kit.load(GreetingPlugin.self)
        try kit.start("Greeting")
        #expect(try kit.text("greeting") == "Hi World")
    }

    @Test func showDetailRoutesToDetailInCodeWithTheGreeting() throws {
        let kit = try greeting()
        try kit.tap("showDetail")
        #expect(kit.routes == [RecordedRoute(destination: "Detail", style: .push, payload: .object(["message": .string("Hello, World!")]),
                                             payloadType: "DetailInput", segue: nil)])
        #expect(try kit.routes[0].payload(as: ExpectedDetailInput.self) == ExpectedDetailInput(message: "Hello, World!"))
    }

    @Test func changeNamePresentsNameWithTheCurrentName() throws {
        let kit = try greeting()
        try kit.tap("changeName")
        #expect(kit.routes.map(\.destination) == ["Name"])
        #expect(kit.routes[0].style == .present)
        #expect(kit.routes[0].payload == .object(["name": .string("World")]))
    }

    @Test func theNameHandedBackIsGreeted() throws {
        let kit = try greeting()
        try kit.tap("changeName")
        try kit.returnToScene(with: NameResult(name: "Ada"))
        #expect(try kit.text("greeting") == "Hello, Ada!")
        try kit.tap("showDetail")
        #expect(try kit.routes.last?.payload(as: ExpectedDetailInput.self) == ExpectedDetailInput(message: "Hello, Ada!"))
    }

    @Test func cancellingNameLeavesTheGreeting() throws {
        let kit = try greeting()
        try kit.tap("changeName")
        try kit.returnToScene()
        #expect(try kit.text("greeting") == "Hello, World!")
    }

    @Test func leavesNoPartAlive() throws {
        let kit = try greeting()
        try kit.tap("changeName")
        try kit.returnToScene(with: NameResult(name: "Ada"))
        try kit.assertReleased()
    }
}
