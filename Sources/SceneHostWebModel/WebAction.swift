import SceneHostFrontend
/// What one form post asks for: the fields' new texts, then one command.
///
/// The page is one form: every text field is `field.ID`, every button submits `action` with a
/// value naming the command (`tap:ID`, `select:LIST:ROW`, `back`, `back:SCENE`, `dismiss`).
/// Fields whose text did not change are not sent to the scene, as a person typing would not.
package struct WebAction: Equatable, Sendable {
    package let fills: [FrontendCommand]
    package let command: FrontendCommand

    /// The action of `form` on `screen` (only its text fields are filled).
    package init(form: WebForm, fieldsOnScreen: [String: String]) throws(WebError) {
        guard let action = form.value("action") else { throw .unknownAction("") }
        command = try Self.command(action)
        var fills: [FrontendCommand] = []
        for (name, value) in form.fields where name.hasPrefix("field.") {
            let id = String(name.dropFirst("field.".count))
            guard let current = fieldsOnScreen[id], current != value else { continue }
            fills.append(.fill(field: id, text: value))
        }
        self.fills = fills
    }

    private static func command(_ action: String) throws(WebError) -> FrontendCommand {
        let parts = action.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        switch (parts.first, parts.count) {
        case ("tap", 2) where !parts[1].isEmpty: return .tap(button: parts[1])
        case ("select", 3):
            guard let row = Int(parts[2]), row >= 0, !parts[1].isEmpty else { throw .unknownAction(action) }
            return .select(list: parts[1], row: row)
        case ("back", 1): return .back
        case ("back", 2) where !parts[1].isEmpty: return .backTo(scene: parts[1])
        case ("dismiss", 1): return .dismiss
        default: throw .unknownAction(action)
        }
    }
}
