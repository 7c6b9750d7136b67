import SceneSDK
import SceneHostCore

/// A problem `check` finds in the scene graph: unknown scenes, routes whose data does not fit. Exit code 4.
///
/// Its text and exit code are in `SceneGraphError+Message.swift`.
package enum SceneGraphError: HostConcernError, Equatable, Sendable {
    case unknownInitialScene(SourceLocation, scene: String, registered: [String])
    case unknownSegueScene(SourceLocation, scene: String, field: String, segue: String, registered: [String])
    case initialNeedsInput(SourceLocation, scene: String, input: String)
    case unknownRouteScene(PluginReference, from: String, to: String, registered: [String])
    /// A scene's router asked, in its probe, for a destination its definition does not declare
    /// (a string route misspelt in code); `declared` are the routes it does declare.
    case routeNotDeclared(PluginReference, scene: String, destination: String, declared: [String])
    /// A segue's id is none of the buttons (`buttons`) its source scene's screens showed in the
    /// probe of `plugin`: no tap could ever take it.
    case segueNotAButton(SourceLocation, segue: String, scene: String, plugin: String, buttons: [String])
    case routeUnexpectedInput(RouteEdge, payload: String)
    case routeMissingInput(RouteEdge, input: String, reason: String)
    case routeInputMismatch(RouteEdge, input: String, payload: String, mismatches: [FieldMismatch])
    case routeResultNotAccepted(RouteEdge, result: String)
    case routeResultMismatch(RouteEdge, result: String, accepted: String, mismatches: [FieldMismatch])
    /// The deep link `template` of `scene` cannot be opened (`LinkProblem` says why).
    case linkInvalid(PluginReference, scene: String, template: String, LinkProblem)
    /// Two scenes declare links of the same shape (`orders/{id}` and `orders/{number}`): a path would match both.
    case linkDuplicate(
        template: String, scene: String, plugin: PluginReference, firstTemplate: String, firstScene: String,
        firstPlugin: PluginReference)
}
