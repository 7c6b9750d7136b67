import SceneHostCore
/// Why a deep link could not be opened: a path that is malformed, matches no declared link, or
/// whose parameter has the wrong type. Nothing was shown or changed. Exit code 9.
///
/// Its text and exit code are in `LinkError+Message.swift`.
package enum LinkError: HostConcernError, Equatable, Sendable {
    /// Why a path is not one a link can match.
    package enum Malformation: Equatable, Sendable {
        case emptySegment(position: Int)
        case badEscape(String)
        case notUTF8
        case controlCharacter
        case dotSegment(String)
    }

    case empty
    case tooLong(bytes: Int, limit: Int)
    case malformed(link: String, Malformation)
    /// No declared link matches `link`; `declared` lists them (`orders/{id: Int}`), `suggestion` is the closest.
    case unknownLink(link: String, declared: [String], suggestion: String?)
    /// `link` matched `template`, but `parameter`'s text is not a value of its type.
    case parameterInvalid(link: String, template: String, parameter: String, expected: LinkParameterType, given: String)
}
