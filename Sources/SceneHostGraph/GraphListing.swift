@_spi(SceneHost) import SceneSDK
import SceneHostCore
import SceneHostLoading
import SceneHostConfig
import SceneHostNative
import SceneHostNavigation

/// `scene-host list`: plugins, scenes with their contracts, and routes, as plain text.
@MainActor
package enum GraphListing {
    /// Each setting the plugin declares, with its kind, the value the config gives (where) or its
    /// default, and its help: what an app builder needs to write `[plugins.NAME.settings]`.
    static func settingLines(_ plugin: LoadedPlugin) -> [String] {
        let given = Dictionary(plugin.settings.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        return plugin.settingDeclarations.map { declaration in
            let value: String
            if let setting = given[declaration.name] {
                value = "= \(setting.valueText)  (\(setting.location))"
            } else if let fallback = declaration.defaultValue {
                value =
                    "= \(PluginSetting(key: declaration.name, value: fallback, location: SourceLocation(file: "", line: 0, column: 0)).valueText)  (default)"
            } else {
                value = declaration.isRequired ? "(required, not set)" : "(not set)"
            }
            // A plugin's name and help are its own text: escaped here so a line break cannot forge a line.
            return TerminalText.escaped(
                "    setting \(declaration.name) (\(declaration.kind.rawValue)) \(value)  -- \(declaration.help)")
        }
            + plugin.settings.filter { setting in !plugin.settingDeclarations.contains { $0.name == setting.key } }.map
        { setting in
            TerminalText.escaped(
                "    setting \(setting.key) = \(setting.valueText)  (\(setting.location))  -- not declared by the plugin: 'scene-host check' refuses it"
            )
        }
    }

    package static func render(_ graph: SceneGraph, plugins: [LoadedPlugin]) -> String {
        var lines = ["plugins:"]
        for plugin in plugins {
            lines.append(
                "  \(plugin.configName)  \(plugin.name) \(plugin.version)  \(plugin.path)  scenes: \(plugin.scenes.isEmpty ? "none" : plugin.scenes.joined(separator: ", "))"
            )
            for function in plugin.nativeFunctions {
                lines.append("    native  \(plugin.configName).\(function.name)  \(function.signatureText)")
            }
            lines += settingLines(plugin)
            // Declared by the plugin, granted (or not) by the config: what its sandbox lifts.
            for permission in plugin.permissions {
                lines.append(
                    "    permission  \(permission.rawValue)  \(plugin.grants.contains(permission) ? "granted" : "not granted (its calls fail with EPERM)")"
                )
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
            lines += slotLines(node)
        }
        lines.append("routes:")
        // A container's slots are listed under it (`slotLines`): no router or segue takes them.
        for edge in graph.edges where !edge.isSlot {
            var parts = ["  \(edge.from) -> \(edge.to)"]
            switch edge.origin {
            case .segue(let segue): parts.append("segue '\(segue.id)' (\(segue.location))")
            case .router(let handler, _): parts.append(handler.map { "router handler \($0)" } ?? "router, in code")
            case .slot: continue
            }
            if let slot = edge.slot { parts.append("in slot \(slot)") }
            if let style = edge.style { parts.append(style.rawValue) }
            parts.append(edge.payload.map { "passing \(contract($0))" } ?? "passing nothing")
            lines.append(parts.joined(separator: "  "))
        }
        return lines.joined(separator: "\n")
    }

    /// A container's slots by kind, each with the scene it starts at (`tabs:     orders → OrdersSplit,
    /// settings → Settings`); none for another scene. Slot names are the plugin's text: escaped.
    static func slotLines(_ node: SceneGraph.Node) -> [String] {
        let slots = node.description.slots
        let groups: [(label: String, kind: SlotKind)] = [("tabs:     ", .tab), ("panes:    ", .pane)]
        return groups.compactMap { label, kind in
            let named = slots.filter { $0.kind == kind }.map { "\($0.name) → \($0.initial)" }
            guard !named.isEmpty else { return nil }
            return TerminalText.escaped("    \(label)\(named.joined(separator: ", "))")
        }
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
