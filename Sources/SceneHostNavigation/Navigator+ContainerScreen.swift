@_spi(SceneHost) import SceneSDK
import SceneHostContainer

/// The screen of a scene shown in containers, as every frontend draws it: the scene's own screen
/// inside its containers' chrome, composed by the host from elements every frontend knows.
///
/// - A container of tabs adds its tab bar first: a choice whose id is `@tabs` (`@tabs-2`, ... for
///   a container of tabs inside another), whose options are the tabs' titles and whose selection
///   is the tab shown. Choosing an option selects that tab (`tab NAME` in the terminal).
/// - A container of panes shows each pane as a section whose id is `@` and the pane's name, in
///   declared order: the focused pane holds the top scene's own elements, every other pane its
///   top scene's screen with each id written `PANE/ID` (`list/open`). An event on such an id moves
///   the focus to that pane, then goes to its scene as `ID`.
///
/// Ids that start with `@` are the host's: a scene's own elements should not use them.
extension Navigator {
    /// The prefix of the ids of the host's container chrome.
    package nonisolated static let chromePrefix = "@"
    /// The id of the outermost tab bar shown.
    package nonisolated static let tabBarID = "@tabs"

    /// `own` (the top scene's screen) inside the chrome of every container shown with it.
    func composedScreen(around own: Screen) -> Screen {
        var body = own.elements
        let shown = shownContainers()
        var tabBars = shown.filter { containers[ObjectIdentifier($0.scene)]?.kind == .tab }.count
        for (_, container) in shown {
            guard let state = containers[ObjectIdentifier(container)] else { continue }
            switch state.kind {
            case .tab:
                tabBars -= 1
                let bar = ScreenElement.choice(
                    id: Self.tabBarID(tabBars), label: container.display.render().title,
                    options: state.slots.map(\.title), selected: state.focus)
                body.insert(bar, at: 0)
            case .pane:
                body = state.slots.indices.map { index in
                    let slot = state.slots[index]
                    if index == state.focus {
                        return .section(id: Self.chromePrefix + slot.name, title: slot.title, elements: body)
                    }
                    let shown = state.stacks[index].last.map { $0.display.render().elements } ?? []
                    return .section(
                        id: Self.chromePrefix + slot.name, title: slot.title,
                        elements: shown.map { Self.qualified($0, by: slot.name) })
                }
            }
        }
        return Screen(title: own.title, elements: body)
    }

    /// The id of the tab bar `depth` containers of tabs deep (0: the outermost shown).
    static func tabBarID(_ depth: Int) -> String {
        depth == 0 ? tabBarID : "\(tabBarID)-\(depth + 1)"
    }

    /// `element` with its id (and its section's elements' ids) written `PANE/ID`. Package: the
    /// benchmark's hand-wired split composes its panes the same way.
    package static func qualified(_ element: ScreenElement, by pane: String) -> ScreenElement {
        let prefix = pane + "/"
        switch element {
        case .label(let id, let text): return .label(id: prefix + id, text: text)
        case .alert(let id, let text): return .alert(id: prefix + id, text: text)
        case .textField(let id, let placeholder, let text, let label, let problem):
            return .textField(id: prefix + id, placeholder: placeholder, text: text, label: label, problem: problem)
        case .textArea(let id, let label, let text, let problem):
            return .textArea(id: prefix + id, label: label, text: text, problem: problem)
        case .secureField(let id, let label, let isFilled, let problem):
            return .secureField(id: prefix + id, label: label, isFilled: isFilled, problem: problem)
        case .toggle(let id, let title, let isOn): return .toggle(id: prefix + id, title: title, isOn: isOn)
        case .choice(let id, let label, let options, let selected):
            return .choice(id: prefix + id, label: label, options: options, selected: selected)
        case .button(let id, let title): return .button(id: prefix + id, title: title)
        case .list(let id, let rows): return .list(id: prefix + id, rows: rows)
        case .progress(let id, let label, let value): return .progress(id: prefix + id, label: label, value: value)
        case .section(let id, let title, let elements):
            return .section(id: prefix + id, title: title, elements: elements.map { qualified($0, by: pane) })
        }
    }

    /// Handles `event` (checked against the composed `screen`) when it is meant for the chrome: a
    /// tab chosen, or an element of a pane beside the focused one. False: it is the top scene's.
    /// On error the focus is where it was.
    func sendToContainer(_ event: UserEvent, on screen: Screen) throws -> Bool {
        if case .choose(let choice, let option) = event, choice.hasPrefix(Self.tabBarID) {
            let bars = shownContainers().filter { containers[ObjectIdentifier($0.scene)]?.kind == .tab }
            for (depth, bar) in bars.reversed().enumerated() where Self.tabBarID(depth) == choice {
                select(slot: option, ofContainerAt: bar.layer)
                return true
            }
            return false
        }
        guard let id = event.elementID, let slash = id.firstIndex(of: "/") else { return false }
        let pane = String(id[..<slash]), inner = String(id[id.index(after: slash)...])
        for (layer, container) in shownContainers() {
            guard let state = containers[ObjectIdentifier(container)], state.kind == .pane,
                let index = state.index(of: pane), index != state.focus
            else { continue }
            let before = state.focus
            select(slot: index, ofContainerAt: layer)
            do {
                try send(event.with(elementID: inner))
            } catch {
                select(slot: before, ofContainerAt: layer)
                throw error
            }
            return true
        }
        return false
    }
}

extension UserEvent {
    /// The id of the element the event is on.
    var elementID: String? {
        switch self {
        case .tap(let id), .edit(let id, _), .select(let id, _), .set(let id, _), .choose(let id, _): return id
        }
    }

    /// The same event on the element `id`.
    func with(elementID id: String) -> UserEvent {
        switch self {
        case .tap: return .tap(button: id)
        case .edit(_, let text): return .edit(field: id, text: text)
        case .select(_, let row): return .select(list: id, row: row)
        case .set(_, let isOn): return .set(toggle: id, isOn: isOn)
        case .choose(_, let option): return .choose(choice: id, option: option)
        }
    }
}
