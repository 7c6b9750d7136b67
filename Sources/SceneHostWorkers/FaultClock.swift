#if canImport(Glibc)
import Glibc
#endif

/// Where the fault accounting reads the time and how a restart waits: the real clock, or a test's
/// (which moves on without waiting, so cooling periods and backoffs are tested without sleeping).
package struct FaultClock: Sendable {
    package let now: @Sendable () -> ContinuousClock.Instant
    package let sleep: @Sendable (Duration) -> Void

    package init(now: @escaping @Sendable () -> ContinuousClock.Instant, sleep: @escaping @Sendable (Duration) -> Void) {
        self.now = now
        self.sleep = sleep
    }

    /// The continuous clock; a wait blocks the calling thread (a worker's own queue, or `run`'s terminal).
    package static let continuous = FaultClock(now: { ContinuousClock.now }, sleep: { duration in
        guard duration > .zero else { return }
        let parts = duration.components
        var wait = timespec(tv_sec: Int(parts.seconds), tv_nsec: Int(parts.attoseconds / 1_000_000_000))
        var left = timespec()
        // A signal cuts the wait short: wait for what is left.
        while nanosleep(&wait, &left) != 0 && errno == EINTR { wait = left }
    })
}
