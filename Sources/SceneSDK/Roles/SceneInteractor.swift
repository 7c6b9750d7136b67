/// Base class of a scene's Interactor (business logic; usually also the scene's DataStore).
///
/// `Presenter` is the scene's presentation protocol, e.g. `any HomePresentationLogic`.
/// Workers come through the interactor factory given to `SceneDefinition`, from the container.
@MainActor
open class SceneInteractor<Presenter>: InteractorRole, SceneWorkOwning {
    /// The scene's presentation logic, set by the host's wiring.
    public var presenter: Presenter?
    /// The scene's background work (`perform`), known to the host.
    @usableFromInline let sceneWork = SceneWork()

    public init() {}

    /// The scene's background work, for a scene wired by hand (a benchmark's baseline, as the seed's
    /// `setUpVIPCycle` wires a scene): whoever shows such a scene cancels its work when it leaves, as
    /// the host does. Not for plugins: the host finds every scene's work itself.
    @_spi(SceneHost) public final var workWiredByHand: SceneWork { sceneWork }

    /// Starts `work` in the background, scoped to this scene, on the main actor like the rest of
    /// the scene: await a Worker in it, then present what it gave.
    ///
    /// ```swift
    /// func fetchOrders(request: ListOrders.FetchOrders.Request) {
    ///     perform { [worker] in
    ///         let orders = try await worker.fetchOrders()
    ///         self.presenter?.presentOrders(response: ListOrders.FetchOrders.Response(orders: orders))
    ///     }
    /// }
    /// ```
    ///
    /// The host shows the screen again when the work ends. When the scene leaves first, the work
    /// is cancelled (`Task.isCancelled`, and `Task.sleep` or a cancellable await throws) and what it
    /// presents afterwards reaches no screen. Catch your own errors to present them; an error the
    /// work does not catch is shown to the user as a notice, and the screen stays as it was.
    public final func perform(_ work: @escaping @MainActor () async throws -> Void) {
        sceneWork.start(work)
    }

    /// Starts `work` that follows something for as long as the scene is shown: a timer, a value
    /// another user changes. Like `perform`, but it is not expected to end, so nothing waits for it:
    /// a script goes on after each command without waiting for it (its `wait` command waits for
    /// what it shows), and tests step it with the kit's `settle`.
    ///
    /// ```swift
    /// func followTotal(request: ShowOrder.FollowTotal.Request) {
    ///     observe { [worker, id] in
    ///         for await total in worker.totals(of: id) {
    ///             self.presenter?.presentTotal(response: ShowOrder.FollowTotal.Response(total: total))
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// Whenever what the screen shows changes, the host shows it again (within 50 ms), in the
    /// terminal and on an open web page. The work is cancelled when the scene leaves.
    public final func observe(_ work: @escaping @MainActor () async throws -> Void) {
        sceneWork.start(observing: true, work)
    }
}
