import Testing
@_spi(SceneHost) import SceneSDK
@testable import SceneHostCore
@testable import SceneHostContainer
@testable import SceneHostNavigation
import TestSupport
import SceneTestSupport

@MainActor
@Suite("Navigator")
struct NavigatorTests {
    private func router(_ navigator: Navigator) throws -> ProbeRouter {
        try #require(navigator.top?.router as? ProbeRouter)
    }

    @Test("start shows the initial scene and calls viewDidLoad once")
    func start() throws {
        let navigator = try ProbeScenes.navigator()
        #expect(navigator.path == "A")
        let vc = try #require(navigator.top?.viewController as? ProbeViewController)
        #expect(vc.loads == 1)
    }

    @Test("push passes the input into the destination's DataStore")
    func push() throws {
        let navigator = try ProbeScenes.navigator()
        let context = try #require(navigator.top?.context)
        try navigator.navigate(from: context, to: "B", style: .push, payload: ScenePayload(ProbeInput(value: 7)))
        #expect(navigator.path == "A › B")
        #expect(navigator.top?.probeValue == 7)
        #expect(try navigator.screen().element(id: "value") == .label(id: "value", text: "7"))
    }

    @Test("present starts a modal stack; back on its root dismisses it")
    func presentAndDismiss() throws {
        let navigator = try ProbeScenes.navigator()
        try navigator.navigate(from: try #require(navigator.top?.context), to: "C", style: .present, payload: nil)
        try navigator.navigate(from: try #require(navigator.top?.context), to: "A", style: .push, payload: nil)
        #expect(navigator.path == "A › C › A (modal)")
        #expect(navigator.layers.count == 2)
        try navigator.back()
        #expect(navigator.path == "A › C (modal)")
        try navigator.back()
        #expect(navigator.path == "A")
    }

    @Test("replace releases everything and shows a new root")
    func replace() throws {
        let navigator = try ProbeScenes.navigator()
        try navigator.navigate(from: try #require(navigator.top?.context), to: "C", style: .push, payload: nil)
        try navigator.navigate(from: try #require(navigator.top?.context), to: "A", style: .replace, payload: nil)
        #expect(navigator.path == "A")
        #expect(navigator.layers.map(\.count) == [1])
    }

    @Test("a segue finds the source router's routeTo<Destination> handler by name and passes its data")
    func segueByName() throws {
        let navigator = try ProbeScenes.navigator()
        try navigator.send(.tap(button: "go"))
        #expect(navigator.path == "A › B")
        #expect(navigator.top?.probeValue == 42)
    }

    @Test("inside one plugin a segue handler passes data typed, through the segue's destination DataStore")
    func typedPassingInsidePlugin() throws {
        let navigator = try ProbeScenes.navigator(segues: [ProbeScenes.segue(from: "A", id: "go", to: "C")])
        (navigator.top?.currentDataStore as? any ProbeDataStore)?.value = 41
        try navigator.send(.tap(button: "go"))
        #expect(navigator.path == "A › C")
        #expect(navigator.top?.probeValue == 42)
    }

    @Test("a programmatic route from the router passes its data")
    func programmaticRoute() throws {
        let navigator = try ProbeScenes.navigator()
        try navigator.send(.tap(button: "code"))
        #expect(navigator.path == "A › B")
        #expect(navigator.top?.probeValue == 42)
    }

    @Test("a segue without a handler navigates when the destination needs no input")
    func segueWithoutHandler() throws {
        let navigator = try ProbeScenes.navigator(segues: [
            ProbeScenes.segue(from: "A", id: "go", to: "C", style: .present)
        ])
        try navigator.send(.tap(button: "go"))
        #expect(navigator.path == "A › C (modal)")
    }

    @Test("a segue without a handler to a scene that needs input fails, naming the input; nothing changes")
    func segueWithoutHandlerNeedsInput() throws {
        let navigator = try ProbeScenes.navigator(segues: [ProbeScenes.segue(from: "C", id: "go", to: "B")])
        try navigator.navigate(from: try #require(navigator.top?.context), to: "C", style: .push, payload: nil)
        #expect(
            throws: NavigationError.routeFailed(from: "C", to: "B", .missingInput(scene: "B", inputType: "ProbeInput"))
        ) {
            try navigator.send(.tap(button: "go"))
        }
        #expect(navigator.path == "A › C")
    }

    @Test("a route to an unknown scene fails, naming it and the registered ones; nothing changes")
    func unknownScene() throws {
        let navigator = try ProbeScenes.navigator()
        let before = navigator.path
        #expect(throws: ContainerError.unknownScene(scene: "Z", requestedBy: "A", registered: ["A", "B", "C"])) {
            try navigator.navigate(from: try #require(navigator.top?.context), to: "Z", style: .push, payload: nil)
        }
        #expect(navigator.path == before)
    }

    @Test("a router may only navigate to scenes it declared routes to")
    func undeclaredRoute() throws {
        let navigator = try ProbeScenes.navigator()
        do {
            try navigator.navigate(from: try #require(navigator.top?.context), to: "Q", style: .push, payload: nil)
            Issue.record("expected an error")
        } catch {
            #expect(
                ErrorMessage.render(error)
                    == "error: route from 'A' to 'Q' failed: its router did not declare this route (it declares: A, B, C, Z). Declare it in the scene's SceneDefinition with .route(to:) so 'scene-host check' can see it."
            )
        }
        #expect(navigator.path == "A")
    }

    @Test("a mistyped field fails the route; the stack and the source DataStore stay as they were")
    func mistypedInput() throws {
        let navigator = try ProbeScenes.navigator()
        let source = navigator.top
        (source?.currentDataStore as? any ProbeDataStore)?.value = 5
        try router(navigator).outgoing = WrongProbeInput(value: "seven")
        #expect(throws: NavigationError.self) { try navigator.send(.tap(button: "go")) }
        #expect(navigator.path == "A")
        #expect(navigator.top?.probeValue == 5)
        #expect(navigator.top?.context === source?.context)
    }

    @Test("a missing field names the field")
    func missingField() throws {
        let navigator = try ProbeScenes.navigator()
        try router(navigator).outgoing = NoValueInput(other: 1)
        do {
            try navigator.send(.tap(button: "code"))
            Issue.record("expected an error")
        } catch {
            #expect(
                ErrorMessage.render(error)
                    == "error: route from 'A' to 'B' failed: the value does not fit the input ProbeInput of scene 'B': field 'value' is missing (expected Int); field 'other' (Int) is not part of it."
            )
        }
        #expect(navigator.path == "A")
    }

    @Test("input passed to a scene without a declared input is refused")
    func unexpectedInput() throws {
        let navigator = try ProbeScenes.navigator()
        #expect(
            throws: NavigationError.routeFailed(
                from: "A", to: "C", .unexpectedPayload(scene: "C", contract: .input, payloadType: "ProbeInput"))
        ) {
            try navigator.navigate(
                from: try #require(navigator.top?.context), to: "C", style: .push,
                payload: ScenePayload(ProbeInput(value: 1)))
        }
        #expect(navigator.path == "A")
    }

    @Test("a scene below the top cannot navigate")
    func notOnTop() throws {
        let navigator = try ProbeScenes.navigator()
        let below = try #require(navigator.top?.context)
        try navigator.navigate(from: below, to: "C", style: .push, payload: nil)
        #expect(throws: NavigationError.notOnTop(scene: "A", top: "C")) {
            try navigator.navigate(from: below, to: "C", style: .push, payload: nil)
        }
        #expect(navigator.path == "A › C")
    }

    @Test("back on the root scene is an error and changes nothing")
    func backOnRoot() throws {
        let navigator = try ProbeScenes.navigator()
        #expect(throws: NavigationError.cannotGoBack(scene: "A")) { try navigator.back() }
        #expect(navigator.path == "A")
    }

    @Test("events must name an element of the right kind on the screen")
    func eventValidation() throws {
        let navigator = try ProbeScenes.navigator()
        #expect(
            throws: NavigationError.noSuchElement(scene: "A", id: "nope", kind: "button", available: ["go", "code"])
        ) {
            try navigator.send(.tap(button: "nope"))
        }
        #expect(throws: NavigationError.noSuchElement(scene: "A", id: "go", kind: "text field", available: ["name"])) {
            try navigator.send(.edit(field: "go", text: "x"))
        }
        #expect(throws: NavigationError.rowOutOfRange(scene: "A", list: "rows", row: 2, count: 2)) {
            try navigator.send(.select(list: "rows", row: 2))
        }
    }

    @Test("after pop and dismiss the scene's four parts are released")
    func leaks() throws {
        let navigator = try ProbeScenes.navigator()
        for style in [NavigationStyle.push, .present] {
            let parts = try weakParts(afterShowing: "C", style: style, on: navigator)
            #expect(parts.allSatisfy { $0.object != nil })
            try navigator.back()
            #expect(parts.allSatisfy { $0.object == nil }, "\(style): \(parts.filter { $0.object != nil }.map(\.name))")
        }
    }

    private func weakParts(
        afterShowing scene: String, style: NavigationStyle, on navigator: Navigator
    ) throws -> [WeakPart] {
        try navigator.navigate(from: try #require(navigator.top?.context), to: scene, style: style, payload: nil)
        return WeakPart.all(of: try #require(navigator.top))
    }
}

/// A router routing to a misspelt name is told to fix the name, not to declare the typo.
@MainActor
@Suite("Navigator: misspelt routes")
struct NavigatorMisspeltRouteTests {
    @Test("a name close to a declared route gets 'did you mean', and the navigation does not happen")
    func closeToDeclared() throws {
        let navigator = try ProbeScenes.navigator()
        do {
            try navigator.navigate(from: try #require(navigator.top?.context), to: "Zz", style: .push, payload: nil)
            Issue.record("expected an error")
        } catch {
            #expect(
                ErrorMessage.render(error)
                    == "error: route from 'A' to 'Zz' failed: its router did not declare this route (it declares: A, B, C, Z). Did you mean 'Z'? Fix the name in the router's route(to:) call."
            )
        }
        #expect(navigator.path == "A")
    }
}
