/// One element of a `Screen`, addressed by its stable `id`.
///
/// Ids are unique within a screen, sections' elements included: events and segues name elements by id.
public indirect enum ScreenElement: Equatable, Sendable {
    /// Read-only text.
    case label(id: String, text: String)
    /// A message the user must notice at once: a save refused because someone else changed the
    /// record meanwhile, say. A web page announces it as it appears (`role=alert`) and moves the
    /// focus to it (a field's `problem` goes first); the terminal marks it with `!`. Text that is
    /// simply there is a `label`.
    case alert(id: String, text: String)
    /// Editable text on one line; `placeholder` is shown while `text` is empty.
    ///
    /// `label` names the field for people and assistive technology (the web frontend's `<label>`); empty means "use the placeholder, else the id". `problem` is a
    /// message about the field's current text (a validation failure): the web page shows it tied to the
    /// field and moves the focus there, the terminal on the line below the field; empty means none. Both may be left out:
    /// `.textField(id: "name", placeholder: "Your name", text: "")` still compiles.
    case textField(id: String, placeholder: String, text: String, label: String = "", problem: String = "")
    /// Editable text of several lines (the web's `<textarea>`); an edit sends `UserEvent.edit`, like a text field.
    case textArea(id: String, label: String, text: String, problem: String = "")
    /// A secret the user types (a password): the screen never holds it, only whether one was typed.
    ///
    /// The typed text reaches the scene once, as `UserEvent.edit`; keep it in the interactor and
    /// show `isFilled`. The host never echoes, prints, records, stores or logs it, so a restore
    /// after a crash or a restart leaves the field empty (and says so).
    case secureField(id: String, label: String, isFilled: Bool, problem: String = "")
    /// An on/off switch (the web's checkbox); a change sends `UserEvent.set(toggle:isOn:)`.
    case toggle(id: String, title: String, isOn: Bool)
    /// One of `options`, by index (the web's `<select>`); nil while none is chosen. A change sends
    /// `UserEvent.choose(choice:option:)`.
    case choice(id: String, label: String, options: [String], selected: Int?)
    /// A button; a tap on it sends `UserEvent.tap` or, when a segue in `scenes.conf` has this id, performs it.
    case button(id: String, title: String)
    /// Rows the user can select by index (0-based), each with a title and an optional detail line.
    case list(id: String, rows: [ListRow])
    /// How far work has come: `value` from 0 to 1, or nil when that is not known (indeterminate).
    /// While a screen shows one, frontends mark it busy.
    case progress(id: String, label: String, value: Double?)
    /// A titled group of elements (the web's `<section>` with a heading); its elements are on the
    /// screen like any other, addressed by their own ids.
    case section(id: String, title: String, elements: [ScreenElement])

    /// Rows of plain titles: `.list(id: "orders", rows: names)`. Disfavoured, so a literal
    /// (`rows: []`, `rows: ["a"]`) still means the case's rows.
    @_disfavoredOverload
    public static func list(id: String, rows: [String]) -> ScreenElement {
        .list(id: id, rows: rows.map { ListRow(title: $0) })
    }

    public var id: String {
        switch self {
        case .label(let id, _), .alert(let id, _), .textField(let id, _, _, _, _), .textArea(let id, _, _, _), .secureField(let id, _, _, _),
             .toggle(let id, _, _), .choice(let id, _, _, _), .button(let id, _), .list(let id, _), .progress(let id, _, _),
             .section(let id, _, _):
            return id
        }
    }

    /// The option `selected` names, or nil for none, or for an index outside `options` (a plugin's
    /// bug shows as nothing chosen, never a trap in whoever reads the screen).
    @_spi(SceneHost) @_spi(SceneTesting)
    public static func chosen(_ options: [String], _ selected: Int?) -> String? {
        guard let selected, options.indices.contains(selected) else { return nil }
        return options[selected]
    }

    /// An input's name for people: its label, else a text field's placeholder, else its id; nil for
    /// elements that take no typed text or choice.
    public var fieldLabel: String? {
        switch self {
        case .textField(let id, let placeholder, _, let label, _):
            return !label.isEmpty ? label : !placeholder.isEmpty ? placeholder : id
        case .textArea(let id, let label, _, _), .secureField(let id, let label, _, _), .choice(let id, let label, _, _):
            return label.isEmpty ? id : label
        case .label, .alert, .toggle, .button, .list, .progress, .section:
            return nil
        }
    }
}

/// One row of a list: a title, and a detail line under it (empty for none).
public struct ListRow: Equatable, Sendable, ExpressibleByStringLiteral {
    public var title: String
    public var detail: String

    public init(title: String, detail: String = "") {
        self.title = title
        self.detail = detail
    }

    public init(stringLiteral title: String) {
        self.init(title: title)
    }
}
