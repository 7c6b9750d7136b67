import SceneHostCommandLine
import ArgumentParser
import SceneHostGraph
import SceneHost

extension GraphRenderer.Format: ExpressibleByArgument {}

/// `scene-host graph`: the navigation graph as DOT or Mermaid source.
struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print the navigation graph as Graphviz DOT or Mermaid source (e.g. | dot -Tsvg > graph.svg)."
    )

    @OptionGroup var options: HostOptions

    @Option(name: .long, help: "dot or mermaid.")
    var format: GraphRenderer.Format = .dot

    func run() throws {
        try MainActor.assumeIsolated {
            let loaded = try options.loadGraph()
            StandardStreams.out(GraphRenderer.render(loaded.graph, format: format))
        }
    }
}
