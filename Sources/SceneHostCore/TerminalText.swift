/// Makes text from outside the host (plugins, configs, caches, users) safe to print.
///
/// A plugin's label or a config value could hold terminal escape sequences (changing colours,
/// the title, or what the user sees) or line breaks (faking a line the host never wrote). Every
/// renderer passes outside text through `escaped` before printing it.
package enum TerminalText {
    /// `text` with C0 controls (line breaks and tabs too), DEL, C1 controls, the Unicode line
    /// and paragraph separators, the bidirectional overrides and invisible format characters
    /// (outside emoji sequences) written as visible escapes
    /// (`\n`, `\t`, `\r`, `\u{1B}`). A backslash stays as it is, so escaping twice changes nothing.
    package static func escaped(_ text: String) -> String {
        guard containsEscape(text.unicodeScalars) else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            guard needsEscape(scalar, after: previous) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return result
    }

    /// Each line of `text` escaped, the line breaks kept: what the host prints.
    ///
    /// Text with nothing to escape but its line breaks (nearly all output: `list` of a thousand
    /// plugins) is returned as it is, without splitting it into characters: a "\n" not after a
    /// "\r" is always a character of its own, so splitting at it and joining again gives the text
    /// back, and a "\r" needs escaping anyway.
    package static func escapedLines(_ text: String) -> String {
        if text.utf8.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x0A }) { return text }
        if !containsEscape(text.unicodeScalars, keepingLineBreaks: true) { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0)) }.joined(
            separator: "\n")
    }

    /// Whether any scalar of `scalars` is escaped (line breaks not counted when `keepingLineBreaks`).
    static func containsEscape(_ scalars: String.UnicodeScalarView, keepingLineBreaks: Bool = false) -> Bool {
        var previous: Unicode.Scalar?
        for scalar in scalars {
            if !(keepingLineBreaks && scalar == "\n"), needsEscape(scalar, after: previous) { return true }
            previous = scalar
        }
        return false
    }

    /// Controls, separators and bidi controls always; invisible format characters (Unicode Cf, and
    /// every default-ignorable code point: a zero-width joiner in `co\u{200D}unt`, a soft hyphen, a
    /// variation selector) unless they follow an emoji, where they join or style it (👩‍👩‍👧, ❤️).
    static func needsEscape(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar? = nil) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x2028, 0x2029: return true
        case 0x202A...0x202E, 0x2066...0x2069: return true  // bidirectional embeddings, overrides, isolates
        case 0x20...0x7E: return false
        default:
            guard scalar.properties.generalCategory == .format || scalar.properties.isDefaultIgnorableCodePoint else {
                return false
            }
            guard let previous, previous.value > 0x7F else { return true }
            return
                !(previous.properties.isEmoji || previous.properties.isEmojiModifier
                || previous.properties.isEmojiPresentation
                || previous.value == 0x200D || (0xFE00...0xFE0F).contains(previous.value))
        }
    }
}
