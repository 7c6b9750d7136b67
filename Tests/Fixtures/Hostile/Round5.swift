#if canImport(Glibc)
import Glibc
#endif

/// The attacks of the fifth hostile round (issue 46): the user's terminal, another process's
/// limits, the host's secrets, what outlives the worker, and the whole system call table. Each
/// returns one line, "refused (…)" or "DONE …" as `Attack` does; `target` is a process id typed
/// into the scene's `target` field (a sibling worker, found by the test).
enum Round5 {
    typealias Syscall6 = @convention(c) (Int, Int, Int, Int, Int, Int, Int) -> Int

    static func syscall6(_ number: Int, _ a: Int = 0, _ b: Int = 0, _ c: Int = 0, _ d: Int = 0, _ e: Int = 0, _ f: Int = 0) -> Int {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syscall") else { return -2 }
        return unsafeBitCast(symbol, to: Syscall6.self)(number, a, b, c, d, e, f)
    }

    static func run(_ name: String, target: Int32) -> String? {
        #if !arch(x86_64)
        // The system call numbers below are x86-64's.
        if ["keyring", "perf", "userfaultfd", "syscalls", "prlimit", "prlimit-target"].contains(name) { return "\(name): not on this architecture" }
        #endif
        switch name {
        case "tiocsti": return tiocsti()
        case "tcsetpgrp": return foreground()
        case "prlimit": return limit(getppid(), name: "prlimit")
        case "prlimit-target": return limit(target, name: "prlimit-target")
        case "kill-target":
            guard target > 0 else { return "kill-target: no target" }
            return kill(target, SIGKILL) == 0 ? "kill-target: DONE" : "kill-target: refused (\(Attack.errnoName()))"
        case "environ-target":
            guard target > 0 else { return "environ-target: no target" }
            let descriptor = open("/proc/\(target)/environ", O_RDONLY)
            guard descriptor >= 0 else { return "environ-target: refused (\(Attack.errnoName()))" }
            close(descriptor)
            return "environ-target: DONE"
        case "secrets": return secrets()
        case "sysv": return sysv()
        case "keyring":
            // add_key("user", "scene-host-test", "x", 1, KEY_SPEC_USER_KEYRING)
            let made = "user".withCString { type in "scene-host-test".withCString { description in
                syscall6(248, Int(bitPattern: type), Int(bitPattern: description), Int(bitPattern: description), 1, -4)
            } }
            return made >= 0 ? "keyring: DONE" : "keyring: refused (\(Attack.errnoName()))"
        case "netlink": return socketAttempt("netlink", domain: 16 /* AF_NETLINK */, type: Int32(SOCK_RAW.rawValue))
        case "vsock": return socketAttempt("vsock", domain: 40 /* AF_VSOCK */, type: Int32(SOCK_STREAM.rawValue))
        case "unixsocket": return unixConnect()
        case "perf":
            var attributes = [UInt8](repeating: 0, count: 128)
            attributes[4] = 128 // size
            let opened = attributes.withUnsafeMutableBytes { syscall6(298, Int(bitPattern: $0.baseAddress), 0, -1, -1, 0) }
            if opened >= 0 { close(Int32(opened)) }
            return opened >= 0 ? "perf: DONE" : "perf: refused (\(Attack.errnoName()))"
        case "userfaultfd":
            let opened = syscall6(323, 0)
            if opened >= 0 { close(Int32(opened)) }
            return opened >= 0 ? "userfaultfd: DONE" : "userfaultfd: refused (\(Attack.errnoName()))"
        case "deeptmp": return deepFolder()
        case "syscalls": return SyscallWalk.run()
        default: return nil
        }
    }

    /// TIOCSTI on the standard streams and on /dev/tty: a byte pushed into a terminal's input.
    static func tiocsti() -> String {
        // Ctrl-] (0x1D): a terminal echoes it as "^]", which nothing else on the screen shows.
        var byte: CChar = 0x1D
        var results: [String] = []
        var descriptors: [Int32] = [0, 1, 2]
        let tty = open("/dev/tty", O_RDWR)
        if tty >= 0 { descriptors.append(tty) } else { results.append("tty \(Attack.errnoName())") }
        for descriptor in descriptors {
            results.append(ioctl(descriptor, 0x5412, &byte) == 0 ? "\(descriptor) DONE" : "\(descriptor) \(Attack.errnoName())")
        }
        if tty >= 0 { close(tty) }
        let done = results.contains { $0.hasSuffix("DONE") }
        return "tiocsti: \(done ? "DONE" : "refused") (\(results.joined(separator: ", ")))"
    }

    /// tcsetpgrp on the standard streams and /dev/tty: taking a terminal's foreground.
    static func foreground() -> String {
        var results: [String] = []
        var group = getpgrp()
        for descriptor: Int32 in [0, 1, 2] {
            results.append(ioctl(descriptor, 0x5410, &group) == 0 ? "\(descriptor) DONE" : "\(descriptor) \(Attack.errnoName())")
        }
        let done = results.contains { $0.hasSuffix("DONE") }
        return "tcsetpgrp: \(done ? "DONE" : "refused") (\(results.joined(separator: ", ")))"
    }

    /// prlimit(pid, RLIMIT_NOFILE, {4, 4}): four descriptors left to another process.
    static func limit(_ pid: pid_t, name: String) -> String {
        guard pid > 0 else { return "\(name): no target" }
        var limit = rlimit(rlim_cur: 4, rlim_max: 4)
        let changed = withUnsafeMutablePointer(to: &limit) { syscall6(302 /* prlimit64 */, Int(pid), 7 /* RLIMIT_NOFILE */, Int(bitPattern: $0), 0) }
        return changed == 0 ? "\(name): DONE" : "\(name): refused (\(Attack.errnoName()))"
    }

