import SceneSDK

/// The messages of deep links: a path that cannot be opened (`LinkError`), and a declared link
/// `check` refuses (`LinkProblem`).
extension ErrorMessage {
    static func unescaped(_ error: LinkError) -> String {
        switch error {
        case .empty:
            return "error: the link is empty. Give a path that matches a declared link, such as 'orders/2' ('scene-host list' shows the app's links)."
        case .tooLong(let bytes, let limit):
            return "error: the link is \(bytes) bytes long; a link has at most \(limit)."
        case .malformed(let link, let malformation):
            return "error: link '\(link)' is malformed: \(describe(malformation))."
        case .unknownLink(let link, let declared, let suggestion):
            guard !declared.isEmpty else { return "error: no link matches '\(link)': the app declares no links." }
            let hint = suggestion.map { " Did you mean '\($0)'?" } ?? ""
            return "error: no link matches '\(link)'.\(hint) The app's links: \(declared.joined(separator: ", "))."
        case .parameterInvalid(let link, let template, let parameter, let expected, let given):
            return "error: link '\(link)' (\(template)): parameter '\(parameter)' expects \(describe(expected)), given \"\(given)\"."
        }
    }

    private static func describe(_ malformation: LinkError.Malformation) -> String {
        switch malformation {
        case .emptySegment(let position): return "segment \(position) is empty (two slashes, or a slash at the end)"
        case .badEscape(let escape): return "'\(escape)' is not a percent escape ('%' and two hexadecimal digits)"
        case .notUTF8: return "its percent escapes do not decode to UTF-8 text"
        case .controlCharacter: return "it holds a control character"
        case .dotSegment(let segment): return "'\(segment)' is not a segment a link may have"
        }
    }

    private static func describe(_ type: LinkParameterType) -> String {
        switch type {
        case .int: return "an Int (a whole number from \(Int.min) to \(Int.max))"
        case .string: return "a String"
        case .bool: return "a Bool (true or false)"
        case .double: return "a Double (a finite number such as 2.5)"
        }
    }

    /// What is wrong with a declared link, and what to do, as the end of a sentence.
    static func describe(_ problem: LinkProblem) -> String {
        switch problem {
        case .template(let problem):
            return "the template \(describe(problem)). A template is literal words (a-z, 0-9, '-', '_', '.') and {name} placeholders separated by '/', e.g. \"orders/{id}\"."
        case .parametersNotStruct(let type):
            return "the parameters type \(type) is not a struct of fields. Declare a struct with one Int, String, Bool or Double field per placeholder."
        case .placeholderNotField(let placeholder, let parameters, let fields):
            let list = fields.isEmpty ? "it has none" : "its fields: \(fields.joined(separator: ", "))"
            return "the placeholder {\(placeholder)} names no field of \(parameters) (\(list)). Rename the placeholder or add the field."
        case .fieldWithoutPlaceholder(let field, let parameters):
            return "field '\(field)' of \(parameters) has no placeholder in the template. Add {\(field)} to the template or remove the field."
        case .unsupportedType(let field, let type):
            return "field '\(field)' is a \(type); a link's parameters are Int, String, Bool or Double."
        case .sceneTakesNoInput:
            return "the scene declares no input for the link to build. Declare it with .accepting(Input.self) { ... }."
        case .inputMismatch(let built, let input, let mismatches):
            return "the link builds \(built), which does not fit the scene's input \(input): \(mismatches.map(describe).joined(separator: "; "))."
        case .unreachable(let initial):
            return "no declared route leads from the initial scene '\(initial)' to it, so no stack can be built. Declare a segue or a route to it."
        case .blockedByInput(let initial, let scene, let input):
            return "every route from the initial scene '\(initial)' to it passes through '\(scene)', which needs an input (\(input)) a link cannot build. Declare a route to it through scenes that take no input."
        }
    }

    private static func describe(_ problem: LinkTemplate.Problem) -> String {
        switch problem {
        case .empty: return "is empty"
        case .tooLong(let limit): return "is longer than \(limit) bytes"
        case .emptySegment(let position): return "has an empty segment at position \(position)"
        case .invalidLiteral(let word): return "has the word '\(word)', which is not one"
        case .invalidPlaceholder(let text): return "has '\(text)', which is not a placeholder"
        case .duplicatePlaceholder(let name): return "names the placeholder {\(name)} twice"
        }
    }
}
