#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SceneHostProcesses
import SceneSDK
import SceneHostConfig

/// What a scene worker does to itself before it loads any plugin: the limits the host asked for,
/// set in the process that runs plugin code (posix_spawn cannot set them for the child).
package enum WorkerSetup {
    /// Why the worker could not limit itself (it then ends: running unlimited is not an option).
    package struct Failure: Error {
        package let reason: String
    }

    /// Sets the address-space limit (`memoryBytes`, RLIMIT_AS: an allocation past it fails and the
    /// worker crashes alone), enters a cgroup of its own where one can be made (`WorkerCgroup`; the
    /// sandbox itself comes before the first plugin is opened, `confiningOnFirstOpen`),
    /// and starts the watchdog: when the host's end of `channel` closes — the host ended, however
    /// it ended — the watchdog kills the worker's whole process group, so nothing plugin code
    /// started outlives the host, even while plugin code is hung.
    package static func apply(channel: Int32, memoryBytes: Int) throws(Failure) {
        var limit = rlimit(rlim_cur: rlim_t(memoryBytes), rlim_max: rlim_t(memoryBytes))
        guard setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0 else {
            throw Failure(
                reason: "cannot limit its memory to \(memoryBytes >> 20) MiB: \(String(cString: strerror(errno)))")
        }
        // A cgroup of its own where one can be made (`WorkerCgroup`): memory and tasks bounded for the
        // worker and everything it starts. Made while the worker still may (before its capabilities go).
        if case .success(let folders) = WorkerCgroup.availability() {
            do throws(WorkerCgroup.Unavailable) {
                try WorkerCgroup.join(folders, memoryBytes: memoryBytes)
            } catch {
                throw Failure(
                    reason: "cannot enter a cgroup of its own although \(folders.memory) allows one: \(error.reason)")
            }
        }
        let watched = channel
        let watchdog = Thread {
            while true {
                // POLLRDHUP: the host closed its end; the request data itself is left for the loop to read.
                var entry = pollfd(fd: watched, events: Int16(0x2000) /* POLLRDHUP */, revents: 0)
                let ready = poll(&entry, 1, -1)
                if ready > 0 && entry.revents & Int16(0x2000 | POLLHUP | POLLERR | POLLNVAL) != 0 {
                    kill(0, SIGKILL)
                    _exit(0)
                }
                if ready < 0 && errno != EINTR { _exit(0) }
            }
        }
        watchdog.stackSize = 64 << 10
        watchdog.start()
    }

    /// The hook a loader calls before it opens each plugin library (`PluginLoader.beforeOpeningCode`):
    /// the first call confines the process (`Sandbox.confine`: non-dumpable, no new privileges, no
    /// capabilities, the first seccomp filter) and installs the second filter
    /// (`Sandbox.limitProcesses`), lifting what the config grants (`HostSettings.grants`). Until
    /// then no plugin code has run here, and the process may still start, time out and kill its own
    /// probe children (every probe runs ahead of the first open, `PluginLoader.probingAhead`); the
    /// first filter would refuse a signal to a probe's process group.
    /// Last, where the kernel offers Landlock, the files it may open are restricted to `files`
    /// (`SandboxFiles`), asked for then: every probe has run, so the plugins' declarations are known.
    /// With `user` (`[host] worker-user`, a worker of a root host), the process first gives its
    /// private folder to that user and becomes it: the files are read while it still may read
    /// `/proc/self/maps`.
    @MainActor
    package static func confiningOnFirstOpen(
        grants: [PluginPermission], user: WorkerUser? = nil,
        files: @escaping @MainActor () -> [Landlock.Rule]
    ) -> @MainActor () throws(Sandbox.Failure) -> Void {
        var confined = false
        return { () throws(Sandbox.Failure) in
            guard !confined else { return }
            let environment = ProcessInfo.processInfo.environment
            let rules = files()
            if let user {
                if let folder = PrivateFolder.handed(environment), chown(folder, user.uid, user.gid) != 0 {
                    throw Sandbox.Failure(
                        reason:
                            "cannot give its private folder \(folder) to user '\(user.name)': \(String(cString: strerror(errno)))"
                    )
                }
                try Sandbox.becomeUser(uid: user.uid, gid: user.gid)
            }
            try Sandbox.confine(environment: environment, allowsNetwork: grants.contains(.network))
            try Sandbox.limitProcesses(
                allowsProcesses: grants.contains(.startProcesses), allowsNetwork: grants.contains(.network))
            try Landlock.restrict(to: rules)
            confined = true
        }
    }
}
