import SceneSDK
import SceneHostConfig
import SceneHostCore
import SceneHostNavigation

/// One command of the script language (docs/cli.md, "Script language"); the interactive terminal
/// accepts the same commands.
package enum FrontendCommand: Equatable, Sendable {
    /// `fill FIELD TEXT`: the rest of the line is the text; quote it ("...") to keep edge spaces.
    case fill(field: String, text: String)
    /// `tap BUTTON`
    case tap(button: String)
    /// `select LIST ROW`, ROW from 0.
    case select(list: String, row: Int)
    /// `toggle TOGGLE [on|off]`: switches it over, or to the state named.
    case toggle(toggle: String, isOn: Bool?)
    /// `choose CHOICE OPTION`: OPTION is an index from 0, or else an option's text.
    case choose(choice: String, option: String)
    /// `back`: pop, or dismiss a modal's root.
    case back
    /// `back SCENE`: pop down to the named scene of the current stack.
    case backTo(scene: String)
    /// `dismiss`: dismiss the modal on top with its whole stack.
    case dismiss
    /// `print`: show the screen again.
    case print
    /// `wait KIND ID TEXT`: wait until the element `ID`, of the kind the screen prints as `KIND`
    /// (`label`, `alert`, `field`, `text`, `toggle`, `choice`, `button`, `busy`), shows `TEXT`, at most the
    /// event time limit: for background work that never settles (a timer).
    case wait(kind: String, id: String, text: String)
    /// `call PLUGIN.FUNCTION ARG...`: call a native function; a `"..."` argument keeps spaces.
    case call(function: String, arguments: [String])

    /// The command on `line`, nil for a blank or `#` comment line; a syntax error says why.
    package static func parse(_ line: String) throws(CommandSyntaxError) -> FrontendCommand? {
        let trimmed = line.trimmingSpaces
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
        let leading = line.prefix { $0 == " " || $0 == "\t" }.count
        /// Columns of errors found in `part`, a suffix of `trimmed`, made columns of `line`.
        func located<T>(
            _ part: String, _ read: (String) throws(CommandSyntaxError) -> T
        ) throws(CommandSyntaxError) -> T {
            do { return try read(part) } catch { throw error.shifted(by: leading + trimmed.count - part.count) }
        }
        let (verb, rest) = trimmed.splitFirstWord()
        switch verb {
        case "fill":
            let (field, text) = rest.splitFirstWord()
            guard !field.isEmpty else {
                throw CommandSyntaxError("'fill' needs a field id and a text: fill FIELD TEXT")
            }
            return .fill(field: field, text: try located(text, unquote))
        case "tap":
            return .tap(button: try single(rest, usage: "tap BUTTON"))
        case "select":
            let (list, row) = rest.splitFirstWord()
            guard !list.isEmpty, let index = Int(row.trimmingSpaces), index >= 0 else {
                throw CommandSyntaxError("'select' needs a list id and a row number from 0: select LIST ROW")
            }
            return .select(list: list, row: index)
        case "toggle":
            let (toggle, state) = rest.splitFirstWord()
            guard !toggle.isEmpty, ["", "on", "off"].contains(state) else {
                throw CommandSyntaxError(
                    "'toggle' needs a toggle id, then on or off or nothing (to switch it over): toggle TOGGLE [on|off]")
            }
            return .toggle(toggle: toggle, isOn: state.isEmpty ? nil : state == "on")
        case "choose":
            let (choice, option) = rest.splitFirstWord()
            guard !choice.isEmpty, !option.isEmpty else {
                throw CommandSyntaxError(
                    "'choose' needs a choice id and an option (its number from 0, or its text): choose CHOICE OPTION")
            }
            return .choose(choice: choice, option: try located(option, unquote))
        case "tab":
            // The tab bar is a choice the host adds to a container's screen (`Navigator.tabBarID`).
            guard !rest.isEmpty else {
                throw CommandSyntaxError("'tab' needs a tab's name or title: tab NAME, e.g. tab settings")
            }
            return .choose(choice: Navigator.tabBarID, option: try located(rest, unquote))
        case "back":
            if rest.isEmpty { return .back }
            return .backTo(scene: try single(rest, usage: "back [SCENE]"))
        case "dismiss":
            guard rest.isEmpty else { throw CommandSyntaxError("'dismiss' takes nothing after it") }
            return .dismiss
        case "print":
            guard rest.isEmpty else { throw CommandSyntaxError("'print' takes nothing after it") }
            return .print
        case "wait":
            let (kind, afterKind) = rest.splitFirstWord()
            let (id, text) = afterKind.splitFirstWord()
            guard !kind.isEmpty, !id.isEmpty else {
                throw CommandSyntaxError(
                    "'wait' needs a kind, an id and a text: wait KIND ID TEXT, e.g. wait label status \"Loaded\"")
            }
            guard ScreenWait.kinds.contains(kind) else {
                throw CommandSyntaxError(
                    "'wait' cannot wait for a \(kind); the kinds: \(ScreenWait.kinds.joined(separator: ", "))")
            }
            return .wait(kind: kind, id: id, text: try located(text, unquote))
        case "call":
            let (function, rest) = rest.splitFirstWord()
            guard !function.isEmpty else {
                throw CommandSyntaxError("'call' needs a native function: call PLUGIN.FUNCTION ARG...")
            }
            return .call(function: function, arguments: try located(rest, words))
        default:
            throw CommandSyntaxError(
                "unknown command '\(verb)'; commands: fill, tap, select, toggle, choose, tab, back, dismiss, print, wait, call"
            )
        }
    }

    private static func single(_ text: String, usage: String) throws(CommandSyntaxError) -> String {
        let (word, rest) = text.splitFirstWord()
        guard !word.isEmpty, rest.isEmpty else { throw CommandSyntaxError("expected exactly one id: \(usage)") }
        return word
    }

    /// Space-separated words; a word in double quotes keeps its spaces (`\"`, `\\`, `\n` escapes).
    /// An error's column counts characters of `text` from 1.
    private static func words(_ text: String) throws(CommandSyntaxError) -> [String] {
        let length = text.count
        var words: [String] = [], rest = Substring(text)
        while let start = rest.firstIndex(where: { $0 != " " && $0 != "\t" }) {
            rest = rest[start...]
            if rest.hasPrefix("\"") {
                var index = rest.index(after: rest.startIndex), escaping = false
                while index < rest.endIndex, escaping || rest[index] != "\"" {
                    escaping = !escaping && rest[index] == "\\"
                    index = rest.index(after: index)
                }
                guard index < rest.endIndex else {
                    throw CommandSyntaxError("unterminated quote in arguments: \(rest)")
                }
                let offset = length - rest.count
                do { words.append(try unquote(String(rest[...index]))) } catch { throw error.shifted(by: offset) }
                rest = rest[rest.index(after: index)...]
            } else {
                let end = rest.firstIndex(where: { $0 == " " || $0 == "\t" }) ?? rest.endIndex
                words.append(String(rest[..<end]))
                rest = rest[end...]
            }
        }
        return words
    }

    /// `"a \"b\""` -> `a "b"`; unquoted text is taken as written. Only `\"`, `\\` and `\n` are
    /// escapes: any other (`\u0000`, `\t`) is refused at its column (characters of `text` from 1),
    /// never read as the letter after the backslash.
    private static func unquote(_ text: String) throws(CommandSyntaxError) -> String {
        guard text.hasPrefix("\"") else { return text }
        guard text.count >= 2, text.hasSuffix("\""), !text.hasSuffix("\\\"") || text.hasSuffix("\\\\\"") else {
            throw CommandSyntaxError("unterminated quote in text: \(text)")
        }
        var result = ""
        var escaping = false
        for (offset, character) in text.dropFirst().dropLast().enumerated() {
            if escaping {
                guard character == "n" || character == "\"" || character == "\\" else {
                    // The backslash is at `offset`, the opening quote at column 1.
                    throw CommandSyntaxError(
                        "unknown escape '\\\(character)' in quoted text; the escapes are \\\", \\\\ and \\n (write \\\\ for a backslash)",
                        column: offset + 1)
                }
                result.append(character == "n" ? "\n" : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}

/// Why a command line could not be read.
package struct CommandSyntaxError: Error, Equatable, Sendable {
    package let message: String
    /// Where in the line the problem is (characters from 1), when that is not the command's start.
    package let column: Int?
    package init(_ message: String, column: Int? = nil) {
        self.message = message
        self.column = column
    }

    /// The error with its column counted from `offset` characters earlier.
    func shifted(by offset: Int) -> CommandSyntaxError {
        CommandSyntaxError(message, column: column.map { $0 + offset })
    }
}

extension String {
    /// The first space-separated word and the rest, trimmed.
    func splitFirstWord() -> (String, String) {
        let trimmed = trimmingSpaces
        guard let space = trimmed.firstIndex(where: { $0 == " " || $0 == "\t" }) else { return (trimmed, "") }
        return (String(trimmed[..<space]), String(trimmed[space...]).trimmingSpaces)
    }
}
