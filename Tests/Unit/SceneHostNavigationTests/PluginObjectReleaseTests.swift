import Testing
@_spi(SceneHost) import SceneSDK
@testable import SceneHostNavigation
import SceneTestSupport
@testable import SceneHostContainer

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
        weak let router: AnyObject? = try #require(navigator.top?.router as AnyObject?)
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

    @Test("room reserved for a thousand plugins changes nothing of what the container holds")
    func reservedRoom() throws {
        let container = try ProbeScenes.container()
        let before = container.sceneNames
        container.reserveCapacity(plugins: 1000)
        #expect(container.sceneNames == before)
        #expect(before.allSatisfy { container.description(of: $0)?.name == $0 })
    }
}
