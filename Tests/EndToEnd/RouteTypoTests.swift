import Foundation
import Testing
import TestSupport

/// A string route misspelt in a router's code (issue 20 item 3): the probe taps the button that
/// takes it and records the destination; `check` reports it with the declared name it is a typo of.
@Suite("a route misspelt in code is reported by check (end to end)")
struct RouteTypoTests {
    @Test("check names the scene, the typo and the declared route, and never advises declaring the typo")
    func check() throws {
        let folder = try TemporaryFolder()
        let config = try folder.write(
            DemoConfig.config(initial: "NoteList", plugins: [("Typo", BuildProducts.library("FixtureRouteTypo"))]),
            to: "scenes.conf")
        let cache = folder.path("probes.cache")
        for _ in 0..<2 {
            // Probed, then from the cache: the same report.
            let result = try HostProcess.run(["check", "--config", config], probeCache: cache)
            #expect(result.status == 4)
            #expect(
                result.stderr == """
                    \(config):3:1: error: scene 'NoteList' (plugin 'Typo') routes to 'NoteEdtior' in its router's code, but its SceneDefinition declares no route to it. Did you mean 'NoteEditor'? Fix the name in the router's route(to:) call (declared: NoteEditor), or write the route once as a Route value.
                    check: 1 problem in \(config)

                    """)
        }
    }
}
