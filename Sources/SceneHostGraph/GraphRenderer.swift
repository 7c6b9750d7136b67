@_spi(SceneHost) import SceneSDK
import SceneHostLoading
import Foundation
import SceneHostConfig
import SceneHostCore

/// Draws the navigation graph as picture source: Graphviz DOT or Mermaid.
///
/// One node per scene (the initial one doubled), one edge per route: segues solid, routes made
/// in router code dashed; labels give the segue id or handler, the style and the payload type.
/// A container's edge to each slot's initial scene is bold (DOT, with a diamond at its tail) or
/// thick (Mermaid), labelled with the slot's kind and name (`tab orders`).
/// Destinations no plugin registers are drawn too, marked missing.
@MainActor
package enum GraphRenderer {
    package enum Format: String, CaseIterable, Sendable {
        case dot, mermaid
    }

    package static func render(_ graph: SceneGraph, format: Format) -> String {
        switch format {
        case .dot: return dot(graph)
        case .mermaid: return mermaid(graph)
        }
    }

    package static func dot(_ graph: SceneGraph) -> String {
        var lines = [
            "digraph scenes {", "  rankdir=LR;", "  node [shape=box, style=rounded, fontname=\"Helvetica\"];",
            "  edge [fontname=\"Helvetica\", fontsize=10];",
        ]
        let links = GraphListing.linkTexts(graph)
        for node in graph.nodes {
            var extra = node.name == graph.initial.value ? ", peripheries=2" : ""
            // A scene a deep link opens is drawn bold.
            if links[node.name] != nil { extra += ", style=\"rounded,bold\"" }
            lines.append(
                "  \(quoted(node.name)) [label=\(quoted(nodeLabel(node, link: links[node.name], separator: "\\n")))\(extra)];"
            )
        }
        for name in missing(graph) {
            lines.append("  \(quoted(name)) [label=\(quoted("\(name)\\n(missing)")), style=dashed, color=red];")
        }
        for edge in graph.edges {
            let style =
                edge.isSegue ? "" : edge.isSlot ? ", style=bold, dir=both, arrowtail=odiamond" : ", style=dashed"
            lines.append(
                "  \(quoted(edge.from)) -> \(quoted(edge.to)) [label=\(quoted(edgeLabel(edge, separator: "\\n")))\(style)];"
            )
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    package static func mermaid(_ graph: SceneGraph) -> String {
        let names = graph.nodes.map(\.name) + missing(graph)
        var ids: [String: String] = [:]
        for (index, name) in names.enumerated() { ids[name] = "s\(index)" }
        var lines = ["flowchart LR"]
        let links = GraphListing.linkTexts(graph)
        for node in graph.nodes {
            let label = mermaidText(nodeLabel(node, link: links[node.name], separator: "<br/>"))
            lines.append(
                node.name == graph.initial.value
                    ? "  \(ids[node.name] ?? "")([\"\(label)\"])" : "  \(ids[node.name] ?? "")[\"\(label)\"]")
        }
        for name in missing(graph) {
            lines.append("  \(ids[name] ?? "")[\"\(mermaidText(name)) (missing)\"]")
        }
        for edge in graph.edges {
            let arrow = edge.isSegue ? "-->" : edge.isSlot ? "==>" : "-.->"
            lines.append(
                "  \(ids[edge.from] ?? "")\(arrow)|\"\(mermaidText(edgeLabel(edge, separator: " · ")))\"|\(ids[edge.to] ?? "")"
            )
        }
        return lines.joined(separator: "\n")
    }

    private static func nodeLabel(_ node: SceneGraph.Node, link: String?, separator: String) -> String {
        var parts = [node.name, "(\(node.plugin.name))"]
        if let input = node.description.input { parts.append("in: \(input.typeName)") }
        if let returned = node.description.returnedResult { parts.append("returns: \(returned.typeName)") }
        if let link { parts.append("link: \(link)") }
        return parts.joined(separator: separator)
    }

    private static func edgeLabel(_ edge: RouteEdge, separator: String) -> String {
        var parts = [edge.label]
        if let slot = edge.slot { parts.append("in slot \(slot)") }
        if let style = edge.style { parts.append(style.rawValue) }
        if let payload = edge.payload { parts.append(payload.typeName) }
        return parts.joined(separator: separator)
    }

    private static func missing(_ graph: SceneGraph) -> [String] {
        let known = Set(graph.nodes.map(\.name))
        var seen: Set<String> = []
        return graph.edges.flatMap { [$0.from, $0.to] }.filter { !known.contains($0) && seen.insert($0).inserted }
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private static func mermaidText(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "#quot;")
    }
}
