import Synchronization
@testable import SceneHostWorkers

/// A `FaultClock` that moves only when the test says so, or when a restart waits (it then moves by
/// the wait at once, and keeps each wait): cooling periods and backoffs tested without sleeping.
final class ManualFaultClock: Sendable {
    private let origin = ContinuousClock.now
    private let offset = Mutex<Duration>(.zero)
    private let waits = Mutex<[Duration]>([])

    var clock: FaultClock {
        FaultClock(
            now: { [self] in origin + offset.withLock { $0 } },
            sleep: { [self] duration in
                guard duration > .zero else { return }
                waits.withLock { $0.append(duration) }
                offset.withLock { $0 += duration }
            })
    }

    func advance(_ duration: Duration) { offset.withLock { $0 += duration } }

    /// Every wait a restart asked for, in order.
    var recordedWaits: [Duration] { waits.withLock { $0 } }
}
