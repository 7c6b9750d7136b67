@_spi(SceneHost) import SceneSDK
import SceneHostCore
import SceneHostNavigation
import SceneHostConfig

/// Checks every declared deep link (`check`, and `run` before it starts) and makes the table of the
/// valid ones.
@MainActor
enum LinkCheck {
    /// Every link's problems, scenes in name order, then links of the same shape.
    package static func problems(in graph: SceneGraph) -> [SceneGraphError] {
        var problems: [SceneGraphError] = []
        var shapes: [String: SceneGraph.Node] = [:]
        for node in graph.nodes {
            guard let link = node.description.link else { continue }
            switch check(link, of: node, in: graph) {
            case .failure(let problem) where problem.dependsOnTheApp:
                continue
            case .failure(let problem):
                problems.append(.linkInvalid(node.plugin, scene: node.name, template: link.template, problem))
            case .success(let entry):
                if let first = shapes[entry.template.shape], let firstLink = first.description.link {
                    problems.append(
                        .linkDuplicate(
                            template: link.template, scene: node.name, plugin: node.plugin,
                            firstTemplate: firstLink.template, firstScene: first.name, firstPlugin: first.plugin))
                } else {
                    shapes[entry.template.shape] = node
                }
            }
        }
        return problems
    }

    /// Links this app cannot open although nothing is wrong with them: their scene is out of reach
    /// of the app's initial scene (a plugin used in an app that does not route to it). A warning,
    /// as an unreachable scene is: the plugin is fine, and another app may reach it.
    package static func warnings(in graph: SceneGraph) -> [HostWarning] {
        graph.nodes.compactMap { node in
            guard let link = node.description.link, case .failure(let problem) = check(link, of: node, in: graph) else {
                return nil
            }
            let why: LinkUnavailability
            switch problem {
            case .unreachable(let initial): why = .unreachable(initial: initial)
            case .blockedByInput(let initial, let scene, let input):
                why = .blockedByInput(initial: initial, scene: scene, input: input)
            case .template, .parametersNotStruct, .placeholderNotField, .fieldWithoutPlaceholder, .unsupportedType,
                .sceneTakesNoInput, .inputMismatch:
                return nil
            }
            return .linkUnavailable(scene: node.name, plugin: node.plugin, template: link.template, why: why)
        }
    }

    /// The valid links of `graph` (those `problems` finds nothing wrong with).
    package static func table(of graph: SceneGraph) -> LinkTable {
        LinkTable(
            graph.nodes.compactMap { node in
                guard let link = node.description.link, case .success(let entry) = check(link, of: node, in: graph)
                else { return nil }
                return entry
            })
    }

    /// The link's entry, or its first problem.
    package static func check(
        _ link: DeclaredLink, of node: SceneGraph.Node, in graph: SceneGraph
    ) -> Result<LinkTable.Entry, LinkProblem> {
        let template: LinkTemplate
        switch LinkTemplate.parse(link.template) {
        case .success(let parsed): template = parsed
        case .failure(let problem): return .failure(.template(problem))
        }
        guard case .object(_, let fields) = link.parameters.schema else {
            return .failure(.parametersNotStruct(type: link.parameters.typeName))
        }
        let names = fields.map(\.name)
        for placeholder in template.placeholders where !names.contains(placeholder) {
            return .failure(
                .placeholderNotField(placeholder: placeholder, parameters: link.parameters.typeName, fields: names))
        }
        var types: [String: LinkParameterType] = [:]
        for field in fields {
            guard template.placeholders.contains(field.name) else {
                return .failure(.fieldWithoutPlaceholder(field: field.name, parameters: link.parameters.typeName))
            }
            guard let type = LinkParameterType(field.schema) else {
                return .failure(.unsupportedType(field: field.name, type: field.schema.typeName))
            }
            types[field.name] = type
        }
        guard let input = node.description.input else { return .failure(.sceneTakesNoInput) }
        let mismatches = input.schema.mismatches(forType: link.input.schema)
        guard mismatches.isEmpty else {
            return .failure(.inputMismatch(built: link.input.typeName, input: input.typeName, mismatches: mismatches))
        }
        switch LinkPath.find(to: node.name, in: graph) {
        case .found(let steps):
            return .success(LinkTable.Entry(template: template, scene: node.name, parameters: types, steps: steps))
        case .unreachable:
            return .failure(.unreachable(initial: graph.initial.value))
        case .blocked(let scene, let needed):
            return .failure(.blockedByInput(initial: graph.initial.value, scene: scene, input: needed))
        }
    }
}

extension SceneGraph {
    /// The app's deep links that `check` finds nothing wrong with, ready to open.
    package var links: LinkTable { LinkCheck.table(of: self) }
}
