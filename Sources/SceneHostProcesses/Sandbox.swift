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
///   root's powers), and a seccomp-bpf filter under which `ptrace`, `process_vm_readv`/`writev`, `pidfd_getfd` and
///   `pidfd_send_signal` fail with EPERM, and a signal reaches only the process itself, its own threads
///   and its own process group (which it leads). It does not yet stop a plugin from starting processes
///   (those stay in the worker's group and end with it), nor bound memory outside the address-space limit.
public enum Sandbox {
    /// Why a process could not confine itself: it then does not run plugin code.
    public struct Failure: Error, Sendable {
        public let reason: String
    }

    /// The environment variable that keeps the host inspectable (`1`): for a debugger, never in production.
    public static let dumpableVariable = "SCENE_HOST_DUMPABLE"

    /// Makes this process non-dumpable unless `environment` asks otherwise; false when the kernel refused.
    @discardableResult
    public static func forbidInspection(environment: [String: String]) -> Bool {
        guard environment[dumpableVariable] != "1" else { return true }
        return scene_host_set_dumpable(0) == 0
    }

    /// Confines this process, which must lead its own process group; it stays dumpable only when
    /// `environment` asks (`SCENE_HOST_DUMPABLE=1`, inherited from a host started so).
    public static func confine(environment: [String: String]) throws(Failure) {
        guard environment[dumpableVariable] == "1" || scene_host_set_dumpable(0) == 0 else {
            throw Failure(reason: "cannot make itself non-dumpable (\(String(cString: strerror(errno))))")
        }
        guard prctlNoNewPrivileges() else {
            throw Failure(reason: "cannot set PR_SET_NO_NEW_PRIVS (\(String(cString: strerror(errno))))")
        }
        guard scene_host_drop_capabilities() == 0 else {
            throw Failure(reason: "cannot drop its capabilities (\(String(cString: strerror(errno))))")
        }
        guard scene_host_install_sandbox(getpid()) == 0 else {
            throw Failure(reason: "cannot install its seccomp filter (\(String(cString: strerror(errno)))): without seccomp-bpf in the kernel, plugin code could reach other processes, so none is run")
        }
    }

    private static func prctlNoNewPrivileges() -> Bool {
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        // prctl is variadic in C, which Swift does not import: found by name, called with its five words.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") else { return false }
        return unsafeBitCast(symbol, to: Prctl.self)(38 /* PR_SET_NO_NEW_PRIVS */, 1, 0, 0, 0) == 0
    }
}
