/// Base class of a scene's Router (routing logic and data passing).
///
/// `ViewController` is the scene's ViewController type or display protocol (held weakly);
/// `DataStore` the scene's DataStore protocol, e.g. `any HomeDataStore`, which the host sets to
/// the scene's interactor. Routing methods (`route(to:segue:passing:)`, `routeBack()`) come
/// from `RouterRole`.
@MainActor
open class SceneRouter<ViewController, DataStore>: RouterRole, ViewControllerLinking {
    // Usable from inline code: the plugin's specialized wiring links the ViewController directly.
    @usableFromInline var viewControllerReference = WeakReference<ViewController>()

    /// The scene's ViewController, set by the host's wiring; weak.
    ///
    /// Inlinable: the presenter reads it on every presentation, and in the plugin's code, where the
    /// type is known, reading and setting it are a weak load and store instead of generic code.
    @inlinable
    public final var viewController: ViewController? {
        get { viewControllerReference.value }
        set { viewControllerReference.value = newValue }
    }
    /// The scene's DataStore (its interactor), set by the host's wiring.
    public var dataStore: DataStore?
    /// The router's link to the host's navigator.
    public let context = RouterContext()

    public init() {}

    @inlinable
    final func link(viewController object: AnyObject) {
        viewControllerReference.link(object)
    }
}
