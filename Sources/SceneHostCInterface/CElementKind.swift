@_spi(SceneHost) import SceneSDK

/// The kinds of element a C scene's screen holds, one per case of `ScreenElement` (named as the
/// case), each added by a function of the interface.
package enum CElementKind: String, CaseIterable, Sendable {
    case label, alert, textField, textArea, secureField, toggle, choice, button, list, progress, section

    /// The kind of `element`. One case per case of `ScreenElement`, and no default case: a new kind of
    /// element in the SDK does not compile until the C interface has a function that adds it.
    package init(_ element: ScreenElement) {
        switch element {
        case .label: self = .label
        case .alert: self = .alert
        case .textField: self = .textField
        case .textArea: self = .textArea
        case .secureField: self = .secureField
        case .toggle: self = .toggle
        case .choice: self = .choice
        case .button: self = .button
        case .list: self = .list
        case .progress: self = .progress
        case .section: self = .section
        }
    }

    /// The function of `scene_host_api` that adds such an element (a section: begins it).
    package var function: String {
        switch self {
        case .label: return "add_label"
        case .alert: return "add_alert"
        case .textField: return "add_text_field"
        case .textArea: return "add_text_area"
        case .secureField: return "add_secure_field"
        case .toggle: return "add_toggle"
        case .choice: return "add_choice"
        case .button: return "add_button"
        case .list: return "add_list"
        case .progress: return "add_progress"
        case .section: return "begin_section"
        }
    }

    /// The function that ends such an element, nil when one call adds it whole.
    package var endFunction: String? {
        switch self {
        case .section: return "end_section"
        case .label, .alert, .textField, .textArea, .secureField, .toggle, .choice, .button, .list, .progress:
            return nil
        }
    }

    /// An element of this kind.
    package var example: ScreenElement {
        switch self {
        case .label: return .label(id: "", text: "")
        case .alert: return .alert(id: "", text: "")
        case .textField: return .textField(id: "", placeholder: "", text: "")
        case .textArea: return .textArea(id: "", label: "", text: "")
        case .secureField: return .secureField(id: "", label: "", isFilled: false)
        case .toggle: return .toggle(id: "", title: "", isOn: false)
        case .choice: return .choice(id: "", label: "", options: [], selected: nil)
        case .button: return .button(id: "", title: "")
        case .list: return .list(id: "", rows: [ListRow]())
        case .progress: return .progress(id: "", label: "", value: nil)
        case .section: return .section(id: "", title: "", elements: [])
        }
    }
}