    /// The host's secrets: any variable of the environment that is not the documented short list,
    /// through getenv's table and /proc/self/environ.
    static func secrets() -> String {
        var names: [String] = []
        var entry = environ
        while let pointer = entry.pointee {
            names.append(String(String(cString: pointer).prefix { $0 != "=" }))
            entry += 1
        }
        var fromProc = ""
        let descriptor = open("/proc/self/environ", O_RDONLY)
        if descriptor >= 0 {
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
            fromProc = String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self)
        }
        let leaked = fromProc.contains("PGPASSWORD") || fromProc.contains("SCENE_HOST_SESSION_STORE") || fromProc.contains("HOSTILE_SECRET")
        return "secrets: names \(names.sorted().joined(separator: ",")); proc \(leaked ? "LEAKED" : "clean")"
    }

    /// SysV shared memory, message queues and semaphores: kernel objects that outlive a process.
    static func sysv() -> String {
        var results: [String] = []
        let segment = shmget(IPC_PRIVATE, 1 << 20, IPC_CREAT | 0o600)
        results.append(segment >= 0 ? "shm DONE" : "shm \(Attack.errnoName())")
        let queue = msgget(IPC_PRIVATE, IPC_CREAT | 0o600)
        results.append(queue >= 0 ? "msg DONE" : "msg \(Attack.errnoName())")
        let semaphores = semget(IPC_PRIVATE, 1, IPC_CREAT | 0o600)
        results.append(semaphores >= 0 ? "sem DONE" : "sem \(Attack.errnoName())")
        let done = results.contains { $0.hasSuffix("DONE") }
        return "sysv: \(done ? "DONE" : "refused") (\(results.joined(separator: ", ")))"
    }

    /// A UNIX socket connected to the path `SCENE_PLUGIN_HOSTILE_SOCKET` names (a PostgreSQL
    /// server's, in the test): a way to the session store that no internet-socket rule covers.
    static func unixConnect() -> String {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return "unixsocket: refused (\(Attack.errnoName()))" }
        defer { close(descriptor) }
        guard let path = getenv("SCENE_PLUGIN_HOSTILE_SOCKET").map({ String(cString: $0) }) else { return "unixsocket: DONE (no path to connect to)" }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        return connected == 0 ? "unixsocket: DONE connected to \(path)" : "unixsocket: refused at connect (\(Attack.errnoName()))"
    }

    static func socketAttempt(_ name: String, domain: Int32, type: Int32) -> String {
        let descriptor = socket(domain, type, 0)
        guard descriptor >= 0 else { return "\(name): refused (\(Attack.errnoName()))" }
        close(descriptor)
        return "\(name): DONE"
    }

    /// Folders nested in the private folder (TMPDIR) until the path is past PATH_MAX twice over,
    /// each made relative to the last, with a file at the bottom.
    static func deepFolder() -> String {
        guard let tmp = getenv("TMPDIR").map({ String(cString: $0) }) else { return "deeptmp: no TMPDIR" }
        var current = open(tmp, O_RDONLY | O_DIRECTORY)
        guard current >= 0 else { return "deeptmp: cannot open \(tmp) (\(Attack.errnoName()))" }
        let name = String(repeating: "d", count: 200)
        var depth = 0
        while depth < 50 {
            guard mkdirat(current, name, 0o700) == 0 else { break }
            let next = openat(current, name, O_RDONLY | O_DIRECTORY)
            guard next >= 0 else { break }
            close(current)
            current = next
            depth += 1
        }
        let file = openat(current, "bottom", O_WRONLY | O_CREAT, 0o600)
        if file >= 0 { close(file) }
        close(current)
        return "deeptmp: DONE depth \(depth) (\(depth * 201) bytes) in \(tmp)"
    }
}

/// Every system call number from plugin code, each with arguments that make an allowed call fail
/// harmlessly (a descriptor of -1, a length of 1, bad flags): the refused ones answer ENOSYS (the
/// allowlist) or EPERM (a call the second filter traps, or one refused by its arguments). The line
/// lists the numbers that were not refused, so the test compares it with the documented list.
enum SyscallWalk {
    /// Never called: they end the process or thread, wait for ever, or change what the walk relies on.
    static let skipped: Set<Int> = [
        15 /* rt_sigreturn */, 34 /* pause */, 37 /* alarm */, 56 /* clone */, 57 /* fork */, 58 /* vfork */,
        59 /* execve */, 60 /* exit */, 95 /* umask */, 218 /* set_tid_address */, 231 /* exit_group */,
        322 /* execveat */, 435 /* clone3 */,
        // uretprobe and uprobe: the kernel lets them by every seccomp filter (their trampolines must
        // work in any process) and answers a call from anywhere else with SIGILL to the caller.
        335, 336,
    ]

    static func run() -> String {
        var passed: [Int] = []
        var skippedCalls: [Int] = []
        for number in 0..<512 {
            if skipped.contains(number) {
                skippedCalls.append(number)
                continue
            }
            errno = 0
            let result = Round5.syscall6(number, -1, 1, -1, -1, -1, -1)
            let error = errno
            if result >= 0 || (error != ENOSYS && error != EPERM) { passed.append(number) }
        }
        return "syscalls: passed \(passed.map(String.init).joined(separator: ",")); skipped \(skippedCalls.map(String.init).joined(separator: ","))"
    }
}
