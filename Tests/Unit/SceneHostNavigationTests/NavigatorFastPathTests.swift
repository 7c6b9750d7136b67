import Testing
@_spi(SceneHost) import SceneSDK
@testable import SceneHostContainer
@testable import SceneHostNavigation
import SceneTestSupport

/// B's input with an `encode(to:)` that always fails: it reaches B only when it is not encoded.
struct SealedProbeInput: Codable {
    var value: Int

    func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "sealed"))
    }
}

/// Another plugin's type of the same shape as `ProbeInput`: a different type, a compatible value.
struct ProbeInputCopy: Codable { var value: Int }

/// A class input: B must get an instance of its own, never the router's.
final class ProbeClassInput: Codable {
    var value: Int
    init(value: Int) { self.value = value }
}

/// What B's apply closure was handed.
@MainActor
final class ReceivedInput {
    var input: ProbeClassInput?
}

/// A router passing a value of exactly the destination's declared type hands it over as it is;
/// any other type is encoded and checked as before (docs/decisions.md, "Navigation fast path").
@MainActor
@Suite("Navigator: typed fast path")
struct NavigatorFastPathTests {
    private func router(_ navigator: Navigator) throws -> ProbeRouter {
        try #require(navigator.top?.router as? ProbeRouter)
    }

    /// A over a container whose B accepts `SealedProbeInput`, with the segue A.go -> B.
    private func sealedNavigator() throws -> Navigator {
        let container = SceneContainer()
        let registry = PluginScopedRegistry(plugin: ProbeScenes.plugin)
        try registry.register(ProbeScenes.definition("A"))
        try registry.register(
            ProbeScenes.definition("B").accepting(SealedProbeInput.self) { dataStore, input in
                dataStore?.value = input.value
            })
        try registry.register(ProbeScenes.definition("C", handlesB: false))
        try registry.commit(into: container)
        let navigator = Navigator(container: container, segues: [ProbeScenes.segue(from: "A", id: "go", to: "B")])
        try navigator.start(at: "A")
        return navigator
    }

    @Test("a built scene knows its declared input type, and nothing when it takes none")
    func builtInputType() throws {
        let navigator = try ProbeScenes.navigator()
        #expect(navigator.top?.inputType == nil)
        try navigator.send(.tap(button: "code"))
        #expect(navigator.top?.inputType == ObjectIdentifier(ProbeInput.self))
    }

    @Test("a class value is never handed over: the destination gets its own instance through the checked payload")
    func classTypeCopied() throws {
        let received = ReceivedInput()
        let container = SceneContainer()
        let registry = PluginScopedRegistry(plugin: ProbeScenes.plugin)
        try registry.register(ProbeScenes.definition("A"))
        try registry.register(
            ProbeScenes.definition("B").accepting(ProbeClassInput.self) { dataStore, input in
                received.input = input
                dataStore?.value = input.value
            })
        try registry.register(ProbeScenes.definition("C", handlesB: false))
        try registry.commit(into: container)
        let navigator = Navigator(container: container, segues: [])
        try navigator.start(at: "A")
        let sent = ProbeClassInput(value: 4)
        try router(navigator).outgoing = sent
        try navigator.send(.tap(button: "code"))
        #expect(navigator.path == "A › B")
        #expect(navigator.top?.inputType == nil)
        #expect(navigator.top?.probeValue == 4)
        #expect(received.input != nil && received.input !== sent)
    }

    @Test("a value of exactly the declared type goes across as it is: not even encoded")
    func sameTypeNotEncoded() throws {
        let navigator = try sealedNavigator()
        try router(navigator).outgoing = SealedProbeInput(value: 9)
        try navigator.send(.tap(button: "code"))
        #expect(navigator.path == "A › B")
        #expect(navigator.top?.probeValue == 9)
    }

    @Test("through a segue too, a value of exactly the declared type goes across as it is: not even encoded")
    func segueSameTypeNotEncoded() throws {
        let navigator = try sealedNavigator()
        try router(navigator).outgoing = SealedProbeInput(value: 9)
        try navigator.send(.tap(button: "go"))
        #expect(navigator.path == "A › B")
        #expect(navigator.top?.probeValue == 9)
    }

    @Test(
        "through a segue, a value of another type that cannot be encoded fails the route with its encoding error; nothing changes"
    )
    func segueEncodingErrorFails() throws {
        let navigator = try ProbeScenes.navigator(segues: [ProbeScenes.segue(from: "A", id: "go", to: "B")])
        (navigator.top?.currentDataStore as? any ProbeDataStore)?.value = 5
        try router(navigator).outgoing = SealedProbeInput(value: 9)
        do {
            try navigator.send(.tap(button: "go"))
            Issue.record("expected an error")
        } catch NavigationError.routeFailed(from: "A", to: "B", .payloadNotEncodable(type: "SealedProbeInput", _)) {
        } catch {
            Issue.record("unexpected error \(error)")
        }
        #expect(navigator.path == "A")
        #expect(navigator.top?.probeValue == 5)
    }

