import SceneHostCore
import SceneHostConfig
/// Refuses a number in scenes.conf that its type cannot hold, located at its key, in the words
/// `call` uses for the same number: read as it is, it would be another number.
///
/// The TOML parser reads `1e-400` as 0 without a word (checked here after parsing, for plugin
/// settings: the `[host]` keys' own ranges refuse 0 already), and stops at `1e400` and at
/// integers past 64 bits with a syntax error naming no key (made a located range error here).
enum ConfigNumberRange {
    /// What is wrong with a number written `literal` that the parser read as `read` (nil: it
    /// refused it); nil when the number is what it says (`0.0`, `inf`, `4.9e-324`) or no number.
    package static func problem(written literal: String, read: Double?) -> NumberRangeProblem? {
        let plain = String(literal.filter { $0 != "_" })
        if let read {
            if read.isInfinite, !NumberLiteral.namesInfinity(Substring(plain)) { return .overflows }
            if read == 0, NumberLiteral.hasNonZeroDigit(Substring(plain)) { return .underflows }
            return nil
        }
        if isInteger(plain) {
            let radix = radix(of: plain)
            let fits = radix == 10 ? Int64(plain) != nil : Int64(plain.dropFirst(2), radix: radix) != nil
            return fits ? nil : .integerOverflows
        }
        guard plain.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let value = Double(plain) else {
            return nil
        }
        if value.isInfinite, !NumberLiteral.namesInfinity(Substring(plain)) { return .overflows }
        return nil
    }

    /// The parser's refusal of a number on `line` as the located range error it is, when the line
    /// assigns a number that overflows its type; nil for any other syntax error.
    package static func refusal(parsedAt line: Int, text: String, file: String) -> ConfigError? {
        let document = LocatedDocument(file: file, locator: TOMLKeyLocator(text: text), text: text)
        let assignments = document.locator.tables.flatMap { table, entry in
            entry.values.filter { $0.value.line == line }.map { (table: table, key: $0.key, column: $0.value.column) }
        }.sorted { $0.column < $1.column }
        for assignment in assignments {
            guard let literal = document.valueLiteral(assignment.key, in: assignment.table),
                let problem = problem(written: literal, read: nil)
            else { continue }
            return outOfRange(
                document, key: assignment.key, table: assignment.table, literal: literal, problem: problem)
        }
        return nil
    }

    /// The error for `key` of `table`: a plugin's setting names its plugin.
    package static func outOfRange(
        _ document: LocatedDocument, key: String, table: String, literal: String, problem: NumberRangeProblem
    ) -> ConfigError {
        let plugin =
            table.hasPrefix("plugins.") && table.hasSuffix(".settings")
            ? String(table.dropFirst("plugins.".count).dropLast(".settings".count)) : nil
        return .configNumberOutOfRange(
            document.keyLocation(key, in: table), key: key, plugin: plugin, literal: literal, problem: problem)
    }

    /// Whether `literal` is a TOML integer: decimal with at most one sign, or `0x`, `0o`, `0b` digits.
    private static func isInteger(_ literal: String) -> Bool {
        let lower = literal.lowercased()
        if ["0x", "0o", "0b"].contains(where: lower.hasPrefix) {
            let digits = lower.dropFirst(2)
            return !digits.isEmpty && digits.allSatisfy { ($0.hexDigitValue ?? 99) < radix(of: lower) }
        }
        let digits = lower.hasPrefix("-") || lower.hasPrefix("+") ? lower.dropFirst() : Substring(lower)
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// 16, 8 or 2 for a `0x`, `0o` or `0b` literal; 10 for any other.
    private static func radix(of literal: String) -> Int {
        switch literal.lowercased().prefix(2) {
        case "0x": 16
        case "0o": 8
        case "0b": 2
        default: 10
        }
    }
}
