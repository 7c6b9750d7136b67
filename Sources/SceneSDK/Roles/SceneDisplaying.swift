/// What the host needs from any scene's ViewController: draw its state, take the user's events.
///
/// `SceneViewController` implements it; the host only ever sees a scene through this protocol.
@MainActor
public protocol SceneDisplaying: AnyObject {
    /// Called once, after the host wired the scene and passed its input, before the first `render()`.
    func viewDidLoad()
    /// Called each time the scene becomes the one on screen: when first shown, and again when a
    /// scene above it was popped or dismissed (after any result it took back).
    func viewWillAppear()
    /// The scene's current state as a screen. Called after every event; keep it cheap.
    func render() -> Screen
    /// Handles one user event. A thrown error is shown to the user and changes no navigation.
    func handle(_ event: UserEvent) throws
}
