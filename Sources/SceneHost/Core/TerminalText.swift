/// Makes text from outside the host (plugins, configs, caches, users) safe to print.
///
/// A plugin's label or a config value could hold terminal escape sequences (changing colours,
/// the title, or what the user sees) or line breaks (faking a line the host never wrote). Every
/// renderer passes outside text through `escaped` before printing it.
public enum TerminalText {
    /// `text` with C0 controls (line breaks and tabs too), DEL, C1 controls, the Unicode line
    /// and paragraph separators and the bidirectional overrides written as visible escapes
    /// (`\n`, `\t`, `\r`, `\u{1B}`). A backslash stays as it is, so escaping twice changes nothing.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
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
    public static func escapedLines(_ text: String) -> String {
        if text.utf8.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x0A }) { return text }
        if !text.unicodeScalars.contains(where: { $0 != "\n" && needsEscape($0) }) { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0)) }.joined(separator: "\n")
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x2028, 0x2029: return true
        case 0x202A...0x202E, 0x2066...0x2069: return true  // bidirectional embeddings, overrides, isolates
        default: return false
        }
    }
}
