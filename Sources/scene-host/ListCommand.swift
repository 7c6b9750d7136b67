import SceneHostCommandLine
import ArgumentParser
import SceneHostGraph
import SceneHost
import SceneHostContainer

/// `scene-host list`: what the config loads, what each scene declares, every route.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List plugins (path, version), scenes (inputs, results) and routes."
    )

    @OptionGroup var options: HostOptions

    func run() throws {
        try MainActor.assumeIsolated {
            let loaded = try options.loadGraph()
            StandardStreams.out(GraphListing.render(loaded.graph, plugins: loaded.plugins))
            loaded.container.releasePluginObjects()
            withExtendedLifetime(loaded) { StandardStreams.succeed() }
        }
    }
}
