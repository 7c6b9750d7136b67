import SceneSDK
import SceneHostCore
import SceneHostNative
import SceneHostContainer
import SceneHostConfig
import SceneHostLoading
import SceneHostNavigation
extension SceneGraphError {
    package var message: String { TerminalText.escaped(unescapedMessage) }

    /// Every problem `check` finds in the graph.
    package var exitStatus: ExitStatus { .sceneGraphError }

    /// The message before it is escaped.
    package var unescapedMessage: String {
        switch self {
        case .unknownInitialScene(let location, let scene, let registered):
            return
                "\(location): error: initial scene \(name: scene) is not registered by any plugin. \(Suggestion.registeredList(registered, near: scene))"
        case .unknownSegueScene(let location, let scene, let field, let segue, let registered):
            return
                "\(location): error: segue \(name: segue) names scene \(name: scene) in \(name: field), but no plugin registers it. \(Suggestion.registeredList(registered, near: scene))"
        case .initialNeedsInput(let location, let scene, let input):
            return
                "\(location): error: initial scene \(name: scene) needs an input (\(input)), but nothing routes to it at start. Start at a scene that takes no input."
        case .unknownRouteScene(let plugin, let from, let to, let registered):
            return
                "\(plugin.location): error: route from \(name: from) to \(name: to) (declared by plugin \(name: plugin.name)): no plugin registers a scene named \(name: to). \(Suggestion.registeredList(registered, near: to))"
        case .routeNotDeclared(let plugin, let scene, let destination, let declared):
            let known = "declared: \(declared.isEmpty ? "none" : declared.joined(separator: ", "))"
            let prefix =
                "\(plugin.location): error: scene \(name: scene) (plugin \(name: plugin.name)) routes to \(name: destination) in its router's code, but its SceneDefinition declares no route to it"
            // A name close to a declared one is a typo in the router: never advise declaring the typo.
            if let close = Suggestion.closest(to: destination, in: declared) {
                return
                    "\(prefix). Did you mean \(name: close)? Fix the name in the router's route(to:) call (\(known)), or write the route once as a Route value."
            }
            return
                "\(prefix) (\(known)). Declare it with .route(to: \"\(destination)\") in the SceneDefinition, or fix the name in the router."
        case .segueNotAButton(let location, let segue, let scene, let plugin, let buttons):
            let shown = buttons.isEmpty ? "they showed no button" : "its buttons: \(buttons.joined(separator: ", "))"
            let guess = Suggestion.closest(to: segue, in: buttons).map { " Did you mean '\($0)'?" } ?? ""
            return
                "\(location): error: segue '\(segue)' from '\(scene)': scene '\(scene)' (plugin '\(plugin)') shows no button '\(segue)' on the screens its probe saw (\(shown)), so no tap can take this segue.\(guess) Set the segue's id to the id of the button that should perform it."
        case .routeUnexpectedInput(let edge, let payload):
            return "\(edge.messagePrefix): the route passes \(payload), but \(name: edge.to) declares no input."
        case .routeMissingInput(let edge, let input, let reason):
            return "\(edge.messagePrefix): \(name: edge.to) needs an input (\(input)), but \(reason)."
        case .routeInputMismatch(let edge, let input, let payload, let mismatches):
            return
                "\(edge.messagePrefix): the payload \(payload) does not fit the input \(input) of \(name: edge.to): \(mismatches.map(\.clause).joined(separator: "; "))."
        case .routeResultNotAccepted(let edge, let result):
            return
                "\(edge.messagePrefix): \(name: edge.to) hands back a \(result) when it leaves, but \(name: edge.from) accepts no result. Declare .acceptingResult(...) on \(name: edge.from)."
        case .routeResultMismatch(let edge, let result, let accepted, let mismatches):
            return
                "\(edge.messagePrefix): the result \(result) that \(name: edge.to) hands back does not fit the result \(accepted) that \(name: edge.from) accepts: \(mismatches.map(\.clause).joined(separator: "; "))."
        case .linkInvalid(let plugin, let scene, let template, let problem):
            return
                "\(plugin.location): error: link \(name: template) of scene \(name: scene) (plugin \(name: plugin.name)): \(problem.clause)"
        case .linkDuplicate(let template, let scene, let plugin, let firstTemplate, let firstScene, let firstPlugin):
            return
                "\(plugin.location): error: link \(name: template) of scene \(name: scene) (plugin \(name: plugin.name)) has the same shape as link \(name: firstTemplate) of scene \(name: firstScene) (plugin \(name: firstPlugin.name), \(firstPlugin.location)): a path would match both. Change one of the templates' literal words."
        case .slotInitialUnknown(let plugin, let container, let slot, let kind, let initial, let registered):
            return
                "\(plugin.location): error: \(kind.rawValue) \(name: slot) of container \(name: container) (declared by plugin \(name: plugin.name)) starts at \(name: initial), but no plugin registers a scene of that name. \(Suggestion.registeredList(registered, near: initial)) Fix the slot's initial scene in the SceneDefinition of \(name: container), or add the plugin that registers it to the config."
        case .slotInitialNeedsInput(let plugin, let container, let slot, let kind, let initial, let input):
            return
                "\(plugin.location): error: \(kind.rawValue) \(name: slot) of container \(name: container) (declared by plugin \(name: plugin.name)) starts at \(name: initial), which needs an input (\(input)), but a slot's initial scene is built with none. Start the slot at a scene that takes no input, and route from it to \(name: initial)."
        case .slotDeclaredTwice(let plugin, let container, let slot, let count):
            let times = count == 2 ? "twice" : "\(count) times"
            return
                "\(plugin.location): error: container \(name: container) (declared by plugin \(name: plugin.name)) declares the slot \(name: slot) \(times), but routes, 'tab NAME' and the screen's ids name a slot by its name alone. Give each slot of the container a name of its own, or remove the repeated one."
        case .slotKindsMixed(let plugin, let container, let tabs, let panes):
            return
                "\(plugin.location): error: container \(name: container) (declared by plugin \(name: plugin.name)) mixes tabs (\(tabs.joined(separator: ", "))) and panes (\(panes.joined(separator: ", "))), but a container's slots are all tabs or all panes. Make them one kind, or move the panes to a container scene of their own and start a tab at it."
        case .slotNameInvalid(let plugin, let container, let slot, let kind, let title, let problem):
            let guess =
                SlotNameProblem.suggestedName(for: slot, title: title).map { " Did you mean \(name: $0)?" } ?? ""
            return
                "\(plugin.location): error: container \(name: container) (declared by plugin \(name: plugin.name)) \(problem.clause(kind: kind, slot: slot)).\(guess) Rename the \(kind.rawValue) in the SceneDefinition of \(name: container), and in the routes that name it."
        case .routeSlotUnknown(let plugin, let from, let to, let slot, let declared):
            let prefix =
                "\(plugin.location): error: route from \(name: from) to \(name: to) (declared by plugin \(name: plugin.name)) shows it in slot \(name: slot), but no container of the app declares a slot of that name."
            let guess = Suggestion.closest(to: slot, in: declared).map { " Did you mean \(name: $0)?" } ?? ""
            return
                "\(prefix)\(guess) Declared slots: \(declared.joined(separator: ", ")). Fix the slot in the route's Route(_:style:slot:)."
        case .containerCycle(let plugin, let cycle):
            let first = cycle.first?.container ?? ""
            let steps = cycle.enumerated().map { index, step in
                let next = index + 1 < cycle.count ? cycle[index + 1].container : first
                return
                    "\(index == 0 ? "its" : "whose") \(step.kind.rawValue) \(name: step.slot) starts at \(name: next)"
            }
            return
                "\(plugin.location): error: container \(name: first) (declared by plugin \(name: plugin.name)) holds itself: \(steps.joined(separator: ", ")), so showing \(name: first) would build containers without end. Start one of these slots at a scene that is not a container holding it."
        }
    }

