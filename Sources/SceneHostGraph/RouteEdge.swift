@_spi(SceneHost) import SceneSDK
import SceneHostCore
import SceneHostConfig

/// One route of the app's navigation graph: a segue of the config, or a route a router declared.
package struct RouteEdge: Equatable, Sendable {
    /// Where the route is declared.
    package enum Origin: Equatable, Sendable {
        /// A `[[segues]]` entry of the config.
        case segue(SegueDeclaration)
        /// A route declared in a scene's `SceneDefinition`; `handler` is its `routeTo<Destination>`.
        case router(handler: String?, plugin: PluginReference)
    }

    package let from: String
    package let to: String
    package let origin: Origin
    /// How the destination is shown, when the declaration says (segues do; a router's route does when
    /// it is declared with a `Route` value).
    package let style: NavigationStyle?
    /// What the route passes, as declared by the source's router.
    package let payload: ContractInfo?
    /// Whether the source's router has a `routeTo<Destination>` handler for it.
    let hasHandler: Bool

    /// Whether a `[[segues]]` entry declares it (else a router does).
    var isSegue: Bool {
        if case .segue = origin { return true }
        return false
    }

    /// The edge's label in pictures and lists: the segue id, or the handler's name.
    package var label: String {
        switch origin {
        case .segue(let segue): return segue.id
        case .router(let handler, _): return handler ?? "in code"
        }
    }
}
