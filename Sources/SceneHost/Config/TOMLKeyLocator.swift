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
struct TOMLKeyLocator {
    /// Line and column (1-based) of a table header, its keys and their values.
    struct Position: Equatable {
        let line: Int
        let column: Int

        static func < (lhs: Position, rhs: Position) -> Bool { (lhs.line, lhs.column) < (rhs.line, rhs.column) }
    }

    struct Table {
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

    init(text: String) {
        let characters = Self.characters(of: text)
        var current = ""
        var arrayCounts: [String: Int] = [:]
        var lineNumber = 0
        var lineStart = 0
        // An inline value spanning lines ends here; lines starting before it were read with it.
        var resumeAt = 0
        while lineStart <= characters.count {
            lineNumber += 1
            let lineEnd = characters[lineStart...].firstIndex(where: Self.isNewline) ?? characters.count
            defer { lineStart = lineEnd + 1 }
            guard lineStart >= resumeAt else { continue }
            let line = characters[lineStart..<lineEnd]
            guard let start = line.firstIndex(where: { $0 != " " && $0 != "\t" }) else { continue }
            let column = start - lineStart + 1
            if line[start] == "[" {
                let isArray = start + 1 < lineEnd && line[start + 1] == "["
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
                addTable(current, header: Position(line: lineNumber, column: column))
            } else if line[start] != "#", let equals = Self.assignment(in: line, from: start) {
                let key = Self.normalizedKeyPath(String(line[start..<equals]))
                let valueStart = line[(equals + 1)...].firstIndex(where: { $0 != " " && $0 != "\t" }) ?? equals
                let here = Position(line: lineNumber, column: column)
                tables[current, default: Table(header: here)].keys[key] = here
                tables[current, default: Table(header: here)].values[key] = Position(line: lineNumber, column: valueStart - lineStart + 1)
                if valueStart < lineEnd, line[valueStart] == "[" || line[valueStart] == "{" {
                    var reader = InlineReader(characters: characters, index: valueStart, line: lineNumber, column: valueStart - lineStart + 1)
                    reader.value(path: current.isEmpty ? key : "\(current).\(key)", into: &self)
                    resumeAt = reader.index
                }
            }
        }
    }

    /// The text's characters. An ASCII text (every config of plugin tables and segues, in practice)
    /// skips grapheme breaking, which was most of the locator's time with a thousand plugins: each
    /// byte is one character, except CR LF, which is one as in `Array(text)`.
    static func characters(of text: String) -> [Character] {
        let utf8 = text.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return Array(text) }
        var characters: [Character] = []
        characters.reserveCapacity(utf8.count)
        var previous: UInt8 = 0
        for byte in utf8 {
            if byte == 0x0a && previous == 0x0d {
                characters[characters.count - 1] = "\r\n"
            } else {
                characters.append(Character(Unicode.Scalar(byte)))
            }
            previous = byte
        }
        return characters
    }

    /// Records a table's header, and indexes it under its first parts.
    fileprivate mutating func addTable(_ path: String, header: Position) {
        tables[path] = Table(header: header)
        var depth = 0
        var index = path.startIndex
        while depth < Self.indexedDepth {
            let end = path[index...].firstIndex { $0 == "." || $0 == "#" } ?? path.endIndex
            let prefix = String(path[..<end])
            if let known = firstHeader[prefix], known < header {} else { firstHeader[prefix] = header }
            guard end < path.endIndex else { break }
            index = path.index(after: end)
            depth += 1
        }
    }

    fileprivate mutating func addKey(_ key: String, in path: String, at position: Position, value: Position) {
        tables[path, default: Table(header: position)].keys[key] = position
        tables[path, default: Table(header: position)].values[key] = value
    }

    /// "\n" or "\r\n" (the only characters whose `asciiValue` is 10; cheaper than comparing strings).
    static func isNewline(_ character: Character) -> Bool { character.asciiValue == 0x0a }

