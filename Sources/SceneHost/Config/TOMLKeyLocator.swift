/// Finds where tables and keys are written in a TOML text, for messages.
///
/// TOMLKit reports positions of syntax errors only; checking the *meaning* of a valid document
/// (unknown keys, wrong types) needs the position of each key too. This scans the text line by
/// line: headers (`[a.b]`, `[[a]]`) and `key = value` lines. Keys written in unusual places
/// (inline tables, multi-line values) fall back to their table's header.
struct TOMLKeyLocator {
    /// Line and column (1-based) of a table header, its keys and their values.
    struct Position: Equatable {
        let line: Int
        let column: Int
    }

    struct Table {
        var header: Position
        var keys: [String: Position] = [:]
        var values: [String: Position] = [:]
    }

    /// Tables by path: "" for the root, "plugins.Home" for `[plugins.Home]`, "segues#1" for the second `[[segues]]`.
    private(set) var tables: [String: Table] = ["": Table(header: Position(line: 1, column: 1))]

    init(text: String) {
        var current = ""
        var arrayCounts: [String: Int] = [:]
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let line = Array(rawLine)
            let lineNumber = index + 1
            guard let start = line.firstIndex(where: { $0 != " " && $0 != "\t" }) else { continue }
            if line[start] == "[" {
                let isArray = start + 1 < line.count && line[start + 1] == "["
                let open = start + (isArray ? 2 : 1)
                guard let close = line[open...].firstIndex(of: "]") else { continue }
                let name = Self.normalizedKeyPath(String(line[open..<close]))
                if isArray {
                    let count = arrayCounts[name, default: 0]
                    arrayCounts[name] = count + 1
                    current = "\(name)#\(count)"
                } else {
                    current = name
                }
                tables[current] = Table(header: Position(line: lineNumber, column: start + 1))
            } else if line[start] != "#", let equals = Self.assignment(in: line, from: start) {
                let key = Self.normalizedKeyPath(String(line[start..<equals]))
                let valueStart = line[(equals + 1)...].firstIndex(where: { $0 != " " && $0 != "\t" }) ?? equals
                let here = Position(line: lineNumber, column: start + 1)
                tables[current, default: Table(header: here)].keys[key] = here
                tables[current, default: Table(header: here)].values[key] = Position(line: lineNumber, column: valueStart + 1)
            }
        }
    }

    /// The `=` of a `key = value` line, outside quotes.
    private static func assignment(in line: [Character], from start: Int) -> Int? {
        var quote: Character?
        for index in start..<line.count {
            let character = line[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "=" {
                return index
            } else if character == "#" {
                return nil
            }
        }
        return nil
    }

    /// `plugins . "Home"` -> `plugins.Home`.
    static func normalizedKeyPath(_ raw: String) -> String {
        var parts: [String] = []
        var part = ""
        var quote: Character?
        for character in raw {
            if let open = quote {
                if character == open { quote = nil } else { part.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "." {
                parts.append(part.trimmingSpaces)
                part = ""
            } else {
                part.append(character)
            }
        }
        parts.append(part.trimmingSpaces)
        return parts.joined(separator: ".")
    }
}

extension String {
    var trimmingSpaces: String {
        var view = Substring(self)
        while let first = view.first, first == " " || first == "\t" { view.removeFirst() }
        while let last = view.last, last == " " || last == "\t" || last == "\r" { view.removeLast() }
        return String(view)
    }
}
