import Synchronization

/// A clock a test moves by hand, read by the code under test from any task: `read` is what a
/// store's `clock` parameter takes.
package final class MovingClock: Sendable {
    private let instant = Mutex(ContinuousClock.now)

    package init() {}

    /// The instant now, on this clock.
    package var now: ContinuousClock.Instant { instant.withLock { $0 } }

    /// Moves the clock on by `duration`.
    package func advance(by duration: Duration) {
        instant.withLock { $0 += duration }
    }

    /// The clock as a closure, for a `clock:` parameter.
    package var read: @Sendable () -> ContinuousClock.Instant { { self.now } }
}
