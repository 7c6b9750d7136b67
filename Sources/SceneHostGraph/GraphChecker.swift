@_spi(SceneHost) import SceneSDK
import SceneHostCore
import SceneHostConfig

/// Checks the navigation graph before anything runs: scene names, inputs against what routes
/// pass, results against what scenes accept, and reachability.
@MainActor
package enum GraphChecker {
    /// Every error, in order: initial scene, segues, then router routes.
    package static func problems(in graph: SceneGraph) -> [SceneGraphError] {
        let registered = graph.nodes.map(\.name)
        var problems: [SceneGraphError] = []
        if let initial = graph.node(graph.initial.value) {
            if let input = initial.description.input {
                problems.append(.initialNeedsInput(graph.initial.location, scene: initial.name, input: input.typeName))
            }
        } else {
            problems.append(
                .unknownInitialScene(graph.initial.location, scene: graph.initial.value, registered: registered))
        }
        for edge in graph.edges {
            guard let source = graph.node(edge.from) else {
                if case .segue(let segue) = edge.origin {
                    problems.append(
                        .unknownSegueScene(
                            segue.from.location, scene: edge.from, field: "from", segue: segue.id,
                            registered: registered))
                }
                continue
            }
            guard let destination = graph.node(edge.to) else {
                switch edge.origin {
                case .segue(let segue):
                    problems.append(
                        .unknownSegueScene(
                            segue.to.location, scene: edge.to, field: "to", segue: segue.id, registered: registered))
                case .router(_, let plugin):
                    problems.append(.unknownRouteScene(plugin, from: edge.from, to: edge.to, registered: registered))
                }
                continue
            }
            problems += inputProblems(edge, destination: destination.description)
            problems += resultProblems(edge, source: source.description, destination: destination.description)
        }
        return problems + LinkCheck.problems(in: graph)
    }

    /// Scenes that no route reaches from the initial scene, and results no scene hands back.
    package static func warnings(in graph: SceneGraph) -> [HostWarning] {
        var warnings = resultWarnings(in: graph)
        guard graph.node(graph.initial.value) != nil else { return warnings }
        warnings =
            graph.unreachable.map { .unreachable(scene: $0.name, plugin: $0.plugin, initial: graph.initial.value) }
            + warnings
        return warnings + LinkCheck.warnings(in: graph)
    }

    /// Scenes that accept a result no destination of theirs returns: the acceptor would never run.
    /// A scene routing to an unknown scene is left out (that scene might return one; it is an error already).
    private static func resultWarnings(in graph: SceneGraph) -> [HostWarning] {
        // Grouped once: with thousands of scenes, filtering every edge per scene was quadratic.
        let leaving = Dictionary(grouping: graph.edges, by: \.from)
        return graph.nodes.compactMap { node in
            guard let accepted = node.description.acceptedResult else { return nil }
            let destinations = (leaving[node.name] ?? []).map(\.to)
            var seen = Set<String>()
            let unique = destinations.filter { seen.insert($0).inserted }
            let known = unique.compactMap { graph.node($0) }
            guard known.count == unique.count, !known.contains(where: { $0.description.returnedResult != nil }) else {
                return nil
            }
            return .resultNeverReturned(
                scene: node.name, plugin: node.plugin, result: accepted.typeName, destinations: unique)
        }
    }

    private static func inputProblems(_ edge: RouteEdge, destination: SceneDescription) -> [SceneGraphError] {
        switch (destination.input, edge.payload) {
        case (nil, nil):
            return []
        case (nil, let payload?):
            return [.routeUnexpectedInput(edge, payload: payload.typeName)]
        case (let input?, nil):
            let reason =
                edge.hasHandler || !edge.isSegue
                ? "the route passes nothing; declare what it passes with .route(to: \"\(edge.to)\", passing: ...)"
                : "the router of '\(edge.from)' has no handler \(RouteHandlerName.forDestination(edge.to)) to pass it"
            return [.routeMissingInput(edge, input: input.typeName, reason: reason)]
        case (let input?, let payload?):
            let mismatches = input.schema.mismatches(forType: payload.schema)
            return mismatches.isEmpty
                ? []
                : [.routeInputMismatch(edge, input: input.typeName, payload: payload.typeName, mismatches: mismatches)]
        }
    }

    private static func resultProblems(
        _ edge: RouteEdge, source: SceneDescription, destination: SceneDescription
    ) -> [SceneGraphError] {
        guard let returned = destination.returnedResult else { return [] }
        guard let accepted = source.acceptedResult else {
            return [.routeResultNotAccepted(edge, result: returned.typeName)]
        }
        let mismatches = accepted.schema.mismatches(forType: returned.schema)
        return mismatches.isEmpty
            ? []
            : [
                .routeResultMismatch(
                    edge, result: returned.typeName, accepted: accepted.typeName, mismatches: mismatches)
            ]
    }
}
