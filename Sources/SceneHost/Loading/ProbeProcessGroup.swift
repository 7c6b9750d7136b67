#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The process group of the probe running now: the one piece of global state the probes keep,
/// because a signal handler can read nothing else.
///
/// When SIGTERM or SIGINT reaches the host during a probe, the handler kills the whole group
/// (the child and anything it started that stayed in it), then ends the host as the signal would:
/// it restores the default action and raises the signal again, so whoever sent it sees the host
/// ended by that signal. The probe child runs in its own group, so a terminal's Ctrl-C reaches only
/// the host, and the host kills the child.
enum ProbeProcessGroup {
    /// The current probe's process group id, 0 while no probe runs. Lock-free, so the handler may read it.
    private static let current = Atomic<Int32>(0)

    /// The group being probed now, 0 when none.
    static var running: Int32 { current.load(ordering: .acquiring) }

    /// Records `group` as the running probe's group (0: none), and makes sure the handlers are installed.
    static func set(_ group: Int32) {
        _ = installHandlers
        current.store(group, ordering: .releasing)
    }

    /// Kills the running probe's whole group, if any. Async-signal-safe (an atomic load and `kill`).
    static func killRunning() {
        let group = current.load(ordering: .acquiring)
        if group > 0 { kill(-group, SIGKILL) }
    }

    /// The two signals that end the host from outside while it waits for a probe.
    static let endingSignals: [Int32] = [SIGTERM, SIGINT]

    /// Installed once, at the first probe; until then no probe child can be left behind.
    private static let installHandlers: Void = {
        for signalNumber in endingSignals {
            _ = signal(signalNumber) { received in
                ProbeProcessGroup.killRunning()
                _ = signal(received, SIG_DFL)
                // Delivered with the default action as soon as the handler returns (it is blocked until then).
                _ = raise(received)
            }
        }
    }()
}
