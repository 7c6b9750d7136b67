import SceneHostFrontend
import Synchronization

/// Whether a `serve` instance drains: SIGTERM came, `/readyz` answers 503 while in-flight actions
/// finish and the listener closes. Shared by the app's listener, the admin listener and the drain.
package final class ServeState: Sendable {
    private let drainingFlag = Atomic<Bool>(false)
    /// Closed when the drain starts: every open live stream sleeping on it wakes at once and ends
    /// (`WebHandlers.events`), so no stream holds the shutdown back.
    package let drain = Wakeup()

    package init() {}

    var isDraining: Bool { drainingFlag.load(ordering: .acquiring) }

    func startDraining() {
        drainingFlag.store(true, ordering: .releasing)
        drain.close()
    }
}
