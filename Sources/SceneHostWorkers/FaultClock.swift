/// Where the fault accounting reads the time and how a restart waits: the real clock, or a test's
/// (which moves on without waiting, so cooling periods and backoffs are tested without sleeping).
package struct FaultClock: Sendable {
    package let now: @Sendable () -> ContinuousClock.Instant
    package let sleep: @Sendable (Duration) async -> Void

    package init(
        now: @escaping @Sendable () -> ContinuousClock.Instant, sleep: @escaping @Sendable (Duration) async -> Void
    ) {
        self.now = now
        self.sleep = sleep
    }

    /// The continuous clock; a wait suspends the supervisor's request (no thread is held).
    static let continuous = FaultClock(
        now: { ContinuousClock.now },
        sleep: { duration in
            guard duration > .zero else { return }
            try? await Task.sleep(for: duration)
        })
}
