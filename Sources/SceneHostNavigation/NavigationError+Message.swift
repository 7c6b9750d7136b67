import SceneHostCore
import SceneHostNative
import SceneHostContainer
import SceneHostConfig
import SceneSDK
extension NavigationError {
    package var message: String { TerminalText.escaped(unescapedMessage) }

    /// A failed navigation or event is a failed command; the app goes on. A link that could not be opened is a link error.
    package var exitStatus: ExitStatus {
        if case .linkFailed = self { return .linkError }
        if case .linkRefused = self { return .linkError }
        return .commandsFailed
    }

    /// The message before it is escaped.
    package var unescapedMessage: String {
        switch self {
        case .routeFailed(let from, let to, let error):
            return "error: route from \(name: from) to \(name: to) failed: \(error.clause)."
        case .returnFailed(let from, let to, let error):
            return "error: return from \(name: from) to \(name: to) failed: \(error.clause)."
        case .routeNotDeclared(let from, let to, let declared, let registered):
            let list = declared.isEmpty ? "it declares none" : "it declares: \(declared.joined(separator: ", "))"
            // Each name once: a router may ask for a route named by megabytes of text.
            let start =
                "error: route from \(name: from) to \(name: to) failed: its router did not declare this route (\(list))."
            // A name close to a declared route or a registered scene is a typo in the router's code:
            // declaring the misspelt name would only move the error to 'check'.
            // A registered scene of exactly that name is no typo: the route is only missing its declaration.
            if !registered.contains(to),
                let near = Suggestion.closest(to: to, in: declared)
                    ?? Suggestion.closest(to: to, in: registered.filter { $0 != from })
            {
                let declaredToo =
                    declared.contains(near)
                    ? "" : ", and declare the route to it in the scene's SceneDefinition (.route(to:))"
                return
                    "\(start) Did you mean \(name: near)? Fix the name in the router's route(to:) call\(declaredToo)."
            }
            return
                "\(start) Declare it in the scene's SceneDefinition with .route(to:) so 'scene-host check' can see it."
        case .routeStyleMismatch(let from, let to, let declared, let requested):
            return
                "error: route from \(name: from) to \(name: to) failed: its Route declares style '\(declared.rawValue)', and the router took it with '\(requested.rawValue)'. Leave out style: to take the route as declared, or declare the Route with style: .\(requested.rawValue)."
        case .notInModal(let scene):
            return "error: \(name: scene) is not in a modal: there is nothing to dismiss. Use back to pop it."
        case .noSceneBelow(let scene, let target, let stack):
            let start =
                "error: there is no scene \(name: target) below \(name: scene) in its stack (\(stack.joined(separator: " › ")))."
            guard let near = Suggestion.closest(to: target, in: stack.filter { $0 != scene }) else { return start }
            return "\(start) Did you mean \(name: near)?"
        case .notOnTop(let scene, let top):
            return
                "error: scene \(name: scene) tried to navigate, but \(name: top) is on screen. Only the scene on top can route."
        case .cannotGoBack(let scene):
            return "error: \(name: scene) is the root scene: there is nothing to go back to."
        case .noSuchElement(let scene, let id, let kind, let available):
            let list = available.isEmpty ? "It has none." : "Its \(kind)s: \(available.joined(separator: ", "))."
            // A typo in a script or a test names the element it meant, as a syntax error's did-you-mean does.
            let guess = Suggestion.closest(to: id, in: available).map { "Did you mean \(name: $0)? " } ?? ""
            return "error: scene \(name: scene) has no \(kind) \(name: id). \(guess)\(list)"
        case .rowOutOfRange(let scene, let list, let row, let count):
            let rows = count == 0 ? "no rows" : "\(count) row\(count == 1 ? "" : "s") (0-\(count - 1))"
            return "error: list \(name: list) of scene \(name: scene) has \(rows); there is no row \(row)."
        case .optionOutOfRange(let scene, let choice, let option, let count):
            let options = count == 0 ? "no options" : "\(count) option\(count == 1 ? "" : "s") (0-\(count - 1))"
            return "error: choice \(name: choice) of scene \(name: scene) has \(options); there is no option \(option)."
        case .noSuchOption(let scene, let choice, let option, let options):
            let start = "error: choice \(name: choice) of scene \(name: scene) has no option \(name: option)"
            if let near = Suggestion.closest(to: option, in: options) {
                return "\(start). Did you mean \(name: near)? Name an option by its text or its number from 0."
            }
            return
                "\(start); its options: \(options.enumerated().map { "\($0.offset) \($0.element)" }.joined(separator: ", ")). Name one by its text or its number from 0."
        case .sceneFailed(let scene, let reason):
            return "error: scene \(name: scene) failed: \(reason.clause)."
        case .workFailed(let scene, let reason):
            return
                "notice: the background work of scene \(name: scene) failed: \(reason.clause). The screen is as it was; try again."
        case .secretsNotKept(let scene, let fields):
            let names = fields.map { "'\($0)'" }.joined(separator: ", ")
            return
                "notice: \(names) of scene \(name: scene) \(fields.count == 1 ? "is" : "are") empty again: a secret is never kept when a screen is built again, so type it again."
        case .stateNotKept(let scene, let reason):
            return
                "notice: scene \(name: scene) could not be shown as you last saw it: \(reason). Check what it shows, and do your last step again if it is missing."
        case .linkFailed(let link, let scene, let reason):
            return
                "error: opening link \(name: link) failed at scene \(name: scene): \(reason.clause). Nothing changed."
        case .linkRefused(let link, let scene, let message):
            // The plugin's sentence, with its full stop: the author may or may not have written one.
            let sentence = message.hasSuffix(".") ? message : message + "."
            return "error: link \(name: link) was refused by scene \(name: scene): \(sentence) Nothing changed."
        case .seguesUnreadable(let cache):
            return
                "error: the segues recorded in the start-up cache \(cache) cannot be read; nothing changed. Start the host again with --rescan so it checks the config again."
        case .unknownSlot(let scene, let slot, let available):
            let start = "error: no container shown with \(name: scene) has a slot \(name: slot)"
            guard !available.isEmpty else {
                return "\(start): it is in no container. Route into a slot only from a scene shown in a container."
            }
            let near = Suggestion.closest(to: slot, in: available).map { " Did you mean \(name: $0)?" } ?? ""
            return "\(start) (its slots: \(available.joined(separator: ", "))); nothing changed.\(near)"
        case .slotStyleRefused(let from, let to, let slot, let style):
            return
                "error: route from \(name: from) to \(name: to) in slot \(name: slot) failed: a route into a slot pushes onto its stack (.push) or replaces it (.replace), not .\(style). Present a modal with a route that names no slot."
        case .containersTooDeep(let scene, let limit):
            return
                "error: container \(name: scene) is nested in more than \(limit) containers; nothing changed. A slot's initial scene must not lead back to its own container."
        }
    }
}

extension NavigationError {
    /// What the end user of a page built again (a restart, another instance, a worker that ended)
    /// reads of what it lacks: said as it is, never as a failure of their action. Nil for every other error.
    package var rebuiltSentence: String? {
        switch self {
        case .secretsNotKept(_, let fields):
            let names = fields.map { "“\($0)”" }.joined(separator: ", ")
            return
                "This page was read back after the app restarted or moved; \(names) \(fields.count == 1 ? "is" : "are") empty again, since secrets are never kept: type \(fields.count == 1 ? "it" : "them") again."
        case .stateNotKept:
            return
                "This page was read back after the app restarted or moved, but a new build of it could not show it exactly as you last saw it. Check what it shows, and do your last step again if it is missing."
        case .routeFailed, .returnFailed, .routeNotDeclared, .routeStyleMismatch, .notInModal, .noSceneBelow, .notOnTop,
            .cannotGoBack,
            .noSuchElement, .rowOutOfRange, .optionOutOfRange, .noSuchOption, .sceneFailed, .workFailed, .linkFailed,
            .linkRefused,
            .seguesUnreadable, .unknownSlot, .slotStyleRefused, .containersTooDeep:
            return nil
        }
    }
}
