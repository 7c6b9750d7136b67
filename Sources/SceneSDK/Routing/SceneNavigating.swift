/// The host's navigator, as routers see it. Implemented by the host.
@MainActor
public protocol SceneNavigating: AnyObject {
    /// Builds `destination`, passes `payload` into its DataStore and shows it in `style`.
    /// On any error nothing changes: the stack and every DataStore stay as they were.
    func navigate(from source: RouterContext, to destination: String, style: NavigationStyle, payload: ScenePayload?) throws
    /// Pops the source scene, or dismisses it when it is the root of a modal.
    func goBack(from source: RouterContext) throws
}
