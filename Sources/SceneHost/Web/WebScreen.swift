@_spi(SceneHost) import SceneSDK

/// One screen of a web session's stacks as its pages know it: which scene, whether it opened a
/// modal, the stamp its forms carry, and what it looked like when it was last on top.
public struct WebScreen: Equatable, Sendable {
    public let name: String
    /// The root of a modal stack (shown as a dialog).
    public let opensLayer: Bool
    /// Changes whenever the screen at this place changes (another scene, another state of it):
    /// a form carrying an older stamp applies nothing.
    public internal(set) var stamp: Int
    /// What it showed when it was last on top: its earlier page (the browser's Back) shows this.
    public internal(set) var lastScreen: Screen
}
