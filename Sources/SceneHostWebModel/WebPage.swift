@_spi(SceneHost) import SceneSDK
import SceneHostFrontend
import SceneHostSessions

/// What one page shows, as plain values for the HTML writer: a screen of the session (the one on
/// top, or an earlier one the browser went back to), where it is (breadcrumb links, modal or not),
/// the one way back the host offers, the last message, and what its form carries.
///
/// Text is raw here; the HTML writer escapes every value it inserts.
package struct WebPage: Sendable {
    package struct Crumb: Sendable, Equatable {
        /// The screen's title (the scene's name until it was shown).
        package let name: String
        package let isModal: Bool
        /// The screen this page shows (no link).
        package let isCurrent: Bool
        /// The URL of that screen's page.
        package let url: String
    }

    package struct Offered: Sendable, Equatable {
        package let label: String
        package let text: String
    }

    package struct Row: Sendable, Equatable {
        package let text: String
        package let action: String
        /// The row's detail line (empty for none).
        package var detail: String = ""
    }

    package enum Kind: Sendable, Equatable {
        case label, alert, field, area, secret, toggle, choice, button, list, progress, section
    }

    package struct Element: Sendable, Equatable {
        package let kind: Kind
        package let id: String
        /// A label's text, a field's text, a button's title.
        package let text: String
        /// A field's name for people: its label, else its placeholder, else its id.
        package let fieldLabel: String
        package let placeholder: String
        /// A message about a field's text (validation), shown tied to it.
        package let problem: String
        package let action: String
        package let rows: [Row]
        /// A toggle's state, a secure field's "filled".
        package var isOn = false
        /// A choice's options and the one chosen.
        package var options: [String] = []
        package var selected: Int?
        /// A progress element's value from 0 to 1, nil when not known.
        package var value: Double?
        /// A section's elements.
        package var children: [Element] = []

        /// The element, then a section's elements, in page order.
        package var flattened: [Element] { [self] + children.flatMap(\.flattened) }

        /// The element with the host's `problem` for its text (a refused character), when there is
        /// one; a section passes it on to its elements.
        func withProblem(_ problems: [String: String]) -> Element {
            var copy = self
            switch kind {
            case .field, .area, .secret:
                guard let problem = problems[id] else { return self }
                copy = Element(
                    kind: kind, id: id, text: text, fieldLabel: fieldLabel, placeholder: placeholder, problem: problem,
                    action: action, rows: rows)
                copy.isOn = isOn
            case .section:
                copy.children = children.map { $0.withProblem(problems) }
            case .label, .alert, .toggle, .choice, .button, .list, .progress:
                return self
            }
            return copy
        }
    }

    /// The host's own way back from the screen shown (the scene's buttons may offer more).
    package enum WayBack: Sendable, Equatable {
        case none
        /// Pops the screen (and, outside a modal, the buttons to scenes further down: each scene's
        /// name, which the action names, and its title, which the button shows).
        case back(to: [Target])

        package struct Target: Sendable, Equatable {
            package let scene: String
            package let title: String
        }
        /// Closes the modal this screen is the root of.
        case dismiss
    }

    package let title: String
    package let breadcrumb: [Crumb]
    /// The screen shown is in a modal: the page shows it as a dialog.
    package let inModal: Bool
    /// The scenes under the modal, for the dialog's description.
    let underneath: String
    package var elements: [Element]
    package let wayBack: WayBack
    /// The message for the user (an error or a notice), shown once.
    package let error: String?
    /// What a refused form held, offered back with the message: (field's name, text).
    package var offered: [Offered] = []
    package let token: String
    /// The stamp of the screen shown (`WebScreen.stamp`), sent back with its form.
    package let stamp: Int
    /// Where the page's form posts: the URL of the screen shown.
    package let formAction: String
    /// The screen shown is below the one on top: an action here first goes back to it.
    package let isEarlier: Bool
    /// The URL of the screen on top.
    package let currentURL: String
    /// The screen may change on its own (its session's work runs): the page's script follows its
    /// changes (Server-Sent Events on its own URL). False for every page that cannot change so.
    package var live = false

    /// The page of the screen at `depth` of `session` (its top when nil); the top's page consumes the
    /// pending message, unless `consuming` is false (a live stream's page: the message stays for the
    /// page the browser loads, which a stream's render racing with it must not take away).
    package static func make(
        for session: isolated WebSession, depth: Int? = nil, consuming: Bool = true
    ) async -> WebPage {
        let top = session.screens.count - 1
        let shown = min(depth ?? top, top)
        // The message of the last action belongs to the screen it led to: an earlier page keeps it for that one.
        let error = shown == top ? session.pendingError : nil
        var page = make(screens: session.screens, depth: shown, token: session.token, error: error)
        if shown == top {
            page.live = await session.app.isBusy
            page.offered = session.guards.offered.map { Offered(label: $0.label, text: $0.text) }
            let problems = Dictionary(
                session.guards.problems.map { ($0.field, $0.text) }, uniquingKeysWith: { first, _ in first })
            if !problems.isEmpty { page.elements = page.elements.map { $0.withProblem(problems) } }
            guard consuming else { return page }
            session.pendingError = nil
            session.guards.offered = []
            session.guards.problems = []
            session.justRebuilt = false
        }
        return page
    }

    /// The page of the screen at `depth` of `screens` (a session's, `WebSession.screens`).
    package static func make(screens: [WebScreen], depth shown: Int, token: String, error: String?) -> WebPage {
        let top = screens.count - 1
        var crumbs: [Crumb] = []
        for (index, screen) in screens.enumerated() {
            // A container has no page of its own (its URL shows the screen in its open slot): no link.
            crumbs.append(
                Crumb(
                    name: screen.title, isModal: screen.isModal, isCurrent: index == shown,
                    url: WebScreen.isContainer(screens, at: index) ? "" : url(of: screens, at: index)))
        }
        // The stack the shown screen is in: from its layer's root up to the top of that layer (a
        // container's slot is a stack of its own, shown in its container's page, never a dialog).
        var root = shown
        while root > 0, !screens[root].opensLayer { root -= 1 }
        let inModal = screens[root].isModal
        let wayBack: WayBack
        if shown == root {
            wayBack = inModal ? .dismiss : .none
        } else {
            wayBack = .back(
                to: inModal
                    ? []
                    : screens[root..<(shown - 1)].reversed().map { WayBack.Target(scene: $0.name, title: $0.title) })
        }
        let screen = screens[shown].lastScreen
        return WebPage(
            title: screen.title, breadcrumb: crumbs, inModal: inModal,
            underneath: screens[..<root].map(\.title).joined(separator: " › "),
            elements: screen.elements.map(element), wayBack: wayBack, error: error, token: token,
            stamp: screens[shown].stamp, formAction: url(of: screens, at: shown), isEarlier: shown < top,
            currentURL: url(of: screens, at: top)
        )
    }

    private static func url(of screens: [WebScreen], at depth: Int) -> String {
        WebScreen.url(of: screens, at: depth)
    }

    /// The start page of a browser without a session: the initial scene's screen, posting to `/`.
    package static func start(screen: Screen, scene: String, token: String, error: String?) -> WebPage {
        preview(
            screen: screen, layers: [[scene]], slots: [nil], titles: [screen.title], token: token, error: error,
            formAction: "/")
    }

    /// A page of screens no session holds yet (the start page, a deep link): posting to `formAction`
    /// makes them the session's (a first action makes the session). The breadcrumb has no links:
    /// none of its screens has a URL in any session.
    /// `titles`: every screen's title, bottom to top (`AppSession.titles`), so a screen below, never
    /// shown yet, is called what the app calls it (one name per screen); a screen without one is
    /// named by its scene's name in words.
    /// `slots`: the slot each layer is of its container (nil: the root, a modal), so a container's
    /// slot is shown in its page and not as a dialog.
    static func preview(
        screen: Screen, layers: [[String]], slots: [String?], titles: [String], token: String, error: String?,
        formAction: String
    ) -> WebPage {
        let isModal = { (index: Int) in index > 0 && (index >= slots.count || slots[index] == nil) }
        let names = layers.flatMap { $0 }
        let named = names.indices.map { $0 < titles.count ? titles[$0] : humanized(names[$0]) }
        var crumbs: [Crumb] = []
        var place = 0
        for (index, stack) in layers.enumerated() {
            for position in stack.indices {
                let isCurrent = index == layers.count - 1 && position == stack.count - 1
                crumbs.append(
                    Crumb(
                        name: isCurrent ? screen.title : named[place], isModal: isModal(index) && position == 0,
                        isCurrent: isCurrent, url: ""))
                place += 1
            }
        }
        let top = layers.last ?? []
        let topStart = names.count - top.count
        let inModal = isModal(layers.count - 1)
        let wayBack: WayBack =
            inModal
            ? (top.count > 1 ? .back(to: []) : .dismiss)
            : (top.count > 1
                ? .back(
                    to: (0..<(top.count - 1)).dropLast().reversed().map {
                        WayBack.Target(scene: top[$0], title: named[topStart + $0])
                    }) : .none)
        return WebPage(
            title: screen.title, breadcrumb: crumbs, inModal: inModal,
            underneath: named.prefix(names.count - top.count).joined(separator: " › "),
            elements: screen.elements.map(element), wayBack: wayBack, error: error, token: token, stamp: 0,
            formAction: formAction,
            isEarlier: false, currentURL: formAction
        )
    }

    /// A scene's type name in words, for people: `ListOrders` → `List orders`.
    static func humanized(_ name: String) -> String {
        var words = ""
        var previous: Character?
        for character in name {
            if character == "_" {
                words.append(" ")
            } else if character.isUppercase, let previous, previous.isLowercase || previous.isNumber {
                words.append(" ")
                words.append(contentsOf: character.lowercased())
            } else {
                words.append(character)
            }
            previous = character
        }
        return words
    }

    private static func element(_ element: ScreenElement) -> Element {
        func plain(_ kind: Kind, _ id: String, text: String = "", label: String = "", action: String = "") -> Element {
            Element(
                kind: kind, id: id, text: text, fieldLabel: label, placeholder: "", problem: "", action: action,
                rows: [])
        }
        switch element {
        case .label(let id, let text):
            return plain(.label, id, text: text)
        case .alert(let id, let text):
            return plain(.alert, id, text: text)
        case .textField(let id, let placeholder, let text, _, let problem):
            return Element(
                kind: .field, id: id, text: text, fieldLabel: element.fieldLabel ?? id, placeholder: placeholder,
                problem: problem, action: "", rows: [])
        case .textArea(let id, _, let text, let problem):
            return Element(
                kind: .area, id: id, text: text, fieldLabel: element.fieldLabel ?? id, placeholder: "",
                problem: problem, action: "", rows: [])
        case .secureField(let id, _, let isFilled, let problem):
            // Never the secret: the screen does not hold it, and the page would not show it.
            var secret = Element(
                kind: .secret, id: id, text: "", fieldLabel: element.fieldLabel ?? id, placeholder: "",
                problem: problem, action: "", rows: [])
            secret.isOn = isFilled
            return secret
        case .toggle(let id, let title, let isOn):
            var toggle = plain(.toggle, id, text: title)
            toggle.isOn = isOn
            return toggle
        case .choice(let id, _, let options, let selected):
            var choice = plain(.choice, id, label: element.fieldLabel ?? id)
            choice.options = options
            choice.selected = selected
            return choice
        case .button(let id, let title):
            return plain(.button, id, text: title, action: "tap:\(id)")
        case .list(let id, let rows):
            return Element(
                kind: .list, id: id, text: "", fieldLabel: "", placeholder: "", problem: "", action: "",
                rows: rows.enumerated().map {
                    Row(text: $0.element.title, action: "select:\(id):\($0.offset)", detail: $0.element.detail)
                })
        case .progress(let id, let label, let value):
            var progress = plain(.progress, id, text: label)
            progress.value = value.flatMap { $0.isFinite ? min(max($0, 0), 1) : nil }
            return progress
        case .section(let id, let title, let elements):
            var section = plain(.section, id, text: title)
            section.children = elements.map(Self.element)
            return section
        }
    }
}
