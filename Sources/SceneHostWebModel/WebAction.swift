@_spi(SceneHost) import SceneSDK
import SceneHostFrontend
/// What one form post asks for: the inputs' new values, then one command.
///
/// The page is one form: every text field is `field.ID`, every text area `area.ID`, every secure
/// field `secret.ID` (never filled in by the page), every toggle a checkbox `toggle.ID` named by a
/// hidden `shown.toggle`, every choice a `<select>` `choice.ID` of option indexes; every button
/// submits `action` with a value naming the command (`tap:ID`, `select:LIST:ROW`, `back`,
/// `back:SCENE`, `dismiss`, `apply` (the fills alone: a tabbed page's Enter), and `choose:CHOICE:INDEX` for a tab of a container's tab bar, which the
/// page shows as buttons, not as a `<select>`). Inputs whose value did not change are not sent to the scene, as a
/// person who did not touch them would not; an empty secure field is one left alone.
package struct WebAction: Equatable, Sendable {
    package let fills: [FrontendCommand]
    package let command: FrontendCommand

    /// The action of `form` on `screen`, the screen its page showed.
    package init(form: WebForm, screen: Screen) throws(WebError) {
        guard let action = form.value("action") else { throw .unknownAction("") }
        command = try Self.command(action)
        let shownToggles = Set(form.fields.filter { $0.name == "shown.toggle" }.map(\.value))
        var posted: [String: String] = [:]
        for (name, value) in form.fields where posted[name] == nil { posted[name] = value }
        var fills: [FrontendCommand] = []
        for element in screen.allElements {
            switch element {
            case .textField(let id, _, let text, _, _):
                if let value = posted["field." + id], value != text { fills.append(.fill(field: id, text: value)) }
            case .textArea(let id, _, let text, _):
                // Browsers send a text area's line breaks as CR LF.
                if let value = posted["area." + id].map(Self.lineFeeds), value != text {
                    fills.append(.fill(field: id, text: value))
                }
            case .secureField(let id, _, _, _):
                if let value = posted["secret." + id], !value.isEmpty { fills.append(.fill(field: id, text: value)) }
            case .toggle(let id, _, let isOn):
                guard shownToggles.contains(id) else { continue }
                let checked = posted["toggle." + id] != nil
                if checked != isOn { fills.append(.toggle(toggle: id, isOn: checked)) }
            case .choice(let id, _, let options, let selected):
                guard let value = posted["choice." + id], !value.isEmpty else { continue }
                guard let index = Int(value), options.indices.contains(index) else {
                    throw .unknownAction("choice.\(id)=\(value)")
                }
                if index != selected { fills.append(.choose(choice: id, option: String(index))) }
            case .label, .alert, .button, .list, .progress, .section:
                continue
            }
        }
        self.fills = fills
    }

    /// `text` with each CR LF (and lone CR) made a LF.
    static func lineFeeds(_ text: String) -> String {
        guard text.unicodeScalars.contains("\r") else { return text }
        var result = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            if scalar == "\n", previous == "\r" { continue }
            result.append(scalar == "\r" ? "\n" : scalar)
        }
        return String(result)
    }

    private static func command(_ action: String) throws(WebError) -> FrontendCommand {
        let parts = action.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        switch (parts.first, parts.count) {
        case ("tap", 2) where !parts[1].isEmpty: return .tap(button: parts[1])
        case ("select", 3):
            guard let row = Int(parts[2]), row >= 0, !parts[1].isEmpty else { throw .unknownAction(action) }
            return .select(list: parts[1], row: row)
        case ("choose", 3):
            // An option by its index only: a tab's button names the tab it shows by its place.
            guard let option = Int(parts[2]), option >= 0, !parts[1].isEmpty else { throw .unknownAction(action) }
            return .choose(choice: parts[1], option: String(option))
        case ("back", 1): return .back
        // A tabbed page's default button (Enter in a field): the fills, and no command after them.
        case ("apply", 1): return .print
        case ("back", 2) where !parts[1].isEmpty: return .backTo(scene: parts[1])
        case ("dismiss", 1): return .dismiss
        default: throw .unknownAction(action)
        }
    }
}
