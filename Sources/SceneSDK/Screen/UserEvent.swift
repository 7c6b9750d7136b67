/// What the user did, as a frontend reports it to the scene on screen.
///
/// Going back is not an event: the host pops or dismisses the scene itself.
public enum UserEvent: Equatable, Sendable {
    /// The text field, text area or secure field `field` now holds `text`.
    case edit(field: String, text: String)
    /// The button `button` was tapped.
    case tap(button: String)
    /// Row `row` (0-based) of the list `list` was selected.
    case select(list: String, row: Int)
    /// The toggle `toggle` was switched on or off.
    case set(toggle: String, isOn: Bool)
    /// Option `option` (0-based) of the choice `choice` was chosen.
    case choose(choice: String, option: Int)
}
