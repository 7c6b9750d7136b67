import Foundation
import SceneHostCore
/// The TOML parser's error text, with the key it quotes taken from the file.
///
/// The parser quotes a key as it recorded it while reading, and records a quoted key part
/// wrongly: `["plugins".P]` written twice is reported as "cannot redefine existing table
/// '"plplugins".P'". Its messages that quote a key (a redefinition, an insert into an inline
/// table) get the key exactly as the error's line writes it: the header's name, or the text
/// before a key's `=`.
enum TOMLParseMessage {
    /// `description` with its quoted key replaced by the key written on `line` (the error's line);
    /// unchanged when it quotes no key or the line holds none.
    static func corrected(_ description: String, line: Substring) -> String {
        let heads = ["cannot redefine existing ", "cannot insert '"]
        let tails = ["' as array-of-tables", "' as table", "' into existing inline table", "'"]
        guard let head = heads.lazy.compactMap({ description.range(of: $0) }).first,
            let tail = tails.first(where: { description.hasSuffix($0) }),
            let key = writtenKey(on: line)
        else { return description }
        // After "cannot insert '", or after the first quote following "cannot redefine existing KIND ".
        let open: String.Index
        if description[head].hasSuffix("'") {
            open = head.upperBound
        } else {
            guard let quote = description[head.upperBound...].firstIndex(of: "'") else { return description }
            open = description.index(after: quote)
        }
        let close = description.index(description.endIndex, offsetBy: -tail.count)
        guard open <= close else { return description }
        return description[..<open] + key + description[close...]
    }

    /// The key a line writes: the name of a `[table]` or `[[array]]` header, or the text before the
    /// `=` of `key = value` (quotes kept, blanks around it dropped); nil for a line without one.
    static func writtenKey(on line: Substring) -> String? {
        var rest = line.drop { $0 == " " || $0 == "\t" }
        let end: Character
        if rest.hasPrefix("[") {
            rest = rest.dropFirst(rest.hasPrefix("[[") ? 2 : 1)
            end = "]"
        } else {
            end = "="
        }
        var quote: Character?
        var escaped = false
        for index in rest.indices {
            let character = rest[index]
            if let open = quote {
                if escaped {
                    escaped = false
                } else if open == "\"" && character == "\\" {
                    escaped = true
                } else if character == open {
                    quote = nil
                }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == end {
                let key = String(rest[..<index]).trimmingSpaces
                return key.isEmpty ? nil : key
            }
        }
        return nil
    }
}
