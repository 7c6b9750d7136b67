@_spi(SceneHost) import SceneSDK
import SceneHostNavigation
import SceneHostConfig

/// The stack a deep link builds: the shortest path of declared routes (segues and router routes)
/// from the initial scene to the linked scene, through scenes that take no input.
@MainActor
enum LinkPath {
    package enum Outcome: Equatable {
        case found([LinkOpening.Step])
        case unreachable
        /// Reachable only through `scene`, which needs `input`.
        case blocked(scene: String, input: String)
    }

    /// Breadth first from the initial scene; the first declared edge between two scenes gives the
    /// step's style (a segue's style, else push). Scenes that need an input are not passed through.
    ///
    /// A container's edge to a slot's initial scene (`RouteEdge.Origin.slot`) is passed through
    /// like a route, its step given `.push`: `LinkOpening.Step` has no way yet to say "select this
    /// slot of the container" (the navigator builds a container's slots when it shows it).
    package static func find(to target: String, in graph: SceneGraph) -> Outcome {
        let initial = graph.initial.value
        guard graph.node(initial) != nil else { return .unreachable }
        if target == initial { return .found([LinkOpening.Step(scene: initial, style: .replace)]) }
        let leaving = Dictionary(grouping: graph.edges, by: \.from)
        var previous: [String: (from: String, style: NavigationStyle, slot: String?)] = [:]
        var queue = [initial]
        var head = 0
        var blocked: [(scene: String, input: String)] = []
        var seen: Set<String> = [initial]
        while head < queue.count {
            let scene = queue[head]
            head += 1
            for edge in leaving[scene] ?? [] where !seen.contains(edge.to) {
                guard let node = graph.node(edge.to) else { continue }
                seen.insert(edge.to)
                previous[edge.to] = (scene, edge.style ?? .push, Self.slot(of: edge))
                if edge.to == target { return .found(steps(to: target, initial: initial, previous: previous)) }
                if let input = node.description.input {
                    blocked.append((edge.to, input.typeName))
                    continue
                }
                queue.append(edge.to)
            }
        }
        // The first scene in the way (breadth first) from which the target is reachable.
        for scene in blocked where reachesIgnoringInputs(target, from: scene.scene, leaving: leaving) {
            return .blocked(scene: scene.scene, input: scene.input)
        }
        return .unreachable
    }

    private static func steps(
        to target: String, initial: String, previous: [String: (from: String, style: NavigationStyle, slot: String?)]
    ) -> [LinkOpening.Step] {
        var steps: [LinkOpening.Step] = []
        var scene = target
        while scene != initial, let step = previous[scene] {
            steps.append(LinkOpening.Step(scene: scene, style: step.style, slot: step.slot))
            scene = step.from
        }
        steps.append(LinkOpening.Step(scene: initial, style: .replace))
        return steps.reversed()
    }

    /// The slot a step is shown in: a slot edge's own (the navigator selects it), or the slot a
    /// router's route names (the navigator shows the scene in it).
    private static func slot(of edge: RouteEdge) -> String? {
        switch edge.origin {
        case .slot(let name, _, _): return name
        case .segue, .router: return edge.slot
        }
    }

    private static func reachesIgnoringInputs(
        _ target: String, from start: String, leaving: [String: [RouteEdge]]
    ) -> Bool {
        if start == target { return true }
        var seen: Set<String> = [start]
        var queue = [start]
        while let scene = queue.popLast() {
            for edge in leaving[scene] ?? [] where seen.insert(edge.to).inserted {
                if edge.to == target { return true }
                queue.append(edge.to)
            }
        }
        return false
    }
}
