import SceneSDK
import SceneHostCore
import SceneHostNavigation

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
    static let breadcrumbLimit = 5

    package static func render(_ screen: Screen, path: String) -> String {
        let escape = TerminalText.escaped
        let width = (screen.allElements.map { escape($0.id).count }.max() ?? 0) + 2
        var lines = ["== \(escape(screen.title)) ==  (\(escape(path)))"]
        append(screen.elements, indent: "", width: width, to: &lines)
        return lines.joined(separator: "\n")
    }

    /// One line per element (more for a list's rows, a choice's options, a field's problem); a
    /// section's elements follow it, indented by two spaces.
    private static func append(_ elements: [ScreenElement], indent: String, width: Int, to lines: inout [String]) {
        let escape = TerminalText.escaped
        for element in elements {
            let rawID = escape(element.id)
            let id = rawID.padding(to: width)
            let under = indent + String(repeating: " ", count: 8 + width)
            switch element {
            case .label(_, let text):
                lines.append(indent + "label   \(id)\(escape(text))")
            case .alert(_, let text):
                // Marked as a field's problem is: what the user must notice.
                lines.append(indent + "alert   \(id)! \(escape(text))")
            case .textField(_, let placeholder, let text, _, let problem):
                lines.append(
                    indent + "field   \(id)\"\(escape(text))\""
                        + (text.isEmpty && !placeholder.isEmpty ? "  (\(escape(placeholder)))" : ""))
                if !problem.isEmpty { lines.append(under + "! \(escape(problem))") }
            case .textArea(_, let label, let text, let problem):
                lines.append(
                    indent + "text    \(id)\"\(escape(text))\"" + (label.isEmpty ? "" : "  (\(escape(label)))"))
                if !problem.isEmpty { lines.append(under + "! \(escape(problem))") }
            case .secureField(_, let label, let isFilled, let problem):
                // Only whether a secret was typed: the screen never holds it.
                lines.append(
                    indent + "secret  \(id)\(isFilled ? "(filled)" : "(empty)")"
                        + (label.isEmpty ? "" : "  (\(escape(label)))"))
                if !problem.isEmpty { lines.append(under + "! \(escape(problem))") }
            case .toggle(_, let title, let isOn):
                lines.append(indent + "toggle  \(id)[\(isOn ? "x" : " ")] \(escape(title))")
            case .choice(let choiceID, _, let options, let selected) where choiceID.hasPrefix(Navigator.tabBarID):
                // A container's tab bar (`Navigator.composedScreen`): `tab NAME` selects one.
                let tabs = options.enumerated().map { index, title in
                    index == selected ? "[\(escape(title))]" : escape(title)
                }
                lines.append(indent + "tabs    \(id)\(tabs.joined(separator: "  "))")
            case .choice(_, let label, let options, let selected):
                lines.append(
                    indent
                        + (options.isEmpty
                            ? "choice  \(id)\(escape(label)) (no options)" : "choice  \(id)\(escape(label))"))
                for (index, option) in options.enumerated() {
                    lines.append(under + "\(index)  (\(index == selected ? "•" : " ")) \(escape(option))")
                }
            case .button(_, let title):
                lines.append(indent + "button  \(id)[\(escape(title))]")
            case .list(_, let rows):
                lines.append(indent + (rows.isEmpty ? "list    \(id)(empty)" : "list    \(rawID)"))
                for (index, row) in rows.enumerated() {
                    lines.append(
                        under + "\(index)  \(escape(row.title))"
                            + (row.detail.isEmpty ? "" : " — \(escape(row.detail))"))
                }
            case .progress(_, let label, let value):
                lines.append(
                    indent + "busy    \(id)\(escape(label))" + (label.isEmpty ? "" : " ") + progressText(value))
            case .section(_, let title, let inner):
                lines.append(indent + "section \(id)\(escape(title))")
                append(inner, indent: indent + "  ", width: width, to: &lines)
            }
        }
    }

    /// A progress value as text: a whole percentage (0-100, clamped), or "…" when not known.
    static func progressText(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "…" }
        return "\(Int((min(max(value, 0), 1) * 100).rounded(.down)))%"
    }

    /// Where the user is, from the root stack and each modal's stack above it:
    /// `Home › ShowOrder › EditOrder (modal)`. A long one (a segue cycle) is shortened to
    /// `Home › … 96 more … › A › B › C`, so each screen's header stays short however deep the stack.
    /// A container's open slot (`slots`, parallel to `stacks`: nil for the root and each modal)
    /// is named before its first scene: `Main › orders: OrderList › ShowOrder`.
    package static func breadcrumb(_ stacks: [[String]], slots: [String?] = []) -> String {
        var items: [String] = []
        for (index, stack) in stacks.enumerated() {
            let slot = index < slots.count ? slots[index] : nil
            for (position, name) in stack.enumerated() {
                let named = position == 0 ? slot.map { "\($0): \(name)" } ?? name : name
                items.append(index > 0 && slot == nil && position == stack.count - 1 ? "\(named) (modal)" : named)
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
