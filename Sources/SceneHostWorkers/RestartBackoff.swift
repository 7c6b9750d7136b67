import SceneHostConfig
/// How long a scene worker waits before it starts again after a fault, so a crash loop cannot
/// start processes as fast as they die.
///
/// The first `restartsAtOnce` restarts within `window` (the `[host]` `restarts-per-minute`) go at
/// once; each further one waits `first`, doubled for each restart past the limit, at most
/// `longest`. As restarts leave the window, the waits shrink again. Plain data with the time passed
/// in, tested without processes.
package struct RestartBackoff: Sendable {
    let restartsAtOnce: Int
    package let first: Duration
    package let longest: Duration
    package let window: Duration
    /// When each restart within the window happened (after its wait).
    private var restarts: [ContinuousClock.Instant] = []

    package init(
        restartsAtOnce: Int, first: Duration = .milliseconds(100), longest: Duration = .seconds(2),
        window: Duration = .seconds(60)
    ) {
        self.restartsAtOnce = max(1, restartsAtOnce)
        self.longest = max(longest, .zero)
        self.first = min(max(first, .zero), self.longest)
        self.window = window
    }

    /// The backoff of a worker with `settings`: the longest wait is at most half the event time
    /// limit, so an action queued behind a restart is still taken when the worker is back.
    package init(settings: HostSettings) {
        self.init(restartsAtOnce: settings.restartsPerMinute, longest: min(.seconds(2), settings.eventTimeout / 2))
    }

    /// Records a restart about to happen at `now` and returns how long it waits first.
    package mutating func delay(restartingAt now: ContinuousClock.Instant) -> Duration {
        restarts.removeAll { now - $0 >= window }
        let past = restarts.count - restartsAtOnce + 1
        var wait = Duration.zero
        if past > 0 {
            wait = first
            var doublings = past - 1
            while doublings > 0, wait < longest {
                wait = wait * 2
                doublings -= 1
            }
            wait = min(wait, longest)
        }
        restarts.append(now + wait)
        return wait
    }
}
