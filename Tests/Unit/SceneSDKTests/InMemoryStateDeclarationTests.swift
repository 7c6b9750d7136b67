import SceneSDK
import SceneTesting
import Testing

/// `ScenePlugin.inMemoryState` in the SDK (issue 31, point 3): a declaration the host must be able
/// to judge a config against, refused by the same check in the host and the testing kit.
@Suite("In-memory state declarations")
struct InMemoryStateDeclarationTests {
    static let declared: [SettingDeclaration] = [.path("database", help: "the file")]

    @Test("a state named in words, kept unless a declared setting is set (or always), is well formed")
    func wellFormed() {
        #expect(
            SettingDeclaration.malformation(
                of: Self.declared, inMemoryState: InMemoryState("the orders", unlessSet: "database")) == nil)
        #expect(SettingDeclaration.malformation(of: [], inMemoryState: InMemoryState("the cart")) == nil)
        #expect(SettingDeclaration.malformation(of: Self.declared, inMemoryState: nil) == nil)
    }

    @Test("a state kept unless an undeclared setting is set, or without words to name it, is refused with the reason")
    func malformed() {
        #expect(
            SettingDeclaration.malformation(
                of: Self.declared, inMemoryState: InMemoryState("the orders", unlessSet: "databse"))
                == "the in-memory state (the orders) is kept unless setting 'databse' is set, but no setting of that name is declared (did you mean 'database'?); name a declared setting in inMemoryState"
        )
        #expect(
            SettingDeclaration.malformation(of: [], inMemoryState: InMemoryState("the orders", unlessSet: "database"))
                == "the in-memory state (the orders) is kept unless setting 'database' is set, but no setting of that name is declared; name a declared setting in inMemoryState"
        )
        #expect(
            SettingDeclaration.malformation(of: [], inMemoryState: InMemoryState(""))
                == "the in-memory state is named \"\"; name it in words without control characters, such as \"the orders\""
        )
        #expect(
            SettingDeclaration.malformation(of: [], inMemoryState: InMemoryState("the\norders"))
                == "the in-memory state is named \"the\\norders\"; name it in words without control characters, such as \"the orders\""
        )
        // The settings' own problems come first.
        #expect(
            SettingDeclaration.malformation(
                of: [.path("a", help: ""), .path("a", help: "")], inMemoryState: InMemoryState(""))
                == "setting 'a' is declared twice; declare each once")
    }

    private enum MisspeltPlugin: ScenePlugin {
        static let name = "Misspelt"
        static let version = "1"
        static let settings = InMemoryStateDeclarationTests.declared
        static let inMemoryState: InMemoryState? = InMemoryState("the orders", unlessSet: "databse")
        @MainActor static func register(in registry: any SceneRegistry) throws {}
    }

    private enum CartPlugin: ScenePlugin {
        static let name = "Cart"
        static let version = "1"
        static let inMemoryState: InMemoryState? = InMemoryState("the cart")
        @MainActor static var registered = false
        @MainActor static func register(in registry: any SceneRegistry) throws { registered = true }
    }

    @Test(
        "the kit refuses a plugin whose in-memory state names no declared setting, and loads one that keeps it always")
    @MainActor
    func kit() throws {
        let error = #expect(throws: SceneTestingError.self) { try SceneTestKit().load(MisspeltPlugin.self) }
        #expect(
            error?.description
                == "plugin 'Misspelt' declares settings the host cannot check: the in-memory state (the orders) is kept unless setting 'databse' is set, but no setting of that name is declared (did you mean 'database'?); name a declared setting in inMemoryState; the host refuses it"
        )
        try SceneTestKit().load(CartPlugin.self)
        #expect(CartPlugin.registered)
    }

    @Test("a plugin declares no in-memory state unless it says so")
    func defaultIsNone() {
        #expect(CartPlugin.inMemoryState == InMemoryState("the cart"))
        #expect(PlainPlugin.inMemoryState == nil)
    }

    private enum PlainPlugin: ScenePlugin {
        static let name = "Plain"
        static let version = "1"
        @MainActor static func register(in registry: any SceneRegistry) throws {}
    }
}
