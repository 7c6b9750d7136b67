/// Who pays for a plugin's faults (docs/decisions.md, "Faults stay with whoever causes them"): the
/// session whose action was in flight, and the plugin only when many clients meet its faults.
///
/// Plain data with the time passed in, so every rule is tested without processes or waiting. A
/// `FaultLedger` holds one for all the workers of a process.
///
/// - A session whose own actions ended its worker `sessionFaults` times is ended (`serve`; nil: never, `run`).
/// - A plugin whose faults came from `refusingSources` distinct sources (client addresses) within
///   `window` is refused for everyone for a cooling period: `firstCooling`, doubled by each refusal
///   that follows the last one within `longestCooling`, at most `longestCooling`. Then it is tried
///   again, and only faults after that count toward the next refusal.
package struct FaultPolicy: Sendable {
    package struct Limits: Sendable, Equatable {
        /// Faults of its own after which a session is ended; nil: sessions are never ended for faults.
        var sessionFaults: Int?
        /// Distinct sources whose faults refuse a plugin for everyone.
        var refusingSources = 3
        /// How long a source's fault counts toward refusing a plugin.
        var window: Duration = .seconds(60)
        /// The cooling period of a first refusal.
        var firstCooling: Duration = .seconds(10)
        /// The longest cooling period; also how long after a refusal ends the next one still doubles.
        var longestCooling: Duration = .seconds(600)
    }

    /// A plugin refused for everyone until `until`, after faults from `sources` distinct sources.
    package struct Refusal: Sendable, Equatable {
        let sources: Int
        let since: ContinuousClock.Instant
        let until: ContinuousClock.Instant

        /// Whole seconds left at `now`, at least 1 while refused (for messages).
        func secondsLeft(at now: ContinuousClock.Instant) -> Int {
            let left = until - now
            let seconds = left.components.seconds + (left.components.attoseconds > 0 ? 1 : 0)
            return Int(max(1, seconds))
        }
    }

    private struct PluginState {
        /// When each source last met the plugin's fault (only faults since the last refusal ended).
        var sources: [String: ContinuousClock.Instant] = [:]
        var refusal: Refusal?
        /// How many refusals in a row doubled the cooling period (0: the first).
        var level = 0
        /// When the last refusal ended.
        var lastEnd: ContinuousClock.Instant?
    }

    package let limits: Limits
    private var plugins: [String: PluginState] = [:]

    package init(limits: Limits) {
        self.limits = limits
    }

    /// Whether a session whose actions have now ended its worker `faults` times is ended.
    func endsSession(afterFaults faults: Int) -> Bool {
        guard let limit = limits.sessionFaults else { return false }
        return faults >= limit
    }

    /// Counts a fault of `plugin`'s code met by `source` at `now`; returns the refusal it starts, if
    /// it is the one that makes `refusingSources` distinct sources within the window. A fault while
    /// the plugin is refused (a native call, a scene built before) starts nothing.
    mutating func noteFault(of plugin: String, from source: String, at now: ContinuousClock.Instant) -> Refusal? {
        var state = plugins[plugin] ?? PluginState()
        defer { plugins[plugin] = state }
        if let refusal = state.refusal, now < refusal.until { return nil }
        state.sources = state.sources.filter { now - $0.value < limits.window }
        state.sources[source] = now
        guard state.sources.count >= limits.refusingSources else { return nil }
        if let lastEnd = state.lastEnd, now - lastEnd < limits.longestCooling {
            state.level = min(state.level + 1, 32)
        } else {
            state.level = 0
        }
        let refusal = Refusal(sources: state.sources.count, since: now, until: now + cooling(level: state.level))
        state.refusal = refusal
        state.sources = [:]
        return refusal
    }

    /// The cooling period of a refusal at `level`: `firstCooling` doubled `level` times, at most `longestCooling`.
    package func cooling(level: Int) -> Duration {
        var period = limits.firstCooling, doublings = level
        while doublings > 0, period < limits.longestCooling {
            period = period * 2
            doublings -= 1
        }
        return min(period, limits.longestCooling)
    }

    /// The plugins refused at `now`, and those whose cooling period ended since the last call
    /// (tried again from now on).
    package mutating func refusals(at now: ContinuousClock.Instant) -> (refused: [String: Refusal], retried: [String]) {
        var refused: [String: Refusal] = [:], retried: [String] = []
        for (plugin, state) in plugins {
            guard let refusal = state.refusal else { continue }
            if now < refusal.until {
                refused[plugin] = refusal
            } else {
                plugins[plugin]?.refusal = nil
                plugins[plugin]?.lastEnd = refusal.until
                retried.append(plugin)
            }
        }
        return (refused, retried.sorted())
    }

    /// The refusal of `plugin` at `now`, if it is refused.
    package func refusal(of plugin: String, at now: ContinuousClock.Instant) -> Refusal? {
        guard let refusal = plugins[plugin]?.refusal, now < refusal.until else { return nil }
        return refusal
    }
}
