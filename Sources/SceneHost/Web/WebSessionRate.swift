/// How fast one client address may start new sessions (`serve --session-burst`, `--session-rate`):
/// a token bucket of `burst` tokens, refilled by `perMinute` a minute; a new session takes one.
///
/// A rate, not a count that lasts as long as the sessions do: many users behind one address (a NAT,
/// a proxy not named trusted) each start their session at a human pace and all get one, while one
/// client that starts sessions in a loop is slowed to the rate, told when to try again
/// (429, `Retry-After`), and slows only the starts of its neighbours, never their sessions.
public struct WebSessionRate: Equatable, Sendable {
    public let burst: Int
    public let perMinute: Double

    public init(burst: Int, perMinute: Double) {
        self.burst = max(1, burst)
        self.perMinute = perMinute > 0 ? perMinute : 1
    }

    /// 30 at once, then one every two seconds.
    public static let standard = WebSessionRate(burst: 30, perMinute: 30)
}

/// The token buckets of the clients that started sessions on this instance (each instance has its
/// own: behind N instances a client may start up to N times the rate).
///
/// Bounded: past `remembered` clients, the buckets that are full again are forgotten (a full bucket
/// is what a client never seen gets), then, if that is not enough, those used longest ago, down to
/// three quarters; such a client starts again with a full bucket.
struct WebSessionBuckets {
    let rate: WebSessionRate
    let remembered: Int
    private var buckets: [String: Bucket] = [:]

    private struct Bucket {
        var tokens: Double
        var at: ContinuousClock.Instant
    }

    init(rate: WebSessionRate, remembered: Int = 50_000) {
        self.rate = rate
        self.remembered = max(1, remembered)
    }

    /// Takes a token of `client` at `now`: nil when it had one, else how long until it has one.
    mutating func take(_ client: String, now: ContinuousClock.Instant) -> Duration? {
        var bucket = buckets[client].map { refilled($0, now: now) } ?? Bucket(tokens: Double(rate.burst), at: now)
        defer {
            buckets[client] = bucket
            if buckets.count > remembered { forgetSome(now: now) }
        }
        guard bucket.tokens >= 1 else {
            let seconds = (1 - bucket.tokens) * 60 / rate.perMinute
            return .milliseconds(Int64((seconds * 1000).rounded(.up)))
        }
        bucket.tokens -= 1
        return nil
    }

    /// How many clients are remembered.
    var count: Int { buckets.count }

    private func refilled(_ bucket: Bucket, now: ContinuousClock.Instant) -> Bucket {
        let elapsed = max(0, Double((now - bucket.at).wholeMilliseconds) / 1000)
        return Bucket(tokens: min(Double(rate.burst), bucket.tokens + elapsed * rate.perMinute / 60), at: now)
    }

    private mutating func forgetSome(now: ContinuousClock.Instant) {
        let burst = Double(rate.burst)
        buckets = buckets.filter { refilled($0.value, now: now).tokens < burst }
        guard buckets.count > remembered else { return }
        let kept = buckets.sorted { $0.value.at > $1.value.at }.prefix(remembered * 3 / 4)
        buckets = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
    }
}

extension Duration {
    /// Whole seconds, rounded up, at least one: a `Retry-After` value.
    var retryAfterSeconds: Int {
        let milliseconds = wholeMilliseconds
        return Int(max(1, (milliseconds + 999) / 1000))
    }
}
