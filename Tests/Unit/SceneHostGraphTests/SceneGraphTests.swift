import Testing
@_spi(SceneHost) import SceneSDK
@testable import SceneHostCore
@testable import SceneHostContainer
@testable import SceneHostConfig
@testable import SceneHostGraph
import SceneTestSupport

/// The graph built from descriptions: edges from segues and routers, reachability.
@MainActor
@Suite("SceneGraph")
struct SceneGraphTests {
    private func graph(initial: String, segues: [SegueDeclaration] = []) throws -> SceneGraph {
        let location = SourceLocation(file: "probe.conf", line: 1, column: 11)
        let config = SceneConfig(
            file: "probe.conf", baseDirectory: "/", initial: Located(value: initial, location: location), plugins: [],
            segues: segues)
        return SceneGraph(config: config, container: try ProbeScenes.container())
    }

    @Test("segues come first, then every declared route; a segue passes data only through a handler")
    func edges() throws {
        let graph = try graph(
            initial: "A",
            segues: [ProbeScenes.segue(from: "A", id: "go", to: "B"), ProbeScenes.segue(from: "C", id: "go", to: "B")])
        #expect(graph.edges.prefix(2).map(\.label) == ["go", "go"])
        #expect(graph.edges[0].payload?.typeName == "ProbeInput")
        #expect(graph.edges[0].hasHandler)
        #expect(graph.edges[1].payload == nil)
        #expect(!graph.edges[1].hasHandler)
        #expect(graph.edges.dropFirst(2).filter { $0.from == "A" }.map(\.to) == ["A", "C", "Z", "B"])
    }

    @Test("scenes no route reaches from the initial scene are unreachable")
    func unreachable() throws {
        let container = try ProbeScenes.container()
        let registry = PluginScopedRegistry(plugin: ProbeScenes.plugin)
        try registry.register(
            SceneDefinition(
                "Island", viewController: ProbeViewController.init, interactor: { _ in ProbeInteractor() },
                presenter: ProbePresenter.init, router: ProbeRouter.init))
        try registry.commit(into: container)
        let location = SourceLocation(file: "probe.conf", line: 1, column: 11)
        let config = SceneConfig(
            file: "probe.conf", baseDirectory: "/", initial: Located(value: "A", location: location), plugins: [],
            segues: [])
        let graph = SceneGraph(config: config, container: container)
        #expect(graph.unreachable.map(\.name) == ["Island"])
        #expect(
            GraphChecker.warnings(in: graph) == [
                .unreachable(scene: "Island", plugin: ProbeScenes.plugin, initial: "A")
            ])
    }
}

/// `check` warns about a result a scene accepts that none of its destinations hands back.
@MainActor
@Suite("GraphChecker: results never returned")
struct ResultNeverReturnedTests {
    @Test("a scene accepting a result no destination returns is warned about; one whose destination returns it is not")
    func warning() throws {
        let container = try ProbeScenes.container()
        let registry = PluginScopedRegistry(plugin: ProbeScenes.plugin)
        try registry.register(
            SceneDefinition(
                "Waiting", viewController: ProbeViewController.init, interactor: { _ in ProbeInteractor() },
                presenter: ProbePresenter.init, router: ProbeRouter.init
            )
            .route(to: "C").acceptingResult(ProbeInput.self) { dataStore, result in dataStore?.value = result.value })
        try registry.commit(into: container)
        let location = SourceLocation(file: "probe.conf", line: 1, column: 11)
        let config = SceneConfig(
            file: "probe.conf", baseDirectory: "/", initial: Located(value: "A", location: location), plugins: [],
            segues: [ProbeScenes.segue(from: "A", id: "wait", to: "Waiting")])
        let graph = SceneGraph(config: config, container: container)
        // A accepts B's result and routes to B, which returns it: no warning for A.
        #expect(
            GraphChecker.warnings(in: graph) == [
                .resultNeverReturned(
                    scene: "Waiting", plugin: ProbeScenes.plugin, result: "ProbeInput", destinations: ["C"])
            ])
    }
}
