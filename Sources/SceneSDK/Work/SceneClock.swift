import Glibc

/// The wall clock as a service: what a scene reads for "now" (a date on screen, when a countdown
/// ends). Resolve it in the interactor's factory instead of reading the system's clock, so a test,
/// a script's transcript and a demo can pin it:
///
/// ```swift
/// interactor: { services in TimerInteractor(clock: try services.resolve(SceneClock.self)) }
/// ```
///
/// The host registers the system's clock in every scene worker, or the one `[host] clock` in
/// scenes.conf pins (`clock = 2026-01-01T09:00:00Z`: every run shows the same times). The testing
/// kit registers one pinned at `SceneClock.testStart` (2026-01-01 00:00 UTC); a test registers
/// another (`kit.register(SceneClock.self) { .pinned(atMillisecondsSince1970: ...) }`) to pin its own.
/// A plugin's own registration of `SceneClock` never replaces the host's.
public struct SceneClock: Sendable {
    private let read: @Sendable () -> Int64
    /// Whether it always answers the same instant.
    public let isPinned: Bool

    /// A clock that answers what `read` returns: milliseconds since 1970-01-01 00:00 UTC.
    public init(millisecondsSince1970 read: @escaping @Sendable () -> Int64) {
        self.read = read
        isPinned = false
    }

    private init(pinned milliseconds: Int64) {
        read = { milliseconds }
        isPinned = true
    }

    /// Now, in milliseconds since 1970-01-01 00:00 UTC.
    public var millisecondsSince1970: Int64 { read() }

    /// Now, in seconds since 1970-01-01 00:00 UTC (`Date(timeIntervalSince1970:)` takes it).
    public var secondsSince1970: Double { Double(read()) / 1000 }

    /// The system's clock (`CLOCK_REALTIME`).
    public static let system = SceneClock {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }

    /// A clock that always answers `milliseconds` since 1970-01-01 00:00 UTC.
    public static func pinned(atMillisecondsSince1970 milliseconds: Int64) -> SceneClock {
        SceneClock(pinned: milliseconds)
    }

    /// 2026-01-01 00:00 UTC: where the testing kit's clock is pinned.
    public static let testStart: Int64 = 1_767_225_600_000
}
