@_spi(SceneHost) import SceneSDK

/// `scene-host list`: plugins, scenes with their contracts, and routes, as plain text.
@MainActor
public enum GraphListing {
    public static func render(_ graph: SceneGraph, plugins: [LoadedPlugin]) -> String {
        var lines = ["plugins:"]
        for plugin in plugins {
            lines.append("  \(plugin.configName)  \(plugin.name) \(plugin.version)  \(plugin.path)  scenes: \(plugin.scenes.isEmpty ? "none" : plugin.scenes.joined(separator: ", "))")
            for function in plugin.nativeFunctions {
                lines.append("    native  \(plugin.configName).\(function.name)  \(function.signatureText)")
            }
            for setting in plugin.settings {
                lines.append("    setting \(setting.key) = \(setting.valueText)  (\(setting.location))")
            }
        }
        lines.append("scenes:")
        let links = linkTexts(graph)
        for node in graph.nodes {
            let initial = node.name == graph.initial.value ? "  (initial)" : ""
            lines.append("  \(node.name)  [\(node.plugin.name)]\(initial)")
            if let input = node.description.input { lines.append("    input:    \(contract(input))") }
            if let accepted = node.description.acceptedResult { lines.append("    accepts:  \(contract(accepted))") }
            if let returned = node.description.returnedResult { lines.append("    returns:  \(contract(returned))") }
            if let link = links[node.name] { lines.append("    link:     \(link)") }
        }
        lines.append("routes:")
        for edge in graph.edges {
            var parts = ["  \(edge.from) -> \(edge.to)"]
            switch edge.origin {
            case .segue(let segue): parts.append("segue '\(segue.id)' (\(segue.location))")
            case .router(let handler, _): parts.append(handler.map { "router handler \($0)" } ?? "router, in code")
            }
            if let style = edge.style { parts.append(style.rawValue) }
            parts.append(edge.payload.map { "passing \(contract($0))" } ?? "passing nothing")
            lines.append(parts.joined(separator: "  "))
        }
        return lines.joined(separator: "\n")
    }

    /// Each linked scene's link as shown: `orders/{id: Int}` when `check` finds it valid, else its template as declared.
    static func linkTexts(_ graph: SceneGraph) -> [String: String] {
        var texts: [String: String] = [:]
        for node in graph.nodes { if let link = node.description.link { texts[node.name] = link.template } }
        for entry in graph.links.entries { texts[entry.scene] = entry.display }
        return texts
    }

    private static func contract(_ info: ContractInfo) -> String {
        if case .object = info.schema { return "\(info.typeName) \(info.schema.fieldSummary)" }
        return info.typeName
    }
}