    /// An unknown-scene error as a mention under the plugin error that explains it.
    package var followOnMention: String? {
        switch self {
        case .unknownInitialScene(let location, let scene, _):
            return "initial scene \(name: scene) at \(location)"
        case .unknownSegueScene(let location, let scene, let field, let segue, _):
            return "segue \(name: segue) \(field) \(name: scene) at \(location)"
        case .unknownRouteScene(let plugin, let from, let to, _):
            return "route from \(name: from) to \(name: to) of plugin \(name: plugin.name) at \(plugin.location)"
        case .slotInitialUnknown(let plugin, let container, let slot, let kind, let initial, _):
            return
                "\(kind.rawValue) \(name: slot) of \(name: container) starting at \(name: initial), of plugin \(name: plugin.name) at \(plugin.location)"
        case .initialNeedsInput, .routeNotDeclared, .segueNotAButton, .routeUnexpectedInput, .routeMissingInput,
            .routeInputMismatch, .routeResultNotAccepted, .routeResultMismatch,
            .linkInvalid, .linkDuplicate, .slotInitialNeedsInput, .slotDeclaredTwice, .slotKindsMixed,
            .slotNameInvalid, .routeSlotUnknown, .containerCycle:
            return nil
        }
    }
}

extension RouteEdge {
    /// Where the route is declared, and which, as the start of a message.
    var messagePrefix: String {
        switch origin {
        case .segue(let segue):
            return "\(segue.location): error: segue \(name: segue.id) from \(name: from) to \(name: to)"
        case .router(_, let plugin):
            return
                "\(plugin.location): error: route from \(name: from) to \(name: to) (declared by plugin \(name: plugin.name))"
        case .slot(let name, let kind, let plugin):
            return
                "\(plugin.location): error: \(kind.rawValue) \(name: name) of container \(name: from) (declared by plugin \(name: plugin.name))"
        }
    }
}

extension SlotNameProblem {
    /// What is wrong with the name, as a clause after the container: "declares the tab '@x', ...".
    func clause(kind: SlotKind, slot: String) -> String {
        switch self {
        case .empty:
            return
                "declares a \(kind.rawValue) with an empty name, but routes, 'tab NAME' and the screen's ids name a slot"
        case .slash:
            return
                "declares the \(kind.rawValue) \(name: slot), whose name holds a '/', but the host writes a pane's element ids as PANE/ID"
        case .whitespace:
            return
                "declares the \(kind.rawValue) \(name: slot), whose name holds whitespace, but 'tab NAME' and scripts take a slot's name as one word"
        case .at:
            return
                "declares the \(kind.rawValue) \(name: slot), whose name starts with '@', but names starting with '@' are the host's (the screen's '@tabs')"
        }
    }

    /// A name the host can use, made from `name` (leading '@' dropped, each run of '/' and
    /// whitespace one '-'), else from `title` lowercased; nil when neither gives one.
    static func suggestedName(for name: String, title: String) -> String? {
        func cleaned(_ text: String) -> String {
            var word = ""
            var gap = false
            for character in text.drop(while: { $0 == "@" }) {
                if character == "/" || character.isWhitespace {
                    gap = !word.isEmpty
                    continue
                }
                if gap { word.append("-") }
                gap = false
                word.append(character)
            }
            return word
        }
        for candidate in [cleaned(name), cleaned(title.lowercased())]
        where !candidate.isEmpty && SlotNameProblem(candidate) == nil {
            return candidate
        }
        return nil
    }
}
