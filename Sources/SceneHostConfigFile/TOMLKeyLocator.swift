import SceneHostCore
/// Finds where tables and keys are written in a TOML text, for messages.
///
/// TOMLKit reports positions of syntax errors only; checking the *meaning* of a valid document
/// (unknown keys, wrong types) needs the position of each key too. This scans the text line by
/// line: headers (`[a.b]`, `[[a]]`) and `key = value` lines, and reads inline tables and arrays
/// (`segues = [{from = "A", ...}]`, over several lines too) as tables of their own. Keys written
/// in other unusual places (dotted keys) fall back to their table's header.
///
/// Linear in the text: `firstHeader` answers "the first table under this path" without scanning
/// all tables, which made a config of 16,000 unknown tables take half a minute.
package struct TOMLKeyLocator {
    /// Line and column (1-based) of a table header, its keys and their values.
    struct Position: Equatable {
        let line: Int
        let column: Int

        static func < (lhs: Position, rhs: Position) -> Bool { (lhs.line, lhs.column) < (rhs.line, rhs.column) }
    }

    package struct Table {
        var header: Position
        var keys: [String: Position] = [:]
        var values: [String: Position] = [:]
    }

    /// Tables by path: "" for the root, "plugins.Home" for `[plugins.Home]`, "segues#1" for the
    /// second `[[segues]]` (or the second inline table of `segues = [...]`).
    private(set) var tables: [String: Table] = ["": Table(header: Position(line: 1, column: 1))]

    /// The earliest header of a table at or under a path (`a` covers `a`, `a.b`, `a#0`), for paths of
    /// up to `indexedDepth` parts: the config's schema never looks deeper.
    private(set) var firstHeader: [String: Position] = [:]
    static let indexedDepth = 4

    package init(text: String) {
        let text = LocatorText(text)
        let units = text.units
        var current = ""
        var arrayCounts: [String: Int] = [:]
        var lineNumber = 0
        var lineStart = 0
        // An inline value spanning lines ends here; lines starting before it were read with it.
        var resumeAt = 0
        while lineStart <= units.count {
            lineNumber += 1
            let lineEnd = units[lineStart...].firstIndex(of: LocatorText.newline) ?? units.count
            defer { lineStart = lineEnd + 1 }
            guard lineStart >= resumeAt else { continue }
            let line = units[lineStart..<lineEnd]
            guard let start = line.firstIndex(where: { $0 != ASCII.space && $0 != ASCII.tab }) else { continue }
            let column = start - lineStart + 1
            if line[start] == ASCII.openBracket {
                let isArray = start + 1 < lineEnd && line[start + 1] == ASCII.openBracket
                let open = start + (isArray ? 2 : 1)
                guard let close = line[open...].firstIndex(of: ASCII.closeBracket) else { continue }
                let name = Self.normalizedKeyPath(text.string(open..<close))
                if isArray {
                    let count = arrayCounts[name, default: 0]
                    arrayCounts[name] = count + 1
                    current = "\(name)#\(count)"
                } else {
                    current = name
                }
                addTable(current, header: Position(line: lineNumber, column: column))
            } else if line[start] != ASCII.hash, let equals = Self.assignment(in: line, from: start) {
                let raw = text.string(start..<equals)
                let key = Self.normalizedKeyPath(raw)
                let valueStart =
                    line[(equals + 1)...].firstIndex(where: { $0 != ASCII.space && $0 != ASCII.tab }) ?? equals
                addKey(
                    key, in: current, at: Position(line: lineNumber, column: column),
                    value: Position(line: lineNumber, column: valueStart - lineStart + 1),
                    parts: Self.keyParts(raw))
                if valueStart < lineEnd, line[valueStart] == ASCII.openBracket || line[valueStart] == ASCII.openBrace {
                    var reader = InlineReader(
                        text: text, index: valueStart, line: lineNumber, column: valueStart - lineStart + 1)
                    reader.value(path: current.isEmpty ? key : "\(current).\(key)", into: &self)
                    resumeAt = reader.index
                }
            }
        }
    }

    /// Records a table's header, and indexes it under its first parts.
    fileprivate mutating func addTable(_ path: String, header: Position) {
        tables[path] = Table(header: header)
        var depth = 0
        // Bytes, not characters: "." and "#" are ASCII, so every index found is a character boundary.
        let utf8 = path.utf8
        var index = utf8.startIndex
        while depth < Self.indexedDepth {
            let end = utf8[index...].firstIndex { $0 == 0x2e || $0 == 0x23 } ?? utf8.endIndex
            let prefix = end == utf8.endIndex ? path : String(path[..<end])
            if let known = firstHeader[prefix], known < header {} else { firstHeader[prefix] = header }
            guard end < utf8.endIndex else { break }
            index = utf8.index(after: end)
            depth += 1
        }
    }

    /// Records a key of a table (the table starts at the key when it has no header). A dotted key
    /// (`a.b = 1`) is also each of its parts, at the key's own place: `a` in the table (unless written
    /// earlier), `b` in the table `a` it makes.
    fileprivate mutating func addKey(
        _ key: String, in path: String, at position: Position, value: Position, parts: [String]? = nil
    ) {
        // Each change in place, through the dictionaries' own accessors: passing `tables[path]` to a
        // function as `inout` copied the table's key dictionary for every key (quadratic: 20,000
        // settings took a minute).
        tables[path, default: Table(header: position)].keys[key] = position
        tables[path, default: Table(header: position)].values[key] = value
        guard let parts, parts.count > 1 else { return }
        var table = path
        for (index, part) in parts.enumerated() {
            if tables[table, default: Table(header: position)].keys[part] == nil {
                tables[table, default: Table(header: position)].keys[part] = position
            }
            if index == parts.count - 1 { tables[table, default: Table(header: position)].values[part] = value }
            table = table.isEmpty ? part : "\(table).\(part)"
        }
    }

    /// The `=` of a `key = value` line, outside quotes.
    private static func assignment(in line: ArraySlice<UInt8>, from start: Int) -> Int? {
        var quote: UInt8?
        for index in start..<line.endIndex {
            let unit = line[index]
            if let open = quote {
                if unit == open { quote = nil }
            } else if unit == ASCII.doubleQuote || unit == ASCII.singleQuote {
                quote = unit
            } else if unit == ASCII.equals {
                return index
            } else if unit == ASCII.hash {
                return nil
            }
        }
        return nil
    }

    /// The parts of a dotted key (`a . "b.c"` -> `a`, `b.c`); nil for a key of one part (nearly every key).
    static func keyParts(_ raw: String) -> [String]? {
        guard raw.utf8.contains(0x2e) else { return nil }
        let parts = split(raw)
        return parts.count > 1 ? parts : nil
    }

    /// `plugins . "Home"` -> `plugins.Home`.
    static func normalizedKeyPath(_ raw: String) -> String {
        // Without quotes or blanks (`plugins.Home`, nearly every key) there is nothing to normalize
        // but the spaces before the `=` of `key = value`, which trimming the last part drops too.
        let utf8 = raw.utf8
        var end = utf8.endIndex
        while end > utf8.startIndex, utf8[utf8.index(before: end)] == 0x20 { end = utf8.index(before: end) }
        if !utf8[..<end].contains(where: { $0 == 0x22 || $0 == 0x27 || $0 == 0x20 || $0 == 0x09 || $0 == 0x0d }) {
            return end == utf8.endIndex ? raw : String(raw[..<end])
        }
        return split(raw).joined(separator: ".")
    }

    /// The parts of a key at its unquoted dots, quotes removed and each part trimmed.
    private static func split(_ raw: String) -> [String] {
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
        return parts
    }
}

