import SceneHostCore
import SceneHostConfig
/// Checks a config's raw bytes before the TOML parser sees them: size, encoding, nesting.
///
/// The parser is a C++ library; these limits keep hostile or broken files from costing more
/// than a config is worth, and locate each rejection at line and column.
enum ConfigPrecheck {
    /// Larger configs are refused: a config lists plugins and segues, a few kilobytes.
    package static let maximumSize = 1 << 20
    /// Deeper arrays or inline tables are refused (scenes.conf needs 1).
    static let maximumNesting = 32

    /// The text, or the first problem located in `file`.
    package static func text(from bytes: [UInt8], file: String) throws -> String {
        if bytes.count > maximumSize {
            let (line, column) = position(of: maximumSize, in: bytes)
            throw ConfigError.configTooLarge(
                SourceLocation(file: file, line: line, column: column), size: bytes.count, limit: maximumSize)
        }
        if let bad = UTF8Check.firstInvalidByte(bytes) {
            let (line, column) = position(of: bad, in: bytes)
            throw ConfigError.configInvalidEncoding(
                SourceLocation(file: file, line: line, column: column), byte: bytes[bad])
        }
        let text = String(decoding: bytes, as: UTF8.self)
        try checkNesting(text, file: file)
        return text
    }

    /// The TOML parser asserts when a header's first character cannot start a key (`[ \n`, `[é]`):
    /// refuse those here, as the syntax errors they are.
    private static func checkHeaderStart(
        _ rest: ArraySlice<Unicode.Scalar>, file: String, line: Int, column: Int
    ) throws {
        var offset = 0
        var rest = rest
        if rest.first == "[" {
            rest.removeFirst()
            offset += 1
        }
        while let next = rest.first, next == " " || next == "\t" {
            rest.removeFirst()
            offset += 1
        }
        guard let first = rest.first else { return }
        let startsKey =
            first.isASCII
            && (first.properties.isAlphabetic || ("0"..."9").contains(first) || "_-\"']".unicodeScalars.contains(first))
        guard startsKey || first == "\0" else {
            throw ConfigError.configSyntax(
                SourceLocation(file: file, line: line, column: column + offset + 1),
                message: "a table header must start with a key: a letter, digit, '_', '-' or a quote")
        }
    }

    /// Line and column (1-based, columns in characters) of byte `offset`.
    package static func position(of offset: Int, in bytes: [UInt8]) -> (Int, Int) {
        let before = bytes.prefix(offset)
        let line = before.filter { $0 == 0x0A }.count + 1
        let lineStart = (before.lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
        return (line, column)
    }

    /// Tracks the nesting of `[` and `{` outside strings and comments: its depth, that each
    /// closer matches its opener, and that each table header starts with a key. Also refuses the
    /// Unicode line separators outside strings and comments.
    ///
    /// The TOML parser asserts (instead of reporting an error) on an array closed by `}` or
    /// holding a Unicode line separator, and on a header starting with a non-key character, all
    /// found by the fuzz tests; these are refused here as the syntax errors they are.
    private static func checkNesting(_ text: String, file: String) throws {
        var openers: [Unicode.Scalar] = []
        var quote: Unicode.Scalar?
        var tripleQuoted = false
        var comment = false
        var atLineStart = true
        var line = 1
        var column = 0
        // Unicode scalars, not Characters: "\r\n" is one Character and would hide the line break.
        var characters = Array(text.unicodeScalars)[...]
        while let character = characters.popFirst() {
            column += 1
            if character == "\n" {
                line += 1
                column = 0
                comment = false
                atLineStart = true
                if !tripleQuoted { quote = nil }
                continue
            }
            if comment { continue }
            if atLineStart, quote == nil, character != " ", character != "\t" {
                atLineStart = false
                if character == "[", openers.isEmpty {
                    try checkHeaderStart(characters, file: file, line: line, column: column)
                }
            }
            if let open = quote {
                if character == "\\" && open == "\"" {
                    // TOMLKit hands strings over as C strings: "\u0000" would silently cut one short.
                    if let escape = characters.first, escape == "u" || escape == "U" {
                        let digits = characters.dropFirst().prefix(escape == "u" ? 4 : 8)
                        if digits.count == (escape == "u" ? 4 : 8), digits.allSatisfy({ $0 == "0" }) {
                            throw ConfigError.configNulInString(SourceLocation(file: file, line: line, column: column))
                        }
                    }
                    _ = characters.popFirst()
                    column += 1
                } else if character == open {
                    if tripleQuoted {
                        if characters.prefix(2).allSatisfy({ $0 == open }) && characters.count >= 2 {
                            characters.removeFirst(2)
                            column += 2
                            quote = nil
                            tripleQuoted = false
                        }
                    } else {
                        quote = nil
                    }
                }
                continue
            }
            switch character {
            case "#": comment = true
            case "\"", "'":
                quote = character
                if characters.prefix(2).allSatisfy({ $0 == character }) && characters.count >= 2 {
                    characters.removeFirst(2)
                    column += 2
                    tripleQuoted = true
                }
            case "[", "{":
                openers.append(character)
                if openers.count > maximumNesting {
                    throw ConfigError.configTooDeep(
                        SourceLocation(file: file, line: line, column: column), limit: maximumNesting)
                }
            case "]", "}":
                guard let opener = openers.popLast() else { break }
                let expected: Unicode.Scalar = opener == "[" ? "]" : "}"
                guard character == expected else {
                    throw ConfigError.configSyntax(
                        SourceLocation(file: file, line: line, column: column),
                        message: "'\(character)' closes the '\(opener)' opened before it; expected '\(expected)'")
                }
            case "\u{85}", "\u{2028}", "\u{2029}":
                throw ConfigError.configSyntax(
                    SourceLocation(file: file, line: line, column: column),
                    message:
                        "the Unicode line separator U+\(String(character.value, radix: 16, uppercase: true)) is allowed only inside strings"
                )
            default:
                break
            }
        }
    }
}
