#if canImport(Glibc)
import Glibc
#endif
import CSyscalls

/// A child process to wait for: the kernel wakes the waiter when it ends (a pidfd in `poll`),
/// instead of the waiter sleeping and asking `waitpid` again and again.
///
/// Make it right after starting the child and before anything reaps it, so the pid cannot name
/// another process yet. Where the kernel has no `pidfd_open` (ENOSYS, Linux before 5.3) or the
/// process has no descriptor left for it, the waits still end correctly: they check the child
/// every `fallbackInterval` instead, as before pidfds (docs/decisions.md, "Waiting for children").
package final class ChildExit {
    package let pid: pid_t
    /// The pidfd, readable once the child has ended; -1 when there is none (the fallback).
    private let descriptor: Int32
    /// The raw wait status, once reaped.
    private var status: Int32?

    /// How often a wait without a pidfd checks the child.
    static let fallbackInterval: Duration = .milliseconds(2)

    /// `usePidfd: false` forces the fallback (for its tests).
    package init(_ pid: pid_t, usePidfd: Bool = true) {
        self.pid = pid
        descriptor = usePidfd ? scene_host_pidfd_open(pid) : -1
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Whether the waits are woken by the kernel (a pidfd) rather than by the fallback's checks.
    var hasPidfd: Bool { descriptor >= 0 }

    /// Reaps the child if it has ended: its raw wait status; nil while it runs.
    ///
    /// A child that cannot be waited for (ECHILD: reaped elsewhere) counts as ended with status 0,
    /// as the waits before pidfds counted it, so no caller waits for it forever.
    package func reap() -> Int32? {
        if let status { return status }
        var raw: Int32 = 0
        while true {
            let reaped = waitpid(pid, &raw, WNOHANG)
            if reaped < 0 && errno == EINTR { continue }
            if reaped == 0 { return nil }
            status = raw
            return raw
        }
    }

    /// Waits until the child ends (its raw wait status, reaped) or `deadline` passes (nil: it still runs).
    package func wait(until deadline: ContinuousClock.Instant) -> Int32? {
        while true {
            if let status = reap() { return status }
            if ContinuousClock.now >= deadline { return reap() }
            Self.sleep(watching: [self], until: deadline)
        }
    }

    /// Waits for the child with no limit (after the caller killed it) and reaps it: its raw wait status.
    @discardableResult
    package func waitUntilEnded() -> Int32 {
        if let status { return status }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        status = raw
        return raw
    }

    /// Sleeps until one of `children` ends or `deadline` passes, whichever is first; reaps nothing.
    ///
    /// It may return early (a signal, or the fallback's interval when a child has no pidfd): callers
    /// look at their children and deadlines again and call it again.
    package static func sleep(watching children: [ChildExit], until deadline: ContinuousClock.Instant) {
        var descriptors = children.filter(\.hasPidfd).map {
            pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0)
        }
        var limit = deadline - ContinuousClock.now
        if children.contains(where: { !$0.hasPidfd }) { limit = min(limit, fallbackInterval) }
        guard limit > .zero else { return }
        // Rounded up: a wait rounded down to 0 ms would spin until the deadline.
        let milliseconds = min(Int64(Int32.max), wholeMilliseconds(limit + .nanoseconds(999_999)))
        _ = poll(&descriptors, nfds_t(descriptors.count), Int32(milliseconds))
    }

    /// `duration` in whole milliseconds, rounded down: SceneHost's `Duration.wholeMilliseconds`, which
    /// this target cannot see (SceneHost depends on it, not the other way); two lines are not worth a
    /// target of their own.
    private static func wholeMilliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
