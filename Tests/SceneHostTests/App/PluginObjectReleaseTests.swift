import Testing
@_spi(SceneHost) @testable import SceneHost
@_spi(SceneHost) import SceneSDK

/// A service object a plugin might hand over, to see whether it was freed.
@MainActor
final class ReleasedService {}

/// `run` and `list` end without freeing the host's tables, but first free what the plugins made,
/// so plugin `deinit`s still run (docs/decisions.md, "Warm start, round 4").
@MainActor
@Suite("Releasing plugin objects before a quick exit")
struct PluginObjectReleaseTests {
    @Test("the scenes on screen, part factories and services are freed; descriptions stay")
    func freesPluginObjects() throws {
        let container = try ProbeScenes.container()
        weak var service: ReleasedService?
        do {
            let shared = ReleasedService()
            service = shared
            container.register(ReleasedService.self) { _ in shared }
        }
        let navigator = Navigator(container: container, segues: [])
        try navigator.start(at: "A")
        weak let router: AnyObject? = try #require(navigator.top?.parts.router as AnyObject?)
        #expect(service != nil && router != nil)
        navigator.closeAll()
        container.releasePluginObjects()
        #expect(service == nil)
        #expect(router == nil)
        #expect(navigator.path == "")
        #expect(container.description(of: "A") != nil)
        #expect(throws: (any Error).self) { try container.resolve(ReleasedService.self) }
        #expect(try container.blueprint(named: "A") == nil)
    }

    @Test("the graph's scenes come sorted by name, each with its own description and plugin, after room was reserved")
    func registeredScenes() throws {
        let container = try ProbeScenes.container()
        container.reserveCapacity(plugins: 1000)
        let scenes = container.registeredScenes
        #expect(scenes.map(\.description.name) == container.sceneNames)
        #expect(scenes.map(\.description.name) == ["A", "B", "C"])
        for scene in scenes {
            #expect(scene.plugin.path == container.plugin(registering: scene.description.name)?.path)
        }
    }
}