/// Reads one inline value (`{...}`, `[...]`, a string or a scalar) of a document TOMLKit already
/// accepted, recording inline tables as tables: `path` for `{...}`, `path#N` for the Nth element of
/// `[...]`. Every step moves forward, so even text it does not understand ends the read.
private struct InlineReader {
    package let text: LocatorText
    package var index: Int
    package var line: Int
    package var column: Int

    package init(text: LocatorText, index: Int, line: Int, column: Int) {
        self.text = text
        units = text.units
        self.index = index
        self.line = line
        self.column = column
    }

    private let units: [UInt8]
    package var current: UInt8? { index < units.count ? units[index] : nil }
    package var position: TOMLKeyLocator.Position { TOMLKeyLocator.Position(line: line, column: column) }

    mutating func advance() {
        guard let unit = current else { return }
        index += 1
        if unit == LocatorText.newline {
            line += 1
            column = 1
        } else {
            column += 1
        }
    }

    /// Skips spaces, and in arrays also line breaks and comments.
    mutating func skipBlanks(acrossLines: Bool) {
        while let unit = current {
            if unit == ASCII.space || unit == ASCII.tab {
                advance()
            } else if acrossLines, unit == LocatorText.newline {
                advance()
            } else if acrossLines, unit == ASCII.hash {
                while let next = current, next != LocatorText.newline { advance() }
            } else {
                return
            }
        }
    }

