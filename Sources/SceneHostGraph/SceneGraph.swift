@_spi(SceneHost) import SceneSDK
import SceneHostCore
import SceneHostContainer
import SceneHostConfig

/// The app's navigation graph: every registered scene with what it declares, and every route
/// between scenes, from the config's segues and the routers' declarations, and from each
/// container to its slots' initial scenes (so they are reached, and deep links pass through them).
@MainActor
package struct SceneGraph {
    /// A scene and the plugin that registered it.
    package struct Node: Sendable {
        package let description: SceneDescription
        package let plugin: PluginReference
        package var name: String { description.name }
    }

    package let initial: Located<String>
    /// Sorted by name.
    let nodes: [Node]
    /// Segues in config order, then by scene name each scene's slot edges (in declared order), then
    /// its router routes.
    package let edges: [RouteEdge]
    /// Where each node is in `nodes`: look-ups stay flat with thousands of scenes.
    private let positions: [String: Int]

    package init(config: SceneConfig, container: SceneContainer) {
        initial = config.initial
        nodes = container.sceneNames.compactMap { name in
            guard let description = container.description(of: name), let plugin = container.plugin(registering: name)
            else { return nil }
            return Node(description: description, plugin: plugin)
        }
        var edges: [RouteEdge] = config.segues.map { segue in
            let declared = container.description(of: segue.from.value)?.routes.first {
                $0.destination == segue.to.value
            }
            // A segue passes data only through the source router's handler.
            let handled = declared?.handlerName != nil
            return RouteEdge(
                from: segue.from.value, to: segue.to.value, origin: .segue(segue),
                style: segue.style, payload: handled ? declared?.payload : nil, hasHandler: handled)
        }
        for node in nodes {
            for slot in node.description.slots {
                edges.append(
                    RouteEdge(
                        from: node.name, to: slot.initial,
                        origin: .slot(name: slot.name, kind: slot.kind, plugin: node.plugin),
                        style: nil, payload: nil, hasHandler: false))
            }
            for route in node.description.routes {
                edges.append(
                    RouteEdge(
                        from: node.name, to: route.destination,
                        origin: .router(handler: route.handlerName, plugin: node.plugin),
                        style: route.style, payload: route.payload, hasHandler: route.handlerName != nil,
                        slot: route.slot))
            }
        }
        self.edges = edges
        positions = Dictionary(nodes.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The node named `name`.
    package func node(_ name: String) -> Node? {
        positions[name].map { nodes[$0] }
    }

    /// Scenes no route leads to from the initial scene, sorted.
    package var unreachable: [Node] {
        var reached: Set<String> = [initial.value]
        var queue = [initial.value]
        let leaving = Dictionary(grouping: edges, by: \.from)
        while let scene = queue.popLast() {
            for edge in leaving[scene] ?? [] where !reached.contains(edge.to) {
                reached.insert(edge.to)
                queue.append(edge.to)
            }
        }
        return nodes.filter { !reached.contains($0.name) }
    }
}
