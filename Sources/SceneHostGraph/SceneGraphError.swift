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
    /// A slot of `container` (declared by `plugin`) starts at `initial`, which no plugin registers.
    case slotInitialUnknown(
        PluginReference, container: String, slot: String, kind: SlotKind, initial: String, registered: [String])
    /// A slot of `container` starts at `initial`, which takes an input: a slot's first scene is built with none.
    case slotInitialNeedsInput(
        PluginReference, container: String, slot: String, kind: SlotKind, initial: String, input: String)
    /// `container` declares the slot `slot` `count` times (routes and ids would not know which).
    case slotDeclaredTwice(PluginReference, container: String, slot: String, count: Int)
    /// `container` declares tabs and panes; `tabs` and `panes` are their names, in declared order.
    case slotKindsMixed(PluginReference, container: String, tabs: [String], panes: [String])
    /// A slot's name the host cannot use (`SlotNameProblem` says why); `title` helps suggest one.
    case slotNameInvalid(
        PluginReference, container: String, slot: String, kind: SlotKind, title: String, SlotNameProblem)
    /// A route into the slot `slot`, which no container of the app declares; `declared` are every
    /// container's slot names, sorted (never empty: an app without containers takes such a route on
    /// the source's own stack).
    case routeSlotUnknown(PluginReference, from: String, to: String, slot: String, declared: [String])
    /// Containers whose slots start at each other (or a container at itself): showing one would
    /// build containers without end. `plugin` declares the first step's container.
    case containerCycle(PluginReference, cycle: [ContainerCycleStep])
}

/// Why a slot's name is refused: the host writes some names itself.
package enum SlotNameProblem: Equatable, Sendable {
    case empty
    /// Pane element ids are written `PANE/ID`.
    case slash
    /// `tab NAME` and scripts take one word.
    case whitespace
    /// Chrome ids (`@tabs`) start with '@'.
    case at

    /// The problem of `name`, or nil when the host can use it.
    package init?(_ name: String) {
        if name.isEmpty {
            self = .empty
        } else if name.hasPrefix("@") {
            self = .at
        } else if name.contains("/") {
            self = .slash
        } else if name.contains(where: \.isWhitespace) {
            self = .whitespace
        } else {
            return nil
        }
    }
}

/// One slot of a cycle of containers: `container`'s slot starts at the next step's container (the
/// last step's at the first's).
package struct ContainerCycleStep: Equatable, Sendable {
    package let container: String
    package let slot: String
    package let kind: SlotKind

    package init(container: String, slot: String, kind: SlotKind) {
        self.container = container
        self.slot = slot
        self.kind = kind
    }
}
