/// Base class of a scene's Presenter (presentation logic).
///
/// `ViewController` is the scene's display protocol, e.g. `any HomeDisplayLogic`; it must be
/// class-bound. The reference is weak: the ViewController owns the cycle, not the presenter.
@MainActor
open class ScenePresenter<ViewController>: PresenterRole, ViewControllerLinking {
    // Usable from inline code: the plugin's specialized wiring links the ViewController directly.
    @usableFromInline var viewControllerReference = WeakReference<ViewController>()

    /// The scene's display logic, set by the host's wiring; weak.
    ///
    /// Inlinable: the presenter reads it on every presentation, and in the plugin's code, where the
    /// type is known, reading and setting it are a weak load and store instead of generic code.
    /// Read from the scene's background work, it tells the host the screen is about to change, so
    /// the host shows it at once (`SceneInteractor.perform`, `observe`).
    @inlinable
    public final var viewController: ViewController? {
        get {
            SceneWorkContext.notePresenting()
            return viewControllerReference.value
        }
        set { viewControllerReference.value = newValue }
    }

    public init() {}

    @inlinable
    final func link(viewController object: AnyObject) {
        viewControllerReference.link(object)
    }
}
