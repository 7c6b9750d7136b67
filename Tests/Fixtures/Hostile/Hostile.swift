#if canImport(Glibc)
import Glibc
#endif
import SceneSDK

/// A plugin that attacks the process that started its scene worker (the host), one attack per
/// button, and shows what became of it in its `result` label: `ptrace` (PTRACE_SEIZE, which would
/// not stop the host), `mem` (opening the host's /proc/PID/mem to write), `getfd` (taking the host's
/// standard output with pidfd_getfd), `kill` (SIGKILL to the host), and the escapes of processes:
/// `fork`, `spawn` (posix_spawn of /bin/sleep), `exec` (execve of /bin/true in place of the worker),
/// `setsid` (a child that leaves the worker's session and lives on: needs a grant of
/// `start-processes` to fork at all), `memfd` (a 3 GiB memfd, its pages touched), `hogs` (three
/// children of 900 MiB each), and the attacks on files (`FileAttack`). Each line says "refused (…)" with the errno's name, or "DONE" when
/// the attack worked; a child that lived on has its pid in the line (`pid N`). The sandbox's tests run it as root and
/// as an unprivileged user.
enum HostilePlugin: ScenePlugin {
    static let name = "FixtureHostile"
    static let version = "0.0.1"
    /// Declared, so a config may grant them (the sandbox tests run it with and without the grants).
    static let permissions: [PluginPermission] = [.startProcesses, .network]

    static func register(in registry: any SceneRegistry) throws {
        try registry.register(SceneDefinition("Hostile", viewController: HostileViewController.init, interactor: { _ in HostileInteractor() },
                                              presenter: HostilePresenter.init, router: HostileRouter.init))
    }
}

/// The attacks, against `getppid()`.
enum Attack {
    typealias Ptrace = @convention(c) (Int32, Int32, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Int
    typealias Syscall3 = @convention(c) (Int, Int, Int, Int) -> Int

    static func run(_ name: String) -> String {
        let host = getppid()
        switch name {
        case "ptrace":
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "ptrace") else { return "ptrace: no symbol" }
            let call = unsafeBitCast(symbol, to: Ptrace.self)
            if call(0x4206 /* PTRACE_SEIZE */, host, nil, nil) == 0 {
                _ = call(17 /* PTRACE_DETACH */, host, nil, nil)
                return "ptrace: DONE"
            }
            return "ptrace: refused (\(errnoName()))"
        case "mem":
            let descriptor = open("/proc/\(host)/mem", O_RDWR)
            guard descriptor >= 0 else { return "mem: refused (\(errnoName()))" }
            close(descriptor)
            return "mem: DONE"
        case "getfd":
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syscall") else { return "getfd: no symbol" }
            let call = unsafeBitCast(symbol, to: Syscall3.self)
            let pidfd = call(434 /* pidfd_open */, Int(host), 0, 0)
            guard pidfd >= 0 else { return "getfd: refused at pidfd_open (\(errnoName()))" }
            defer { close(Int32(pidfd)) }
            let taken = call(438 /* pidfd_getfd */, pidfd, 1, 0)
            guard taken >= 0 else { return "getfd: refused (\(errnoName()))" }
            close(Int32(taken))
            return "getfd: DONE"
        case "kill":
            return kill(host, SIGKILL) == 0 ? "kill: DONE" : "kill: refused (\(errnoName()))"
        case "fork", "setsid", "hogs":
            return Escape.run(name)
        case "spawn":
            var pid: pid_t = 0
            let arguments: [UnsafeMutablePointer<CChar>?] = (["/bin/sleep", "60"] as [String]).map { strdup($0) } + [nil]
            defer { arguments.forEach { free($0) } }
            let status = posix_spawn(&pid, "/bin/sleep", nil, nil, arguments, environ)
            return status == 0 ? "spawn: DONE pid \(pid)" : "spawn: refused (\(errnoName(status)))"
        case "exec":
            let arguments: [UnsafeMutablePointer<CChar>?] = (["/bin/true"] as [String]).map { strdup($0) } + [nil]
            execv("/bin/true", arguments)
            return "exec: refused (\(errnoName()))"
        case "memfd":
            return Escape.memfd()
        case "readfile", "writefile", "tmpwrite", "cgroup":
            return FileAttack.run(name)
        case "whoami":
            // Not an attack: which user plugin code runs as (`[host] worker-user`).
            return "whoami: uid \(getuid()) euid \(geteuid()) gid \(getgid())"
        case "net":
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard descriptor >= 0 else { return "net: refused (\(errnoName()))" }
            close(descriptor)
            return "net: DONE"
        case "unix":
            // A local socket pair is no network: allowed.
            var pair: [Int32] = [0, 0]
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0 else { return "unix: refused (\(errnoName()))" }
            close(pair[0]); close(pair[1])
            return "unix: DONE"
        default:
            return "\(name): no such attack"
        }
    }

    static func errnoName(_ number: Int32 = errno) -> String {
        switch number {
        case EPERM: "EPERM"
        case EACCES: "EACCES"
        case ENOSYS: "ENOSYS"
        case let other: "errno \(other)"
        }
    }
}

final class HostileInteractor: SceneInteractor<HostilePresenter> {
    var results: [String] = []
    /// A process id typed into the `target` field, for the attacks on a sibling.
    var target: Int32 = 0
}
final class HostilePresenter: ScenePresenter<HostileViewController> {}
final class HostileRouter: SceneRouter<HostileViewController, HostileInteractor> {}
final class HostileViewController: SceneViewController<HostileInteractor, HostileRouter> {
    override func render() -> Screen {
        Screen(title: "Hostile", elements: [.label(id: "result", text: interactor?.results.joined(separator: "; ") ?? ""),
                                            .textField(id: "target", placeholder: "", text: String(interactor?.target ?? 0), label: "Target")]
               + ["tiocsti", "tcsetpgrp", "prlimit", "prlimit-target", "kill-target", "environ-target", "secrets", "sysv", "keyring",
                  "netlink", "vsock", "unixsocket", "perf", "userfaultfd", "deeptmp", "syscalls"].map { .button(id: $0, title: $0) }
               + ["ptrace", "mem", "getfd", "kill", "fork", "spawn", "exec", "setsid", "memfd", "hogs", "net", "unix",
                  "readfile", "writefile", "tmpwrite", "cgroup", "whoami"].map { .button(id: $0, title: $0) })
    }

    override func handle(_ event: UserEvent) throws {
        if case .edit(field: "target", let text) = event {
            interactor?.target = Int32(text) ?? 0
            return
        }
        guard case .tap(let button) = event else { return }
        let result = Round5.run(button, target: interactor?.target ?? 0) ?? Attack.run(button)
        interactor?.results.append(result)
    }
}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { HostilePlugin.exportDescriptor() }
