@_spi(SceneHost) import SceneSDK
import SceneHostCore
import SceneHostConfig

/// One route of the app's navigation graph: a segue of the config, a route a router declared, or
/// a container's slot leading to the scene it starts at.
package struct RouteEdge: Equatable, Sendable {
    /// Where the route is declared.
    package enum Origin: Equatable, Sendable {
        /// A `[[segues]]` entry of the config.
        case segue(SegueDeclaration)
        /// A route declared in a scene's `SceneDefinition`; `handler` is its `routeTo<Destination>`.
        case router(handler: String?, plugin: PluginReference)
        /// A slot of a container scene (`SceneDefinition.tab`, `.pane`) to its initial scene: no
        /// router takes it, the host builds the scene with the container. A deep link's path
        /// through it selects the slot (a tab, a pane) instead of pushing its scene.
        case slot(name: String, kind: SlotKind, plugin: PluginReference)
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
    /// The slot of the source's container a router's route shows its destination in
    /// (`Route(_:style:slot:)`); nil: the source's own stack (and for segues and slot edges).
    package let slot: String?

    package init(
        from: String, to: String, origin: Origin, style: NavigationStyle?, payload: ContractInfo?, hasHandler: Bool,
        slot: String? = nil
    ) {
        self.from = from
        self.to = to
        self.origin = origin
        self.style = style
        self.payload = payload
        self.hasHandler = hasHandler
        self.slot = slot
    }

    /// Whether a `[[segues]]` entry declares it (else a router does).
    var isSegue: Bool {
        if case .segue = origin { return true }
        return false
    }

    /// Whether it leads from a container to a slot's initial scene (else a router or a segue takes it).
    package var isSlot: Bool {
        if case .slot = origin { return true }
        return false
    }

    /// The edge's label in pictures and lists: the segue id, the handler's name, or the slot's
    /// kind and name (`tab orders`).
    package var label: String {
        switch origin {
        case .segue(let segue): return segue.id
        case .router(let handler, _): return handler ?? "in code"
        case .slot(let name, let kind, _): return "\(kind.rawValue) \(name)"
        }
    }
}
