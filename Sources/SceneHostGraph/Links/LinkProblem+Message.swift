import SceneHostCore
import SceneHostNative
import SceneHostContainer
import SceneHostLoading
import SceneHostNavigation
extension LinkProblem {
    /// What is wrong with the declared link, and what to do, as the end of a sentence.
    package var clause: String {
        switch self {
        case .template(let problem):
            return
                "the template \(problem.clause). A template is literal words (a-z, 0-9, '-', '_', '.') and {name} placeholders separated by '/', e.g. \"orders/{id}\"."
        case .parametersNotStruct(let type):
            return
                "the parameters type \(type) is not a struct of fields. Declare a struct with one Int, String, Bool or Double field per placeholder."
        case .placeholderNotField(let placeholder, let parameters, let fields):
            let list = fields.isEmpty ? "it has none" : "its fields: \(fields.joined(separator: ", "))"
            return
                "the placeholder {\(placeholder)} names no field of \(parameters) (\(list)). Rename the placeholder or add the field."
        case .fieldWithoutPlaceholder(let field, let parameters):
            return
                "field \(name: field) of \(parameters) has no placeholder in the template. Add {\(field)} to the template or remove the field."
        case .unsupportedType(let field, let type):
            return "field \(name: field) is a \(type); a link's parameters are Int, String, Bool or Double."
        case .sceneTakesNoInput:
            return "the scene declares no input for the link to build. Declare it with .accepting(Input.self) { ... }."
        case .inputMismatch(let built, let input, let mismatches):
            return
                "the link builds \(built), which does not fit the scene's input \(input): \(mismatches.map(\.clause).joined(separator: "; "))."
        case .unreachable(let initial):
            return LinkUnavailability.unreachable(initial: initial).clause
        case .blockedByInput(let initial, let scene, let input):
            return LinkUnavailability.blockedByInput(initial: initial, scene: scene, input: input).clause
        }
    }
}

extension LinkTemplate.Problem {
    package var clause: String {
        switch self {
        case .empty: return "is empty"
        case .tooLong(let limit): return "is longer than \(limit) bytes"
        case .emptySegment(let position): return "has an empty segment at position \(position)"
        case .invalidLiteral(let word): return "has the word \(name: word), which is not one"
        case .invalidPlaceholder(let text): return "has '\(text)', which is not a placeholder"
        case .duplicatePlaceholder(let name): return "names the placeholder {\(name)} twice"
        }
    }
}
