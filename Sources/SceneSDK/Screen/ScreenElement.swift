/// One element of a `Screen`, addressed by its stable `id`.
public enum ScreenElement: Equatable, Sendable {
    /// Read-only text.
    case label(id: String, text: String)
    /// Editable text; `placeholder` is shown while `text` is empty.
    ///
    /// `label` names the field for people and assistive technology (the web frontend's `<label>`); empty means "use the placeholder, else the id". `problem` is a
    /// message about the field's current text (a validation failure): the web page shows it tied to the
    /// field and moves the focus there, the terminal on the line below the field; empty means none. Both may be left out:
    /// `.textField(id: "name", placeholder: "Your name", text: "")` still compiles.
    case textField(id: String, placeholder: String, text: String, label: String = "", problem: String = "")
    /// A button; a tap on it sends `UserEvent.tap` or, when a segue in `scenes.conf` has this id, performs it.
    case button(id: String, title: String)
    /// Rows the user can select by index (0-based).
    case list(id: String, rows: [String])

    public var id: String {
        switch self {
        case .label(let id, _), .textField(let id, _, _, _, _), .button(let id, _), .list(let id, _):
            return id
        }
    }

    /// A text field's name for people: its label, else its placeholder, else its id.
    public var fieldLabel: String? {
        guard case .textField(let id, let placeholder, _, let label, _) = self else { return nil }
        return !label.isEmpty ? label : !placeholder.isEmpty ? placeholder : id
    }
}
