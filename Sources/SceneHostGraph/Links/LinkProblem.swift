import SceneSDK
import SceneHostNavigation

/// What is wrong with one scene's declared deep link, as `check` reports it (`SceneGraphError.linkInvalid`).
package enum LinkProblem: Error, Equatable, Sendable {
    /// The template does not parse.
    case template(LinkTemplate.Problem)
    /// The parameters type is not a struct whose fields the SDK can read.
    case parametersNotStruct(type: String)
    /// A placeholder names no field of the parameters type.
    case placeholderNotField(placeholder: String, parameters: String, fields: [String])
    /// A field of the parameters type has no placeholder.
    case fieldWithoutPlaceholder(field: String, parameters: String)
    /// A field's type is not one a link can carry (`Int`, `String`, `Bool`, `Double`).
    case unsupportedType(field: String, type: String)
    /// The scene declares no input for the link's function to build.
    case sceneTakesNoInput
    /// The function builds a type that does not fit the scene's input.
    case inputMismatch(built: String, input: String, mismatches: [FieldMismatch])
    /// No declared route leads from the initial scene to the linked scene.
    case unreachable(initial: String)
    /// Every route path to the linked scene goes through `scene`, which needs an input (`input`).
    case blockedByInput(initial: String, scene: String, input: String)
}

extension LinkProblem {
    /// The link is sound, but the app it is used in gives no way to its scene: a warning, not an error.
    var dependsOnTheApp: Bool {
        switch self {
        case .unreachable, .blockedByInput: return true
        case .template, .parametersNotStruct, .placeholderNotField, .fieldWithoutPlaceholder, .unsupportedType,
            .sceneTakesNoInput, .inputMismatch:
            return false
        }
    }
}