    package mutating func value(path: String, into locator: inout TOMLKeyLocator) {
        switch current {
        case ASCII.openBrace: table(path: path, into: &locator)
        case ASCII.openBracket: array(path: path, into: &locator)
        case ASCII.doubleQuote, ASCII.singleQuote: string()
        case nil: return
        default:
            while let unit = current, unit != ASCII.comma, unit != ASCII.closeBracket, unit != ASCII.closeBrace,
                unit != ASCII.hash,
                unit != LocatorText.newline
            { advance() }
        }
    }

    private mutating func table(path: String, into locator: inout TOMLKeyLocator) {
        locator.addTable(path, header: position)
        advance()
        while true {
            skipBlanks(acrossLines: false)
            guard let unit = current, unit != ASCII.closeBrace else { advance(); return }
            let keyStart = position
            let rawStart = index
            var quote: UInt8?
            while let next = current, quote != nil || next != ASCII.equals {
                if next == LocatorText.newline { return }
                if let open = quote {
                    if next == open { quote = nil }
                } else if next == ASCII.doubleQuote || next == ASCII.singleQuote {
                    quote = next
                }
                advance()
            }
            guard current == ASCII.equals else { return }
            let raw = text.string(rawStart..<index)
            advance()
            skipBlanks(acrossLines: false)
            let key = TOMLKeyLocator.normalizedKeyPath(raw)
            locator.addKey(key, in: path, at: keyStart, value: position, parts: TOMLKeyLocator.keyParts(raw))
            let before = index
            value(path: "\(path).\(key)", into: &locator)
            skipBlanks(acrossLines: false)
            if current == ASCII.comma { advance() } else if current != ASCII.closeBrace || index == before { return }
        }
    }

    private mutating func array(path: String, into locator: inout TOMLKeyLocator) {
        advance()
        var element = 0
        while true {
            skipBlanks(acrossLines: true)
            guard let unit = current, unit != ASCII.closeBracket else { advance(); return }
            let before = index
            value(path: "\(path)#\(element)", into: &locator)
            element += 1
            skipBlanks(acrossLines: true)
            if current == ASCII.comma { advance() } else if current != ASCII.closeBracket || index == before { return }
        }
    }

    private mutating func string() {
        guard let quote = current else { return }
        let triple = index + 2 < units.count && units[index + 1] == quote && units[index + 2] == quote
        let closing = triple ? 3 : 1
        for _ in 0..<closing { advance() }
        while let unit = current {
            if unit == ASCII.backslash && quote == ASCII.doubleQuote {
                advance()
                advance()
            } else if unit == quote,
                !triple || (index + 2 < units.count && units[index + 1] == quote && units[index + 2] == quote)
            {
                for _ in 0..<closing { advance() }
                return
            } else if !triple, unit == LocatorText.newline {
                return
            } else {
                advance()
            }
        }
    }
}

/// The ASCII characters the locator looks for, as bytes.
private enum ASCII {
    package static let space = UInt8(ascii: " ")
    package static let tab = UInt8(ascii: "\t")
    package static let hash = UInt8(ascii: "#")
    package static let equals = UInt8(ascii: "=")
    package static let comma = UInt8(ascii: ",")
    package static let backslash = UInt8(ascii: "\\")
    static let doubleQuote = UInt8(ascii: "\"")
    static let singleQuote = UInt8(ascii: "'")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
}
