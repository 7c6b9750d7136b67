/// One element of a `Screen`, addressed by its stable `id`.
public enum ScreenElement: Equatable, Sendable {
    /// Read-only text.
    case label(id: String, text: String)
    /// Editable text; `placeholder` is shown while `text` is empty.
    case textField(id: String, placeholder: String, text: String)
    /// A button; a tap on it sends `UserEvent.tap` or, when a segue in `scenes.conf` has this id, performs it.
    case button(id: String, title: String)
    /// Rows the user can select by index (0-based).
    case list(id: String, rows: [String])

    public var id: String {
        switch self {
        case .label(let id, _), .textField(let id, _, _), .button(let id, _), .list(let id, _):
            return id
        }
    }
}
