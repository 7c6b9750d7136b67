import TOMLKit
import SceneHostCore
import SceneHostConfig

/// A parsed TOML document together with where its keys are written, to make located errors.
package struct LocatedDocument {
    package let file: String
    package let locator: TOMLKeyLocator
    /// The text the document was parsed from, to read a value as it is written (`valueLiteral`).
    package var text: String = ""

    package func location(_ line: Int, _ column: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }

    /// Where `[table]` (or `[[array]]` entry) starts, or else the first header under it
    /// (`[plugins.P.settings]` for a `plugins.P` without a header of its own); the top of the file for the root.
    func tableLocation(_ table: String) -> SourceLocation {
        let header =
            locator.tables[table]?.header ?? locator.firstHeader[table] ?? TOMLKeyLocator.Position(line: 1, column: 1)
        return location(header.line, header.column)
    }

    /// Where `key` of `table` is written: its line, a sub-table header named after it, or the table.
    func keyLocation(_ key: String, in table: String) -> SourceLocation {
        if let position = locator.tables[table]?.keys[key] { return location(position.line, position.column) }
        let subtable = table.isEmpty ? key : "\(table).\(key)"
        if let first = locator.firstHeader[subtable] {
            return location(first.line, first.column)
        }
        return tableLocation(table)
    }

    /// Where the value of `key` starts.
    func valueLocation(_ key: String, in table: String) -> SourceLocation {
        if let position = locator.tables[table]?.values[key] { return location(position.line, position.column) }
        return keyLocation(key, in: table)
    }

    /// The number, date or word `key` of `table` is written as (`1e-400`, `-inf`), read from its
    /// value's position; nil when the locator did not find the value or it starts no such token.
    func valueLiteral(_ key: String, in table: String) -> String? {
        guard let position = locator.tables[table]?.values[key] else { return nil }
        // Columns count characters (`LocatorText`), lines end at "\n" (a "\r\n" is one character).
        let lines = text.split(maxSplits: position.line, omittingEmptySubsequences: false) {
            $0 == "\n" || $0 == "\r\n"
        }
        guard position.line >= 1, position.line <= lines.count else { return nil }
        let line = lines[position.line - 1]
        guard let start = line.index(line.startIndex, offsetBy: position.column - 1, limitedBy: line.endIndex) else {
            return nil
        }
        let literal = line[start...].prefix { $0.isASCII && ($0.isLetter || $0.isNumber || "+-._:".contains($0)) }
        return literal.isEmpty ? nil : String(literal)
    }

    func rejectUnknownKeys(in value: TOMLTable, table: String, allowed: [String]) throws {
        let unknown = value.keys.filter { !allowed.contains($0) }
            .map { (key: $0, location: keyLocation($0, in: table)) }
            .sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
        // Every unknown key of the table, in file order: one hides no other.
        let problems = unknown.map {
            ConfigError.configUnknownKey($0.location, key: $0.key, table: table, allowed: allowed)
        }
        if problems.count == 1 { throw problems[0] }
        if problems.count > 1 { throw ConfigError.configProblems(problems) }
    }

    func requiredString(_ key: String, in value: TOMLTable, table: String) throws -> Located<String> {
        guard let string = try optionalString(key, in: value, table: table) else {
            throw ConfigError.configMissingKey(tableLocation(table), key: key, table: table)
        }
        return string
    }

    package func optionalString(_ key: String, in value: TOMLTable, table: String) throws -> Located<String>? {
        guard let raw = value[key] else { return nil }
        guard let string = raw.string else {
            throw wrongType(key, in: table, expected: "a string", found: raw)
        }
        let location = valueLocation(key, in: table)
        guard !string.isEmpty else {
            throw ConfigError.configInvalidValue(location, key: key, value: string, expected: "a non-empty string")
        }
        return Located(value: string, location: location)
    }

    func wrongType(_ key: String, in table: String, expected: String, found: TOMLValueConvertible?) -> ConfigError {
        let kind = found.map { Self.describe($0.type) } ?? "nothing"
        return ConfigError.configWrongType(valueLocation(key, in: table), key: key, expected: expected, found: kind)
    }

    private static func describe(_ type: TOMLType) -> String {
        switch type {
        case .table: return "a table"
        case .array: return "an array"
        case .string: return "a string"
        case .int: return "an integer"
        case .double: return "a floating-point number"
        case .bool: return "a boolean"
        case .date: return "a date"
        case .time: return "a time"
        case .dateTime: return "a date-time"
        }
    }
}