    @Test(
        "through a segue, a value of another type that does not fit fails with the checked payload's error; nothing changes"
    )
    func segueMisfitSameError() throws {
        let navigator = try ProbeScenes.navigator(segues: [ProbeScenes.segue(from: "A", id: "go", to: "B")])
        (navigator.top?.currentDataStore as? any ProbeDataStore)?.value = 5
        try router(navigator).outgoing = WrongProbeInput(value: "seven")
        let expected = NavigationError.routeFailed(
            from: "A", to: "B",
            .contractMismatch(
                scene: "B", contract: .input, type: "ProbeInput",
                mismatches: [FieldMismatch(field: "value", expected: "Int", given: "String")]))
        #expect(throws: expected) { try navigator.send(.tap(button: "go")) }
        #expect(navigator.path == "A")
        #expect(navigator.top?.probeValue == 5)
    }

    @Test("through a segue, another type of the same shape is converted, and the scene keeps the value for its record")
    func segueConvertsOtherType() throws {
        let navigator = try ProbeScenes.navigator(segues: [ProbeScenes.segue(from: "A", id: "go", to: "B")])
        try router(navigator).outgoing = ProbeInputCopy(value: 3)
        try navigator.send(.tap(button: "go"))
        #expect(navigator.path == "A › B")
        #expect(navigator.top?.probeValue == 3)
        guard case .value(let kept)? = navigator.top?.keptInput else {
            Issue.record("expected the value to be kept as it is")
            return
        }
        #expect(try ScenePayload(kept) == ScenePayload(ProbeInputCopy(value: 3)))
    }

    @Test("another type of the same shape still goes across as a checked payload")
    func compatibleOtherType() throws {
        let navigator = try ProbeScenes.navigator()
        try router(navigator).outgoing = ProbeInputCopy(value: 3)
        try navigator.send(.tap(button: "code"))
        #expect(navigator.path == "A › B")
        #expect(navigator.top?.probeValue == 3)
    }

    @Test("a value that does not fit fails with the same typed error as before; nothing changes")
    func misfitSameError() throws {
        let navigator = try ProbeScenes.navigator()
        let source = navigator.top
        (source?.currentDataStore as? any ProbeDataStore)?.value = 5
        try router(navigator).outgoing = WrongProbeInput(value: "seven")
        let expected = NavigationError.routeFailed(
            from: "A", to: "B",
            .contractMismatch(
                scene: "B", contract: .input, type: "ProbeInput",
                mismatches: [FieldMismatch(field: "value", expected: "Int", given: "String")]))
        #expect(throws: expected) { try navigator.send(.tap(button: "code")) }
        #expect(navigator.path == "A")
        #expect(navigator.top?.probeValue == 5)
        #expect(navigator.top?.context === source?.context)
    }

    @Test("the fast path checks the route like the slow one: an undeclared destination fails and nothing changes")
    func fastPathChecksRoute() throws {
        let navigator = try ProbeScenes.navigator()
        let context = try #require(navigator.top?.context)
        try navigator.navigate(from: context, to: "C", style: .push, payload: nil)
        #expect(throws: NavigationError.notOnTop(scene: "A", top: "C")) {
            try navigator.navigate(from: context, to: "B", style: .push, passing: ProbeInput(value: 1))
        }
        #expect(navigator.path == "A › C")
    }

    @Test("a segue the source's router keeps does not keep the destination alive after it is popped")
    func keptSegueReleasesDestination() throws {
        let navigator = try ProbeScenes.navigator()
        let source = try router(navigator)
        weak var pushed: AnyObject?
        do {
            try navigator.send(.tap(button: "go"))
            pushed = navigator.top?.interactor
            #expect(source.keptSegue?.destinationDataStore != nil)
            try navigator.back()
        }
        #expect(source.keptSegue != nil)
        #expect(pushed == nil)
        #expect(source.keptSegue?.destinationDataStore == nil)
    }

    @Test("pushing and popping through the fast path releases every part")
    func fastPathReleases() throws {
        let navigator = try ProbeScenes.navigator()
        weak var pushed: AnyObject?
        do {
            try navigator.send(.tap(button: "code"))
            pushed = navigator.top?.interactor
            #expect(navigator.top?.probeValue == 42)
            try navigator.back()
        }
        #expect(pushed == nil)
        #expect(navigator.path == "A")
    }
}
