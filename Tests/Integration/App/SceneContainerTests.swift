import Testing
@_spi(SceneHost) @testable import SceneHost
@_spi(SceneHost) import SceneSDK
@testable import SceneHostCore
@testable import SceneHostContainer
@testable import SceneHostNavigation
@testable import SceneHost
import HostTestSupport
import SceneTestSupport

@MainActor
@Suite("SceneContainer")
struct SceneContainerTests {
    protocol Greeter { func greet() -> String }
    struct English: Greeter { func greet() -> String { "hello" } }
    struct French: Greeter { func greet() -> String { "bonjour" } }

    @Test("services resolve by type; a later registration swaps the implementation")
    func services() throws {
        let container = SceneContainer()
        container.register((any Greeter).self) { _ in English() }
        #expect(try container.resolve((any Greeter).self).greet() == "hello")
        container.register((any Greeter).self) { _ in French() }
        #expect(try container.resolve((any Greeter).self).greet() == "bonjour")
    }

    @Test(
        "every container has the host's clock, the system's or the pinned one; it is not counted as a plugin's service")
    func hostClock() throws {
        #expect(try !SceneContainer().resolve(SceneClock.self).isPinned)
        let pinned = SceneContainer(clock: .pinned(atMillisecondsSince1970: 5))
        #expect(try pinned.resolve(SceneClock.self).millisecondsSince1970 == 5)
        #expect(pinned.serviceCount == 0)
    }

    @Test("resolving an unregistered service names it and what is registered")
    func unregisteredService() {
        let container = SceneContainer()
        container.register(Int.self) { _ in 1 }
        #expect(throws: SceneError.serviceNotRegistered(service: "String", registered: ["Int", "SceneClock"])) {
            try container.resolve(String.self)
        }
        #expect(
            ErrorMessage.render(SceneError.serviceNotRegistered(service: "String", registered: ["Int"]))
                == "error: no service of type String is registered (registered: Int); register it with registry.register(String.self) { ... }"
        )
    }

    @Test("a part of the wrong type is a wiring error naming the scene, the part and the property")
    func wiringMismatch() throws {
        let container = try ProbeScenes.container()
        container.replacePart(.interactor, of: "C") { _ in StrayInteractor() }
        let navigator = Navigator(container: container, segues: [])
        do {
            try navigator.start(at: "C")
            Issue.record("expected an error")
        } catch {
            #expect(
                ErrorMessage.render(error)
                    == "probe.conf:3:1: error: scene 'C' (plugin 'ProbePlugin') cannot be wired: in scene 'C', the Interactor StrayInteractor cannot be used as factory result, which expects ProbeInteractor."
            )
        }
        #expect(navigator.layers.isEmpty)
        #expect(WiringCheck.problems(container: container).count == 1)
    }

    @Test(
        "a scene is built by its own factories until a part is replaced; then every build uses the container's factories"
    )
    func typedBuildAndReplacedParts() throws {
        let container = try ProbeScenes.container()
        let navigator = Navigator(container: container, segues: [])
        try navigator.start(at: "C")
        #expect(navigator.top?.interactor is ProbeInteractor)
        #expect(navigator.top?.presenter is ProbePresenter)

        var made: [ProbeInteractor] = []
        container.replacePart(.interactor, of: "C") { _ in
            let interactor = ProbeInteractor()
            made.append(interactor)
            return interactor
        }
        try navigator.start(at: "C")
        try navigator.start(at: "C")
        #expect(made.count == 2)
        #expect(navigator.top?.interactor === made.last)
        // The other three parts still come from the scene's own factories, through the container.
        #expect(navigator.top?.viewController is ProbeViewController)
        #expect((navigator.top?.viewController as? ProbeViewController)?.interactor === navigator.top?.interactor)
    }

    @Test("a plugin that registers the same scene twice is refused")
    func duplicateInOnePlugin() throws {
        let registry = PluginScopedRegistry(plugin: ProbeScenes.plugin)
        try registry.register(ProbeScenes.definition("A"))
        #expect(throws: ContainerError.sceneRegisteredTwice(scene: "A", plugin: ProbeScenes.plugin)) {
            try registry.register(ProbeScenes.definition("A"))
        }
    }

    @Test(
        "a plugin known by description whose scene name is taken adds none of its scenes; the first plugin keeps the name"
    )
    func pendingDuplicateAddsNothing() throws {
        func metadata(_ name: String, scenes: [String]) -> PluginMetadata {
            PluginMetadata(
                name: name, version: "1", sdkVersion: SemanticVersion(major: 1, minor: 0, patch: 0), sdkFingerprint: "",
                swiftVersion: "6.3.1",
                scenes: scenes.map {
                    SceneDescription(name: $0, input: nil, acceptedResult: nil, returnedResult: nil, routes: [])
                })
        }
        let first = PluginReference(
            name: "First", path: "/plugins/libFirst.so", location: SourceLocation(file: "app.conf", line: 1, column: 1))
        let second = PluginReference(
            name: "Second", path: "/plugins/libSecond.so",
            location: SourceLocation(file: "app.conf", line: 4, column: 1))
        let container = SceneContainer()
        try container.addPending(metadata("First", scenes: ["Shared"]), from: first) {}
        #expect(throws: ContainerError.duplicateScene(scene: "Shared", first: first, second: second)) {
            try container.addPending(metadata("Second", scenes: ["Alpha", "Beta", "Shared", "Zeta"]), from: second) {}
        }
        #expect(container.sceneNames == ["Shared"])
        #expect(container.plugin(registering: "Shared") == first)
        #expect(container.description(of: "Shared")?.name == "Shared")

        // The same name twice in one plugin's description: refused, nothing added.
        #expect(throws: ContainerError.self) {
            try container.addPending(metadata("Third", scenes: ["Gamma", "Gamma"]), from: second) {}
        }
        #expect(container.sceneNames == ["Shared"])
    }
}
