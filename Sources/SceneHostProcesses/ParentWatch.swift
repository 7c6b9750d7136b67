#if canImport(Glibc)
import Glibc
#endif
import CSyscalls

/// A probe child ends with the host that started it: a plugin that hangs in its probe (or a
/// daemon it started) must not outlive a host that was killed, which can no longer end the
/// probe's process group itself (a killed `check` used to leave hung probes behind for good).
package enum ParentWatch {
    /// Starts a thread that waits for the parent process to end (a pidfd, or a look at the parent
    /// every 100 ms where the kernel has none) and then kills this process's group. Only a process
    /// that leads its own group (the host spawns every probe so) kills the group; any other just ends.
    package static func start() {
        // The host that spawned this process (`ProcessSpawner` names it); another parent now means it ended.
        let named = getenv(variable).flatMap { pid_t(String(cString: $0)) }
        let parent = named ?? getppid()
        guard getppid() == parent else { endGroup() }
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { argument in
                let parent = pid_t(truncatingIfNeeded: Int(bitPattern: argument))
                let descriptor = scene_host_pidfd_open(parent)
                if descriptor >= 0 {
                    // The parent may have ended before the pidfd was made: then it is another process's now.
                    if getppid() == parent {
                        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                        while poll(&entry, 1, -1) < 0 && errno == EINTR {}
                    }
                } else if errno != ESRCH {
                    while getppid() == parent { usleep(100_000) }
                }
                ParentWatch.endGroup()
            }, UnsafeMutableRawPointer(bitPattern: Int(parent)))
        if started == 0 { pthread_detach(thread) }
    }

    /// The environment variable with the spawning host's process id.
    package static let variable = "SCENE_HOST_PROBE_PARENT"

    private static func endGroup() -> Never {
        if getpgrp() == getpid() { kill(0, SIGKILL) }
        _exit(0)
    }
}
