/// A router's link to the host: which navigator runs it and which scene it belongs to.
///
/// The host fills it when it wires the scene; a router that was built by hand (a test, a
/// benchmark) has none, and its routing calls throw `SceneError.routerNotAttached`.
@MainActor
public final class RouterContext {
    weak var navigator: (any SceneNavigating)?
    /// The name of the scene this router belongs to; empty until the host wires it.
    public internal(set) var sceneName: String = ""

    nonisolated public init() {}

    /// Links the router to the host's navigator, as the scene it belongs to.
    @usableFromInline
    func attach(to navigator: any SceneNavigating, scene: String) {
        self.navigator = navigator
        sceneName = scene
    }

    /// Links a router wired by hand (a benchmark's baseline, the seed's `setUpVIPCycle`) to a
    /// navigator of its own. Not for plugins: the host attaches every router it wires.
    @_spi(SceneHost) public func attachByHand(to navigator: any SceneNavigating, scene: String) {
        attach(to: navigator, scene: scene)
    }
}
