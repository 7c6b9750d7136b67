import SceneSDK

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
public enum ScreenTextRenderer {
    public static func render(_ screen: Screen, path: String) -> String {
        let width = (screen.elements.map(\.id.count).max() ?? 0) + 2
        var lines = ["== \(screen.title) ==  (\(path))"]
        for element in screen.elements {
            let id = element.id.padding(to: width)
            switch element {
            case .label(_, let text):
                lines.append("label   \(id)\(text)")
            case .textField(_, let placeholder, let text):
                lines.append("field   \(id)\"\(text)\"" + (text.isEmpty ? "  (\(placeholder))" : ""))
            case .button(_, let title):
                lines.append("button  \(id)[\(title)]")
            case .list(_, let rows):
                lines.append(rows.isEmpty ? "list    \(id)(empty)" : "list    \(element.id)")
                for (index, row) in rows.enumerated() {
                    lines.append(String(repeating: " ", count: 8 + width) + "\(index)  \(row)")
                }
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
