@_spi(SceneHost) import SceneSDK
import SceneHostCore
import SceneHostConfig

/// Checks the navigation graph before anything runs: scene names, inputs against what routes
/// pass, results against what scenes accept, containers' slots, and reachability.
@MainActor
package enum GraphChecker {
    /// Every error, in order: initial scene, segues, router routes, containers, then links.
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
        // A slot's edge is checked with its container (`containerProblems`): it passes nothing.
        for edge in graph.edges where !edge.isSlot {
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
                case .slot:
                    break
                }
                continue
            }
            problems += inputProblems(edge, destination: destination.description)
            problems += resultProblems(edge, source: source.description, destination: destination.description)
        }
        return problems + containerProblems(in: graph, registered: registered) + LinkCheck.problems(in: graph)
    }

    /// Each container's problems, containers in name order (its slots' names, a slot declared
    /// twice, tabs mixed with panes, each slot's initial scene), then routes into slots no
    /// container declares, then cycles of containers.
    static func containerProblems(in graph: SceneGraph, registered: [String]) -> [SceneGraphError] {
        var problems: [SceneGraphError] = []
        let containers = graph.nodes.filter { !$0.description.slots.isEmpty }
        for node in containers {
            let slots = node.description.slots
            for slot in slots {
                if let problem = SlotNameProblem(slot.name) {
                    problems.append(
                        .slotNameInvalid(
                            node.plugin, container: node.name, slot: slot.name, kind: slot.kind, title: slot.title,
                            problem))
                }
            }
            var counts: [String: Int] = [:]
            for slot in slots { counts[slot.name, default: 0] += 1 }
            var reported: Set<String> = []
            for slot in slots where (counts[slot.name] ?? 0) > 1 && reported.insert(slot.name).inserted {
                problems.append(
                    .slotDeclaredTwice(
                        node.plugin, container: node.name, slot: slot.name, count: counts[slot.name] ?? 0))
            }
            let tabs = slots.filter { $0.kind == .tab }.map(\.name)
            let panes = slots.filter { $0.kind == .pane }.map(\.name)
            if !tabs.isEmpty, !panes.isEmpty {
                problems.append(.slotKindsMixed(node.plugin, container: node.name, tabs: tabs, panes: panes))
            }
            for slot in slots {
                guard let initial = graph.node(slot.initial) else {
                    problems.append(
                        .slotInitialUnknown(
                            node.plugin, container: node.name, slot: slot.name, kind: slot.kind, initial: slot.initial,
                            registered: registered))
                    continue
                }
                if let input = initial.description.input {
                    problems.append(
                        .slotInitialNeedsInput(
                            node.plugin, container: node.name, slot: slot.name, kind: slot.kind, initial: slot.initial,
                            input: input.typeName))
                }
            }
        }
        let declared = Array(Set(containers.flatMap { $0.description.slots.map(\.name) })).sorted()
        let known = Set(declared)
        // An app without containers shows a route into a slot on the source's own stack (a split
        // view collapsed into one): the same plugins serve an app with a split and one without.
        for node in graph.nodes where !declared.isEmpty {
            for route in node.description.routes {
                guard let slot = route.slot, !known.contains(slot) else { continue }
                problems.append(
                    .routeSlotUnknown(
                        node.plugin, from: node.name, to: route.destination, slot: slot, declared: declared))
            }
        }
        return problems + containerCycles(in: graph)
    }

    /// Cycles of containers through their slots' initial scenes, each once (starting at its
    /// container first in name order), found depth first from the containers in name order.
    private static func containerCycles(in graph: SceneGraph) -> [SceneGraphError] {
        // false: on the current path; true: every path from it explored.
        var explored: [String: Bool] = [:]
        var path: [ContainerCycleStep] = []
        var cycles: [SceneGraphError] = []
        var seen: Set<[String]> = []
        func visit(_ node: SceneGraph.Node) {
            explored[node.name] = false
            for slot in node.description.slots {
                guard let next = graph.node(slot.initial), !next.description.slots.isEmpty else { continue }
                path.append(ContainerCycleStep(container: node.name, slot: slot.name, kind: slot.kind))
                switch explored[next.name] {
                case .none:
                    visit(next)
                case .some(false):
                    let start = path.lastIndex { $0.container == next.name } ?? 0
                    let cycle = Array(path[start...])
                    let least =
                        cycle.indices.min { cycle[$0].container < cycle[$1].container } ?? cycle.startIndex
                    let rotated = Array(cycle[least...] + cycle[..<least])
                    if seen.insert(rotated.flatMap { [$0.container, $0.slot] }).inserted,
                        let first = graph.node(rotated[0].container)
                    {
                        cycles.append(.containerCycle(first.plugin, cycle: rotated))
                    }
                case .some(true):
                    break
                }
                path.removeLast()
            }
            explored[node.name] = true
        }
        for node in graph.nodes where !node.description.slots.isEmpty && explored[node.name] == nil { visit(node) }
        return cycles
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
            // A container's slots are built with it, not routed to: their results are not its to take.
            let destinations = (leaving[node.name] ?? []).filter { !$0.isSlot }.map(\.to)
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
