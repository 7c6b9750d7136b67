import Testing
@_spi(SceneHost) import SceneSDK
@testable import SceneHostContainer
@testable import SceneHostNavigation
import TestSupport
import SceneTestSupport

/// A route declared with a `Route` value carries its style (issue 35, 2.5): the navigator shows the
/// destination so when the router takes it in code, and refuses another style, as it refuses an
/// undeclared destination.
@MainActor
@Suite("Navigator: a route's declared style")
struct RouteStyleNavigationTests {
    /// A over B, A's route to B declared as `Route("B", style: .present)`; C declared by name.
    private func navigator() throws -> Navigator {
        let container = SceneContainer()
        let registry = PluginScopedRegistry(plugin: ProbeScenes.plugin)
        try registry.register(
            ProbeScenes.definition("A").route(Route<ProbeInput>("B", style: .present), handler: ProbeRouter.routeToB))
        try registry.register(ProbeScenes.definition("B", accepting: true))
        try registry.register(ProbeScenes.definition("C", handlesB: false))
        try registry.commit(into: container)
        let navigator = Navigator(container: container, segues: [])
        try navigator.start(at: "A")
        return navigator
    }

    @Test("another style than the declared one is refused, naming the route and both styles, and nothing changes")
    func refused() throws {
        let navigator = try navigator()
        let context = try #require(navigator.top?.context)
        #expect(throws: NavigationError.routeStyleMismatch(from: "A", to: "B", declared: .present, requested: .push)) {
            try navigator.navigate(from: context, to: "B", style: .push, payload: ScenePayload(ProbeInput(value: 1)))
        }
        #expect(navigator.path == "A")
    }

    @Test("the declared style navigates; a route declared by name takes any style")
    func declared() throws {
        let navigator = try navigator()
        try navigator.navigate(
            from: try #require(navigator.top?.context), to: "B", style: .present,
            payload: ScenePayload(ProbeInput(value: 1)))
        #expect(navigator.path == "A › B (modal)")
        try navigator.navigate(from: try #require(navigator.top?.context), to: "C", style: .present, payload: nil)
        #expect(navigator.layers.count == 3)
    }

    @Test("the scene's description carries the style for list, graph and the probe cache; a route by name has none")
    func described() throws {
        let container = SceneContainer()
        let registry = PluginScopedRegistry(plugin: ProbeScenes.plugin)
        try registry.register(
            ProbeScenes.definition("A").route(Route<ProbeInput>("B", style: .present)).route(
                Route<Void>("Z", style: .replace)))
        try registry.commit(into: container)
        let routes = try #require(container.description(of: "A")?.routes)
        #expect(routes.first { $0.destination == "B" }?.style == .present)
        #expect(routes.first { $0.destination == "Z" }?.style == .replace)
        #expect(routes.first { $0.destination == "A" }?.style == nil)
    }
}
