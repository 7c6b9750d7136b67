import Dispatch
import SceneHostCore

/// Notices when a session's screen may have changed without an event: background work ended, or
/// work still running (a timer, a load showing its progress) changed what a scene presents.
///
/// Whoever shows sessions (the scene worker's loop, an in-process session) gives it `check`, which
/// renders the screens that may have changed and tells its frontend about those that did. A check
/// runs right after any watched navigator's work ends (once, however many ended in the same turn of
/// the main queue), and every `interval` while work runs anywhere: work that changes a screen and
/// goes on (a timer) is seen within that interval. When no work runs, nothing ticks.
///
/// Why a tick and not a hook in the presenter: a scene's screen is what `render()` returns, read on
/// demand; nothing in the SDK tells when it would return something else. Rendering the screens of
/// busy sessions 20 times a second costs microseconds each, and only while they are busy
/// (docs/decisions.md, "Screens that change on their own").
@MainActor
package final class ScreenWatch {
    /// How often screens of sessions with running work are checked.
    package static let interval: Duration = .milliseconds(50)

    private let check: @MainActor () -> Void
    private var scheduled = false
    private var timer: (any DispatchSourceTimer)?

    /// `check` runs on the main queue (the main actor's executor), never inside another job.
    package init(check: @escaping @MainActor () -> Void) {
        self.check = check
    }

    /// Hears `navigator`'s work ending: a check follows at once, after the job that ended it.
    package func watch(_ navigator: Navigator) {
        navigator.onWorkEnded = { [weak self] in self?.checkSoon() }
    }

    /// Schedules one check after the current job (several calls before it runs make one check).
    func checkSoon() {
        guard !scheduled else { return }
        scheduled = true
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                self.scheduled = false
                self.check()
            }
        }
    }

    /// Ticks every `interval` while `busy` (work runs in a watched session), else stops ticking.
    package func tick(while busy: Bool) {
        if !busy {
            timer?.cancel()
            timer = nil
            return
        }
        guard timer == nil else { return }
        let timer = DispatchSource.makeTimerSource(queue: .main)
        let nanoseconds = Int(Self.interval.wholeNanoseconds)
        timer.schedule(
            deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds), leeway: .milliseconds(5)
        )
        timer.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.check() }
        }
        self.timer = timer
        timer.resume()
    }

    isolated deinit {
        timer?.cancel()
    }
}
