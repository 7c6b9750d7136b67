/// The deep-link GETs whose opening ended a scene worker, counted per client address and plugin
/// (docs/decisions.md, "Faults blamed where they belong"): a client whose GETs of one plugin's links
/// ended the worker `limit` times within `window` is refused those links (429) until its oldest
/// counted fault leaves the window; everyone else, and its other links, are not touched.
///
/// A GET makes no session, so these faults would otherwise count against no one but the plugin; a
/// session's own faults are counted by its supervisor (`[host] faults-per-session`, the same limit).
/// Plain data with the time passed in. Bounded: a client whose faults all left the window is dropped.
struct WebLinkFaults {
    package struct Key: Hashable {
        let client: String
        let plugin: String
    }

    /// Faults within `window` that close a plugin's links to a client.
    package let limit: Int
    package let window: Duration
    private var faults: [Key: [ContinuousClock.Instant]] = [:]

    package init(limit: Int, window: Duration = .seconds(60)) {
        self.limit = max(1, limit)
        self.window = window
    }

    /// Counts a fault of a GET of `plugin`'s link from `client` at `now`.
    package mutating func note(client: String, plugin: String, at now: ContinuousClock.Instant) {
        // Dropping what left the window keeps the table to the clients faulting now.
        faults = faults.compactMapValues { times in
            let kept = times.filter { now - $0 < window }
            return kept.isEmpty ? nil : kept
        }
        faults[Key(client: client, plugin: plugin), default: []].append(now)
    }

    /// Whether `client`'s GETs of `plugin`'s links are refused at `now`: how many faults closed them,
    /// and the whole seconds (at least 1) until they open again.
    package func refusal(
        client: String, plugin: String, at now: ContinuousClock.Instant
    ) -> (faults: Int, retryAfter: Int)? {
        let times = (faults[Key(client: client, plugin: plugin)] ?? []).filter { now - $0 < window }
        guard times.count >= limit else { return nil }
        // Open again when so many leave the window that fewer than `limit` remain.
        let reopens = times[times.count - limit] + window
        let left = reopens - now
        let seconds = left.components.seconds + (left.components.attoseconds > 0 ? 1 : 0)
        return (times.count, Int(max(1, seconds)))
    }
}
