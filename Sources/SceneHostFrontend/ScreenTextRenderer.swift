import SceneSDK
import SceneHostCore

/// Draws a `Screen` as plain text, the form script mode prints and tests read.
///
/// ```
/// == Home ==  (Home)
/// label   prompt      Type a message for Detail
/// field   message     "Hello"
/// button  showDetail  [Show detail (segue)]
/// list    orders
///           0  Order 1
/// ```
///
/// Everything on the screen comes from a plugin, so every text is printed through
/// `TerminalText.escaped`: one screen line per element, whatever the plugin put in it.
package enum ScreenTextRenderer {
    /// Breadcrumbs longer than this show their first scene, a count, and the last three.
    package static let breadcrumbLimit = 5

    package static func render(_ screen: Screen, path: String) -> String {
        let escape = TerminalText.escaped
        let ids = screen.elements.map { escape($0.id) }
        let width = (ids.map(\.count).max() ?? 0) + 2
        var lines = ["== \(escape(screen.title)) ==  (\(escape(path)))"]
        for (element, rawID) in zip(screen.elements, ids) {
            let id = rawID.padding(to: width)
            switch element {
            case .label(_, let text):
                lines.append("label   \(id)\(escape(text))")
            case .textField(_, let placeholder, let text, _, let problem):
                lines.append("field   \(id)\"\(escape(text))\"" + (text.isEmpty && !placeholder.isEmpty ? "  (\(escape(placeholder)))" : ""))
                if !problem.isEmpty { lines.append(String(repeating: " ", count: 8 + width) + "! \(escape(problem))") }
            case .button(_, let title):
                lines.append("button  \(id)[\(escape(title))]")
            case .list(_, let rows):
                lines.append(rows.isEmpty ? "list    \(id)(empty)" : "list    \(rawID)")
                for (index, row) in rows.enumerated() {
                    lines.append(String(repeating: " ", count: 8 + width) + "\(index)  \(escape(row))")
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Where the user is, from the root stack and each modal's stack above it:
    /// `Home › ShowOrder › EditOrder (modal)`. A long one (a segue cycle) is shortened to
    /// `Home › … 96 more … › A › B › C`, so each screen's header stays short however deep the stack.
    package static func breadcrumb(_ stacks: [[String]]) -> String {
        var items: [String] = []
        for (index, stack) in stacks.enumerated() {
            for (position, name) in stack.enumerated() {
                items.append(index > 0 && position == stack.count - 1 ? "\(name) (modal)" : name)
            }
        }
        return breadcrumb(count: items.count) { items[$0] }
    }

    /// The breadcrumb of `count` items, asking `item` (the i-th item, bottom first, marked as above)
    /// only for the ones it shows: at most five, so drawing it costs the same however deep the stack.
    package static func breadcrumb(count: Int, item: (Int) -> String) -> String {
        guard count > breadcrumbLimit else { return (0..<count).map(item).joined(separator: " › ") }
        return ([item(0), "… \(count - 4) more …"] + (count - 3..<count).map(item)).joined(separator: " › ")
    }
}

extension String {
    package func padding(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
