import SceneHostCore
/// How fast one client address may start new sessions (`serve --session-burst`, `--session-rate`):
/// a token bucket of `burst` tokens, refilled by `perMinute` a minute; a new session takes one.
///
/// A rate, not a count that lasts as long as the sessions do: many users behind one address (a NAT,
/// a proxy not named trusted) each start their session at a human pace and all get one, while one
/// client that starts sessions in a loop is slowed to the rate, told when to try again
/// (429, `Retry-After`), and slows only the starts of its neighbours, never their sessions.
package struct WebSessionRate: Equatable, Sendable {
    package let burst: Int
    package let perMinute: Double

    package init(burst: Int, perMinute: Double) {
        self.burst = max(1, burst)
        self.perMinute = perMinute > 0 ? perMinute : 1
    }

    /// 30 at once, then one every two seconds.
    package static let standard = WebSessionRate(burst: 30, perMinute: 30)
}

/// The token buckets of the clients that started sessions on this instance (each instance has its
/// own: behind N instances a client may start up to N times the rate).
///
/// Kept as the generic cell rate algorithm: per client, the time its bucket would be full again plus
/// one interval (`due`); a start is allowed while `due` is at most `(burst - 1)` intervals ahead, and
/// moves it one interval on. The same decisions as counting tokens, in whole clock units (no
/// rounding of fractional tokens), and a bucket is full once `due` has passed.
///
/// Bounded: past `remembered` clients, the buckets that are full again are forgotten (a full bucket
/// is what a client never seen gets), then, if that is not enough, those nearest to full, down to
/// three quarters; such a client starts again with a full bucket.
struct WebSessionBuckets {
    package let rate: WebSessionRate
    package let remembered: Int
    /// The time between two tokens.
    package let interval: Duration
    /// How far ahead `due` may be for a start to be allowed: `burst - 1` intervals.
    let tolerance: Duration
    private var due: [String: ContinuousClock.Instant] = [:]

    package init(rate: WebSessionRate, remembered: Int = 50_000) {
        self.rate = rate
        self.remembered = max(1, remembered)
        interval = .milliseconds(Int64((60_000 / rate.perMinute).rounded()))
        tolerance = interval * (rate.burst - 1)
    }

    /// Takes a token of `client` at `now`: nil when it had one, else how long until it has one.
    package mutating func take(_ client: String, now: ContinuousClock.Instant) -> Duration? {
        let next = max(due[client] ?? now, now)
        guard next - now <= tolerance else { return next - now - tolerance }
        due[client] = next + interval
        if due.count > remembered { forgetSome(now: now) }
        return nil
    }

    /// How many clients are remembered.
    package var count: Int { due.count }

    private mutating func forgetSome(now: ContinuousClock.Instant) {
        due = due.filter { $0.value > now }
        guard due.count > remembered else { return }
        let kept = due.sorted { $0.value > $1.value }.prefix(remembered * 3 / 4)
        due = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
    }
}

extension Duration {
    /// Whole seconds, rounded up, at least one: a `Retry-After` value.
    package var retryAfterSeconds: Int {
        let milliseconds = wholeMilliseconds
        return Int(max(1, (milliseconds + 999) / 1000))
    }
}
