import SceneHostCore
import SceneHostNative
import SceneHostContainer
import SceneHostConfig
extension LinkError {
    package var message: String { TerminalText.escaped(unescapedMessage) }

    /// Every link that could not be matched.
    package var exitStatus: ExitStatus { .linkError }

    /// The message before it is escaped.
    package var unescapedMessage: String {
        switch self {
        case .empty:
            return
                "error: the link is empty. Give a path that matches a declared link, such as 'orders/2' ('scene-host list' shows the app's links)."
        case .tooLong(let bytes, let limit):
            return "error: the link is \(bytes) bytes long; a link has at most \(limit)."
        case .malformed(let link, let malformation):
            return "error: link \(name: link) is malformed: \(malformation.clause)."
        case .unknownLink(let link, let declared, let suggestion):
            guard !declared.isEmpty else { return "error: no link matches \(name: link): the app declares no links." }
            let hint = suggestion.map { " Did you mean '\($0)'?" } ?? ""
            return "error: no link matches \(name: link).\(hint) The app's links: \(declared.joined(separator: ", "))."
        case .parameterInvalid(let link, let template, let parameter, let expected, let given):
            return
                "error: link \(name: link) (\(template)): parameter \(name: parameter) expects \(expected.clause), given \"\(given)\"."
        }
    }
}

extension LinkError.Malformation {
    package var clause: String {
        switch self {
        case .emptySegment(let position): return "segment \(position) is empty (two slashes, or a slash at the end)"
        case .badEscape(let escape): return "'\(escape)' is not a percent escape ('%' and two hexadecimal digits)"
        case .notUTF8: return "its percent escapes do not decode to UTF-8 text"
        case .controlCharacter: return "it holds a control character"
        case .dotSegment(let segment): return "\(name: segment) is not a segment a link may have"
        }
    }
}

extension LinkParameterType {
    /// The type as a message names what a parameter expects.
    package var clause: String {
        switch self {
        case .int: return "an Int (a whole number from \(Int.min) to \(Int.max))"
        case .string: return "a String"
        case .bool: return "a Bool (true or false)"
        case .double: return "a Double (a finite number such as 2.5)"
        }
    }
}
