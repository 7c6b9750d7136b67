#if canImport(Glibc)
import Glibc
#endif
import CSyscalls
import Synchronization

/// The process group of the probe running now: the one piece of global state the probes keep,
/// because a signal handler can read nothing else.
///
/// When SIGTERM or SIGINT reaches the host during a probe, the handler kills the whole group
/// (the child and anything it started that stayed in it), then does what the signal did before:
/// the handler installed earlier (a server's graceful shutdown), or the default action, restored
/// and raised again, so whoever sent it sees the host ended by that signal. The probe child runs in its own group, so a terminal's Ctrl-C reaches only
/// the host, and the host kills the child.
///
/// Scanners running in parallel (`ProbeScan`) each have a group of their own, kept in the
/// further slots (`set(_:slot:)`); the handler kills every group it finds.
package enum ChildProcessGroup {
    /// The current probe's process group id, 0 while no probe runs. Lock-free, so the handler may read it.
    private static let current = Atomic<Int32>(0)
    /// The groups of parallel scanners 2 to 4 (the first uses `current`).
    private static let second = Atomic<Int32>(0), third = Atomic<Int32>(0), fourth = Atomic<Int32>(0)
    /// How many probes may run at once: one per slot.
    package static let slots = 4

    /// The group being probed now, 0 when none.
    package static var running: Int32 { current.load(ordering: .acquiring) }

    /// Records `group` as the running probe's group (0: none), and makes sure the handlers are installed.
    package static func set(_ group: Int32) {
        _ = installHandlers
        current.store(group, ordering: .releasing)
    }

    /// Records `group` in `slot` (0 to `slots` - 1); slot 0 is `set(_:)`'s.
    package static func set(_ group: Int32, slot: Int) {
        _ = installHandlers
        switch slot {
        case 1: second.store(group, ordering: .releasing)
        case 2: third.store(group, ordering: .releasing)
        case 3: fourth.store(group, ordering: .releasing)
        default: current.store(group, ordering: .releasing)
        }
    }

    /// Kills every running probe's whole group, if any. Async-signal-safe (atomic loads and `kill`).
    static func killRunning() {
        // No array: nothing may allocate in a signal handler.
        let first = current.load(ordering: .acquiring)
        if first > 0 { kill(-first, SIGKILL) }
        let secondGroup = second.load(ordering: .acquiring)
        if secondGroup > 0 { kill(-secondGroup, SIGKILL) }
        let thirdGroup = third.load(ordering: .acquiring)
        if thirdGroup > 0 { kill(-thirdGroup, SIGKILL) }
        let fourthGroup = fourth.load(ordering: .acquiring)
        if fourthGroup > 0 { kill(-fourthGroup, SIGKILL) }
    }

    /// The two signals that end the host from outside while it waits for a probe.
    package static let endingSignals: [Int32] = [SIGTERM, SIGINT]

    /// Installed once, at the first probe; until then no probe child can be left behind. The
    /// handler kills the running groups and then does what the signal did before it was installed
    /// (`scene_host_install_ending_handler`): in `serve`, the service lifecycle's handler, so a
    /// SIGTERM after a `--watch` reload (which probes in the server) still drains and ends it; in
    /// the other commands, the default action.
    private static let installHandlers: Void = {
        for signalNumber in endingSignals {
            _ = scene_host_install_ending_handler(signalNumber) { ChildProcessGroup.killRunning() }
        }
    }()
}