    /// The `=` of a `key = value` line, outside quotes.
    private static func assignment(in line: ArraySlice<Character>, from start: Int) -> Int? {
        var quote: Character?
        for index in start..<line.endIndex {
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
        // Without quotes or blanks (`plugins.Home`, nearly every key) there is nothing to normalize.
        if !raw.utf8.contains(where: { $0 == 0x22 || $0 == 0x27 || $0 == 0x20 || $0 == 0x09 || $0 == 0x0d }) { return raw }
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

/// Reads one inline value (`{...}`, `[...]`, a string or a scalar) of a document TOMLKit already
/// accepted, recording inline tables as tables: `path` for `{...}`, `path#N` for the Nth element of
/// `[...]`. Every step moves forward, so even text it does not understand ends the read.
private struct InlineReader {
    let characters: [Character]
    var index: Int
    var line: Int
    var column: Int

    var current: Character? { index < characters.count ? characters[index] : nil }
    var position: TOMLKeyLocator.Position { TOMLKeyLocator.Position(line: line, column: column) }

    mutating func advance() {
        guard let character = current else { return }
        index += 1
        if TOMLKeyLocator.isNewline(character) {
            line += 1
            column = 1
        } else {
            column += 1
        }
    }

    /// Skips spaces, and in arrays also line breaks and comments.
    mutating func skipBlanks(acrossLines: Bool) {
        while let character = current {
            if character == " " || character == "\t" {
                advance()
            } else if acrossLines, TOMLKeyLocator.isNewline(character) {
                advance()
            } else if acrossLines, character == "#" {
                while let next = current, !TOMLKeyLocator.isNewline(next) { advance() }
            } else {
                return
            }
        }
    }

    mutating func value(path: String, into locator: inout TOMLKeyLocator) {
        switch current {
        case "{": table(path: path, into: &locator)
        case "[": array(path: path, into: &locator)
        case "\"", "'": string()
        case nil: return
        default:
            while let character = current, !",]}#".contains(character), !TOMLKeyLocator.isNewline(character) { advance() }
        }
    }

    private mutating func table(path: String, into locator: inout TOMLKeyLocator) {
        locator.addTable(path, header: position)
        advance()
        while true {
            skipBlanks(acrossLines: false)
            guard let character = current, character != "}" else { advance(); return }
            let keyStart = position
            var raw = ""
            var quote: Character?
            while let next = current, quote != nil || next != "=" {
                if TOMLKeyLocator.isNewline(next) { return }
                if let open = quote { if next == open { quote = nil } } else if next == "\"" || next == "'" { quote = next }
                raw.append(next)
                advance()
            }
            guard current == "=" else { return }
            advance()
            skipBlanks(acrossLines: false)
            let key = TOMLKeyLocator.normalizedKeyPath(raw)
            locator.addKey(key, in: path, at: keyStart, value: position)
            let before = index
            value(path: "\(path).\(key)", into: &locator)
            skipBlanks(acrossLines: false)
            if current == "," { advance() } else if current != "}" || index == before { return }
        }
    }

    private mutating func array(path: String, into locator: inout TOMLKeyLocator) {
        advance()
        var element = 0
        while true {
            skipBlanks(acrossLines: true)
            guard let character = current, character != "]" else { advance(); return }
            let before = index
            value(path: "\(path)#\(element)", into: &locator)
            element += 1
            skipBlanks(acrossLines: true)
            if current == "," { advance() } else if current != "]" || index == before { return }
        }
    }

    private mutating func string() {
        guard let quote = current else { return }
        let triple = index + 2 < characters.count && characters[index + 1] == quote && characters[index + 2] == quote
        let closing = triple ? 3 : 1
        for _ in 0..<closing { advance() }
        while let character = current {
            if character == "\\" && quote == "\"" {
                advance()
                advance()
            } else if character == quote, !triple || (index + 2 < characters.count && characters[index + 1] == quote && characters[index + 2] == quote) {
                for _ in 0..<closing { advance() }
                return
            } else if !triple, TOMLKeyLocator.isNewline(character) {
                return
            } else {
                advance()
            }
        }
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
