#if canImport(Glibc)
import Glibc
#endif
import CSyscalls

/// What keeps plugin code away from the host and from other processes, layer by layer.
///
/// - `forbidInspection()` (the host, and every process that runs plugin code): `PR_SET_DUMPABLE` 0,
///   so no process of the same user can ptrace-attach to it or open its `/proc/PID/mem`, `maps` or
///   `fd`. A debugger (or a test that reads `/proc/PID/maps`) needs `SCENE_HOST_DUMPABLE=1` in the
///   host's environment, which its workers inherit; plugin code cannot set it in the host.
/// - `confine()` (a scene worker and a probe child, before any plugin is opened): non-dumpable,
///   `PR_SET_NO_NEW_PRIVS`, every capability dropped (a worker started by root keeps uid 0 but not
///   root's powers), and the allowlist seccomp-bpf filter (`sandbox_filter.c`, docs/security.md's sandbox
///   table): the calls the runtime needs pass, every other fails with ENOSYS, a signal reaches only
///   the process itself, its own threads and its own process group (which it leads), resource
///   limits only its own, no terminal request pushes input or takes a terminal, and `socket` only
///   with `network`. A second filter refuses new processes (`fork`,
///   `vfork`, `clone` without `CLONE_THREAD`, `execve`), leaving the group (`setsid`, `setpgid`),
///   namespaces and `memfd_create`, each with a line on standard error naming what it needed; a
///   config that grants `start-processes` to a plugin of the app lifts the process part only.
package enum Sandbox {
    /// Why a process could not confine itself: it then does not run plugin code.
    package struct Failure: Error, Sendable {
        package let reason: String

        package init(reason: String) {
            self.reason = reason
        }
    }

    /// The environment variable that keeps the host inspectable (`1`): for a debugger, never in production.
    static let dumpableVariable = "SCENE_HOST_DUMPABLE"

    /// Makes this process non-dumpable unless `environment` asks otherwise; false when the kernel refused.
    @discardableResult
    package static func forbidInspection(environment: [String: String]) -> Bool {
        guard environment[dumpableVariable] != "1" else { return true }
        return scene_host_set_dumpable(0) == 0
    }

    /// Confines this process, which must lead its own process group; it stays dumpable only when
    /// `environment` asks (`SCENE_HOST_DUMPABLE=1`, inherited from a host started so). The process
    /// may still start its own probe children: `limitProcesses` follows before plugin code runs.
    package static func confine(environment: [String: String], allowsNetwork: Bool) throws(Failure) {
        guard environment[dumpableVariable] == "1" || scene_host_set_dumpable(0) == 0 else {
            throw Failure(reason: "cannot make itself non-dumpable (\(String(cString: strerror(errno))))")
        }
        guard prctlNoNewPrivileges() else {
            throw Failure(reason: "cannot set PR_SET_NO_NEW_PRIVS (\(String(cString: strerror(errno))))")
        }
        guard scene_host_drop_capabilities() == 0 else {
            throw Failure(reason: "cannot drop its capabilities (\(String(cString: strerror(errno))))")
        }
        guard scene_host_install_allowlist(getpid(), allowsNetwork ? 1 : 0) == 0 else {
            throw Failure(
                reason:
                    "cannot install its seccomp filter (\(String(cString: strerror(errno)))): without seccomp-bpf in the kernel, plugin code could reach other processes, so none is run"
            )
        }
    }

    /// The second filter, installed once the process starts no more children of its own (a worker
    /// just before it opens the first plugin library; a probe child at once): without
    /// `allowsProcesses` (a grant of `start-processes`) no new process, without `allowsNetwork` no
    /// internet socket; never `memfd_create`, `setsid`, `setpgid` nor io_uring.
    package static func limitProcesses(allowsProcesses: Bool, allowsNetwork: Bool) throws(Failure) {
        guard scene_host_install_process_ban(allowsProcesses ? 1 : 0, allowsNetwork ? 1 : 0) == 0 else {
            throw Failure(
                reason: "cannot install its seccomp filter against new processes (\(String(cString: strerror(errno))))")
        }
    }

    private static func prctlNoNewPrivileges() -> Bool {
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        // prctl is variadic in C, which Swift does not import: found by name, called with its five words.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") else { return false }
        return unsafeBitCast(symbol, to: Prctl.self)(38 /* PR_SET_NO_NEW_PRIVS */, 1, 0, 0, 0) == 0
    }
}

extension Sandbox {
    /// Becomes the user `uid` (group `gid`, no supplementary groups) for good: a worker started by
    /// root, before its first plugin is opened (`[host] worker-user`). Checked after: a process
    /// that is still root (or could become root again) does not run plugin code.
    package static func becomeUser(uid: uid_t, gid: gid_t) throws(Failure) {
        var groups = [gid]
        guard setgroups(1, &groups) == 0, setgid(gid) == 0, setuid(uid) == 0 else {
            throw Failure(reason: "cannot become user \(uid) (group \(gid)): \(String(cString: strerror(errno)))")
        }
        guard getuid() == uid, geteuid() == uid, getgid() == gid, getegid() == gid, setuid(0) != 0 else {
            throw Failure(reason: "is still able to act as root after becoming user \(uid)")
        }
    }
}

extension Sandbox {
    /// One system call the allowlist filter passes.
    struct AllowedCall: Equatable, Sendable {
        package let number: Int32
        package let name: String
    }

    /// The calls the allowlist passes whatever their arguments (`sandbox_filter.c`): what
    /// docs/security.md lists and a test walks the system call table against.
    static var allowedCalls: [AllowedCall] {
        (0..<scene_host_allowed_call_count()).compactMap { index in
            var name: UnsafePointer<CChar>?
            let number = scene_host_allowed_call(index, &name)
            guard number >= 0, let name else { return nil }
            return AllowedCall(number: number, name: String(cString: name))
        }
    }

    /// The terminal requests (`ioctl` numbers) the filter refuses on any descriptor.
    static var refusedTerminalRequests: [UInt32] {
        (0..<scene_host_refused_ioctl_count()).map { scene_host_refused_ioctl($0) }
    }
}
