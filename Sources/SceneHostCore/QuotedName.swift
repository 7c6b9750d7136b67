/// A name from input or from a plugin (a route, scene, setting, segue id, link), quoted for a
/// message and cut to a readable length: `'Home'`, or `'RRRR…' (102400 characters)`.
///
/// A router may ask for a route named by 10 MB of text, a config may hold a 100 KB segue id:
/// printed whole, one such name buries the message (and the terminal). Lengths count Unicode
/// scalars, not grapheme clusters, so a name that is one letter and 100,000 combining marks is
/// cut too. The text is not escaped here: every message is escaped as a whole when rendered
/// (`TerminalText.escaped`), and cutting first keeps what is escaped small.
package enum QuotedName {
    /// Names longer than this many Unicode scalars are cut to it.
    static let readableLength = 80

    /// `name` in single quotes; when longer than `readableLength`, its first `readableLength`
    /// scalars and "…" in the quotes, then its full length.
    package static func quoted(_ name: String) -> String {
        guard let cut = cut(name) else { return "'\(name)'" }
        return "'\(cut.prefix)…' (\(cut.length) characters)"
    }

    /// `name` as it is, or when too long its first `readableLength` scalars, "…" and its length
    /// after a space: for places that quote the name themselves (`route(to: "…")`).
    package static func shortened(_ name: String) -> String {
        guard let cut = cut(name) else { return name }
        return "\(cut.prefix)… (\(cut.length) characters)"
    }

    /// The kept start and full length (in scalars) of a name over the readable length; nil for one within it.
    private static func cut(_ name: String) -> (prefix: String, length: Int)? {
        // The UTF-8 length bounds the scalar count from above: most names end the check here.
        guard name.utf8.count > readableLength else { return nil }
        let scalars = name.unicodeScalars
        var prefix = String.UnicodeScalarView()
        var length = 0
        for scalar in scalars {
            if length < readableLength { prefix.append(scalar) }
            length += 1
        }
        guard length > readableLength else { return nil }
        return (String(prefix), length)
    }
}

extension String.StringInterpolation {
    /// `\(name: text)`: `text` quoted and cut as `QuotedName.quoted` does.
    package mutating func appendInterpolation(name: String) {
        appendLiteral(QuotedName.quoted(name))
    }
}
