@_spi(SceneHost) import SceneSDK

/// What one page shows, as plain values for the HTML template: the screen on top, where the user
/// is (breadcrumb, modal or not), the ways back, the last error, the session's form token.
///
/// Text is raw here; the template engine escapes every value it inserts.
public struct WebPage: Sendable {
    public struct Crumb: Sendable {
        public let name: String
        public let isModal: Bool
        public let isCurrent: Bool
    }

    public struct Row: Sendable {
        public let text: String
        public let action: String
    }

    public struct Element: Sendable {
        public let id: String
        public let isLabel: Bool
        public let isField: Bool
        public let isButton: Bool
        public let isList: Bool
        /// A label's text, a field's text, a button's title.
        public let text: String
        /// A field's accessible label: its placeholder, else its id.
        public let fieldLabel: String
        public let placeholder: String
        public let action: String
        public let rows: [Row]
    }

    /// A scene below the top one that the page offers to go back to.
    public struct BackLink: Sendable {
        public let scene: String
        public let action: String
    }

    public let title: String
    public let breadcrumb: [Crumb]
    /// The scene on top was presented modally: the page shows it as a dialog.
    public let inModal: Bool
    /// The scenes under the modal, for the dialog's description.
    public let underneath: String
    public let elements: [Element]
    public let canGoBack: Bool
    public let backTargets: [BackLink]
    public let error: String?
    public let token: String
    /// The session's state this page shows (`WebSession.version`), sent back with its form.
    public let version: Int

    /// The page of `session` now; consumes its pending error.
    @MainActor
    public static func make(for session: WebSession) throws -> WebPage {
        let (screen, layers) = try session.app.view()
        var crumbs: [Crumb] = []
        for (index, stack) in layers.enumerated() {
            for (position, name) in stack.enumerated() {
                let isCurrent = index == layers.count - 1 && position == stack.count - 1
                crumbs.append(Crumb(name: name, isModal: index > 0 && position == 0, isCurrent: isCurrent))
            }
        }
        let top = layers.last ?? []
        let below = top.dropLast().reversed().dropFirst()
        let error = session.pendingError
        session.pendingError = nil
        return WebPage(
            title: screen.title,
            breadcrumb: crumbs,
            inModal: layers.count > 1,
            underneath: layers.dropLast().flatMap { $0 }.joined(separator: " › "),
            elements: screen.elements.map(element),
            canGoBack: top.count > 1 || layers.count > 1,
            backTargets: below.map { BackLink(scene: $0, action: "back:\($0)") },
            error: error,
            token: session.token,
            version: session.version
        )
    }

    private static func element(_ element: ScreenElement) -> Element {
        switch element {
        case .label(let id, let text):
            return Element(id: id, isLabel: true, isField: false, isButton: false, isList: false, text: text, fieldLabel: "", placeholder: "", action: "", rows: [])
        case .textField(let id, let placeholder, let text):
            return Element(id: id, isLabel: false, isField: true, isButton: false, isList: false, text: text,
                           fieldLabel: placeholder.isEmpty ? id : placeholder, placeholder: placeholder, action: "", rows: [])
        case .button(let id, let title):
            return Element(id: id, isLabel: false, isField: false, isButton: true, isList: false, text: title, fieldLabel: "", placeholder: "", action: "tap:\(id)", rows: [])
        case .list(let id, let rows):
            return Element(id: id, isLabel: false, isField: false, isButton: false, isList: true, text: "", fieldLabel: "", placeholder: "", action: "",
                           rows: rows.enumerated().map { Row(text: $0.element, action: "select:\(id):\($0.offset)") })
        }
    }
}
