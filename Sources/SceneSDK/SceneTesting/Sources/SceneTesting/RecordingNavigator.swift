import SceneSDK

/// The navigator a `SceneTestKit` wires its scene to: instead of showing destinations it records
/// every route, exit and slot selection as a value, so routers that route in code can be tested
/// without the host.
///
/// Routers reach it through `route(to:segue:passing:)`, `routeBack()`, `dismiss()` and
/// `selectTab(_:)`; a test reads `log`, `routes`, `exits` and `selections` (or the kit's
/// shortcuts of the same names).
@MainActor
public final class RecordingNavigator: SceneNavigating {
    /// Every route, exit and slot selection, in order.
    public internal(set) var log: [RecordedNavigation] = []
    /// Asked to check and apply each navigation; weak: the kit owns the navigator.
    weak var kit: SceneTestKit?

    init() {}

    /// The routes, in order (those into a container's slot too).
    public var routes: [RecordedRoute] {
        log.compactMap { if case .route(let route) = $0 { route } else { nil } }
    }

    /// The exits, in order.
    public var exits: [RecordedExit] {
        log.compactMap { if case .exit(let exit) = $0 { exit } else { nil } }
    }

    /// The slots selected (by the router's `selectTab` or the test's `SceneTestKit.selectTab`), in order.
    public var selections: [String] {
        log.compactMap { if case .select(let slot) = $0 { slot } else { nil } }
    }

    /// Called by routers that route in code: checks the route as the host does, then records it.
    public func navigate(from source: RouterContext, to destination: String, style: NavigationStyle, payload: ScenePayload?) throws {
        guard let kit else { throw SceneTestingError.noScene }
        try kit.routerNavigates(from: source, to: destination, slot: nil, style: style, payload: payload)
    }

    /// Called by routers that route into a container's slot (`Route(_:style:slot:)`): checks the
    /// route as the host does (declared, in its declared style, `.push` or `.replace`, the
    /// destination's input; the slot when the scene under test is the container), then records it
    /// with its `slot`.
    public func navigate(from source: RouterContext, to destination: String, inSlot slot: String, style: NavigationStyle, payload: ScenePayload?) throws {
        guard let kit else { throw SceneTestingError.noScene }
        try kit.routerNavigates(from: source, to: destination, slot: slot, style: style, payload: payload)
    }

    /// Called by routers that select a tab (`selectTab`): checks the slot when the scene under test
    /// is the container, then records `.select(slot:)`.
    public func select(from source: RouterContext, slot: String) throws {
        guard let kit else { throw SceneTestingError.noScene }
        try kit.routerSelects(from: source, slot: slot)
    }

    /// Called by routers that leave in code (`routeBack`, `dismiss`): records the exit and the result handed back.
    public func leave(from source: RouterContext, to target: BackTarget) throws {
        guard let kit else { throw SceneTestingError.noScene }
        try kit.routerLeaves(from: source, to: target)
    }
}
