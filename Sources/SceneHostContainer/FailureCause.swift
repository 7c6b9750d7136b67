import SceneSDK

/// Why a scene or a plugin's registration failed, kept as a value; its text is written where it is shown (`clause`).
///
/// A string literal is a cause of its own (`.other`), for failures the host describes itself.
package enum FailureCause: Equatable, Sendable, ExpressibleByStringLiteral {
    /// The SDK refused something the scene did (a wiring, a payload, a router without a host).
    case scene(SceneError)
    /// The container refused something the plugin asked for.
    case container(ContainerError)
    /// An error of a type the host does not know (the scene's own), as its description.
    case other(String)

    /// `error` as a cause: the SDK's and the container's errors stay values; others become their description.
    package init(_ error: any Error) {
        switch error {
        case let error as SceneError: self = .scene(error)
        case let error as ContainerError: self = .container(error)
        default: self = .other(String(describing: error))
        }
    }

    package init(stringLiteral value: String) {
        self = .other(value)
    }
}
