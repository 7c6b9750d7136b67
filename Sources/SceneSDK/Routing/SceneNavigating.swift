/// The host's navigator, as routers see it. Implemented by the host.
@MainActor
public protocol SceneNavigating: AnyObject {
    /// Builds `destination`, passes `payload` into its DataStore and shows it in `style`.
    /// On any error nothing changes: the stack and every DataStore stay as they were.
    func navigate(from source: RouterContext, to destination: String, style: NavigationStyle, payload: ScenePayload?) throws
    /// The same with a typed value, as routers pass it: a navigator may hand the value over as it
    /// is when the destination declared exactly its type, and must encode it (`ScenePayload`) otherwise.
    func navigate<Input: Encodable>(from source: RouterContext, to destination: String, style: NavigationStyle, passing input: Input) throws
    /// Leaves the source scene towards `target`, handing its declared result to the scene that
    /// is shown next. On any error nothing changes.
    func leave(from source: RouterContext, to target: BackTarget) throws
    /// Builds `destination`, passes `payload` into its DataStore and shows it in the slot `slot` of
    /// the container the source is in (or is), selecting that slot. On any error nothing changes.
    func navigate(from source: RouterContext, to destination: String, inSlot slot: String, style: NavigationStyle, payload: ScenePayload?) throws
    /// Selects the slot `slot` of the container the source is in (or is). On error nothing changes.
    func select(from source: RouterContext, slot: String) throws
}

extension SceneNavigating {
    /// Encodes `input` and navigates with it: for navigators without a typed fast path.
    public func navigate<Input: Encodable>(from source: RouterContext, to destination: String, style: NavigationStyle, passing input: Input) throws {
        try navigate(from: source, to: destination, style: style, payload: ScenePayload(input))
    }
}

/// Where a scene goes when it leaves.
public enum BackTarget: Equatable, Sendable {
    /// Pop it, or dismiss it when it is the root of a modal.
    case previous
    /// Pop down to the named scene of the same stack.
    case scene(String)
    /// Dismiss the modal it is in, with its whole stack.
    case dismissModal
}
