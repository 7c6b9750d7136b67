/// Which posted texts are refused: control characters (a NUL would be cut off by C code and
/// SQLite on the way, a line break cannot be typed into a one-line field) and the invisible
/// bidirectional controls that would turn the rest of a line around when shown (U+202E "reverses"
/// a price to "00.5$"). Such a text is refused with the field's problem shown, never cut or changed.
enum WebFieldCheck {
    /// The input a form field names (`field.ID`, `area.ID`, `secret.ID`) and the problem of its
    /// text, or nil when it names no input or its text may be kept. A text area may hold line breaks.
    package static func problem(inFormField name: String, value: String) -> (id: String, problem: String)? {
        for (prefix, area) in [("field.", false), ("secret.", false), ("area.", true)] where name.hasPrefix(prefix) {
            guard let problem = problem(in: value, inArea: area) else { return nil }
            return (String(name.dropFirst(prefix.count)), problem)
        }
        return nil
    }

    /// The problem of `text`, or nil when it may be kept as it is. `inArea`: a text area's text,
    /// whose line breaks and tabs (a pasted table, indented lines) are kept.
    package static func problem(in text: String, inArea: Bool = false) -> String? {
        for scalar in text.unicodeScalars {
            if inArea, scalar == "\n" || scalar == "\r" || scalar == "\t" { continue }
            if scalar.properties.generalCategory == .control {
                return
                    "This text holds a control character (\(code(scalar))), which cannot be kept. Remove it and try again."
            }
            if (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value) {
                return
                    "This text holds an invisible direction control (\(code(scalar))) that would change how the text around it reads. Remove it and try again."
            }
        }
        return nil
    }

    /// `U+0000`.
    private static func code(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
