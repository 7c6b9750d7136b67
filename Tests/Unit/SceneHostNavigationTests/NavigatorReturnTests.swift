import Testing
@_spi(SceneHost) import SceneSDK
@testable import SceneHostCore
@testable import SceneHostContainer
@testable import SceneHostNavigation
import TestSupport
import SceneTestSupport

/// Leaving scenes: pop, dismiss, back to a named scene, and results handed back.
@MainActor
@Suite("Navigator: going back and results")
struct NavigatorReturnTests {
    private func show(_ scene: String, _ style: NavigationStyle, value: Int? = nil, on navigator: Navigator) throws {
        let payload = try value.map { try ScenePayload(ProbeInput(value: $0)) }
        try navigator.navigate(from: try #require(navigator.top?.context), to: scene, style: style, payload: payload)
    }

    @Test("a scene that returns hands its result to the scene below, without delegates")
    func resultBack() throws {
        let navigator = try ProbeScenes.navigator()
        try show("B", .push, value: 9, on: navigator)
        try navigator.back()
        #expect(navigator.path == "A")
        #expect(navigator.top?.probeValue == 9)
    }

    @Test("a result the scene below does not accept fails the back; nothing changes")
    func resultNotAccepted() throws {
        let navigator = try ProbeScenes.navigator()
        try show("C", .push, on: navigator)
        try show("B", .push, value: 3, on: navigator)
        #expect(
            throws: NavigationError.returnFailed(
                from: "B", to: "C", .unexpectedPayload(scene: "C", contract: .result, payloadType: "ProbeInput"))
        ) {
            try navigator.back()
        }
        #expect(
            ErrorMessage.render(
                NavigationError.returnFailed(
                    from: "B", to: "C", .unexpectedPayload(scene: "C", contract: .result, payloadType: "ProbeInput")))
                == "error: return from 'B' to 'C' failed: scene 'C' accepts no result, but a ProbeInput was handed back; declare it with acceptingResult(_:into:)."
        )
        #expect(navigator.path == "A › C › B")
        #expect(navigator.top?.probeValue == 3)
    }

    @Test("a result of the wrong shape fails the back with the field, expected and given type; nothing changes")
    func resultMismatch() throws {
        let container = try ProbeScenes.container()
        let registry = PluginScopedRegistry(plugin: ProbeScenes.plugin)
        try registry.register(ProbeScenes.definition("D").acceptingResult(WrongProbeInput.self) { _, _ in })
        try registry.commit(into: container)
        let navigator = Navigator(container: container, segues: [])
        try navigator.start(at: "D")
        (navigator.top?.currentDataStore as? any ProbeDataStore)?.value = 8
        try show("B", .push, value: 2, on: navigator)
        do {
            try navigator.back()
            Issue.record("expected an error")
        } catch {
            #expect(
                ErrorMessage.render(error)
                    == "error: return from 'B' to 'D' failed: the value does not fit the result WrongProbeInput that scene 'D' accepts: field 'value': expected String, given Int."
            )
        }
        #expect(navigator.path == "D › B")
        #expect(navigator.layers[0][0].probeValue == 8)
    }

    @Test("back to a named scene pops everything above it and hands it the top's result")
    func backToNamed() throws {
        let navigator = try ProbeScenes.navigator()
        try show("C", .push, on: navigator)
        try show("B", .push, value: 5, on: navigator)
        #expect(
            throws: NavigationError.returnFailed(
                from: "B", to: "C", .unexpectedPayload(scene: "C", contract: .result, payloadType: "ProbeInput"))
        ) {
            try navigator.leave(to: .scene("C"))
        }
        try navigator.leave(to: .scene("A"))
        #expect(navigator.path == "A")
        #expect(navigator.top?.probeValue == 5)
    }

    @Test("back to a scene that is not below is an error")
    func noSceneBelow() throws {
        let navigator = try ProbeScenes.navigator()
        try show("C", .push, on: navigator)
        #expect(throws: NavigationError.noSceneBelow(scene: "C", target: "B", stack: ["A", "C"])) {
            try navigator.leave(to: .scene("B"))
        }
        #expect(throws: NavigationError.noSceneBelow(scene: "C", target: "C", stack: ["A", "C"])) {
            try navigator.leave(to: .scene("C"))
        }
        #expect(navigator.path == "A › C")
    }

    @Test("dismiss removes the whole modal stack and releases every scene in it")
    func dismissWholeModal() throws {
        let navigator = try ProbeScenes.navigator()
        try show("C", .present, on: navigator)
        let modalRoot = WeakPart.all(of: try #require(navigator.top))
        try show("C", .push, on: navigator)
        let modalTop = WeakPart.all(of: try #require(navigator.top))
        try navigator.leave(to: .dismissModal)
        #expect(navigator.path == "A")
        #expect((modalRoot + modalTop).allSatisfy { $0.object == nil })
        #expect(throws: NavigationError.notInModal(scene: "A")) { try navigator.leave(to: .dismissModal) }
    }

    @Test("a router goes back through its scene's navigator; only the top scene may")
    func routerGoesBack() throws {
        let navigator = try ProbeScenes.navigator()
        let below = try #require(navigator.top?.router as? ProbeRouter)
        try show("B", .push, value: 4, on: navigator)
        let top = try #require(navigator.top?.router as? ProbeRouter)
        #expect(throws: NavigationError.notOnTop(scene: "A", top: "B")) { try below.routeBack() }
        try top.routeBack()
        #expect(navigator.path == "A")
        #expect(navigator.top?.probeValue == 4)
        #expect(throws: SceneError.routerNotAttached(router: "ProbeRouter")) { try ProbeRouter().routeBack() }
    }

    @Test("viewWillAppear runs when a scene is shown and again when it is uncovered")
    func viewWillAppear() throws {
        let navigator = try ProbeScenes.navigator()
        let root = try #require(navigator.top?.viewController as? ProbeViewController)
        #expect(root.appearances == 1)
        try show("C", .present, on: navigator)
        try navigator.back()
        #expect(root.appearances == 2)
    }
}
