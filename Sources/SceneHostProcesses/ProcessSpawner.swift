#if canImport(Glibc)
import Glibc
#endif

/// Starts a probe child or a scene worker with `posix_spawn`: in a session of its own (so with no
/// controlling terminal, leading its own process group), with exactly the descriptors it is given
/// at fixed numbers and none of the host's others, signals unblocked and at their defaults.
///
/// Not Foundation's `Process` (it cannot put the child in its own group, and waiting on it waits
/// on what a grandchild may keep open) nor swift-subprocess (it cannot hand over a descriptor at a
/// fixed number, nor make a process group): see docs/decisions.md, "Probes and the probe cache".
package enum ProcessSpawner {
    /// Why a child could not be started.
    package struct Failure: Error {
        package let reason: String
    }

    /// The lowest descriptor number the child does not receive, with the usual five (0-4): everything
    /// from here is closed. A scanner child receives more (its plugins, from 5 on).
    package static let firstClosed: Int32 = 5

    /// Starts `executable` with `arguments` (without argv[0]) and `environment` (made for it:
    /// `ChildEnvironment`); `descriptors`
    /// maps child descriptor numbers to the host's; every other descriptor is closed in the child.
    /// Standard input is /dev/null.
    /// glibc's malloc reserves 64 MiB of address space for each arena, up to eight per core, one
    /// per thread that allocates; a child whose threads multiply under load (Dispatch, GRDB) ran
    /// past a 1 GiB limit that way, and Dispatch traps (SIGILL) when it cannot start a thread. Two
    /// arenas bound that, as `MALLOC_ARENA_MAX` does (`ChildEnvironment`); a value the user set is kept.
    static let arenaVariable = "MALLOC_ARENA_MAX"

    /// glibc's `POSIX_SPAWN_SETSID` (2.26+), which the Swift Glibc module does not name.
    private static let setSession: Int32 = 0x80

    package static func start(
        _ executable: String, arguments: [String], environment: [String: String], descriptors: [Int32: Int32]
    ) throws(Failure) -> pid_t {
        let firstClosed = max(Self.firstClosed, (descriptors.keys.max() ?? 0) + 1)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }

        // Copies above every target number first, so that no dup2 overwrites a source still to be copied.
        var copies: [Int32] = []
        defer { for copy in copies { close(copy) } }
        for (target, source) in descriptors.sorted(by: { $0.key < $1.key }) {
            let copy = fcntl(source, F_DUPFD_CLOEXEC, firstClosed + 5)
            guard copy >= 0 else {
                throw Failure(
                    reason: "cannot hand descriptor \(source) to the child: \(String(cString: strerror(errno)))")
            }
            copies.append(copy)
            posix_spawn_file_actions_adddup2(&actions, copy, target)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        closeTheRest(&actions, from: firstClosed)

        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signalNumber in ChildProcessGroup.endingSignals + [SIGPIPE] { sigaddset(&defaults, signalNumber) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        // A session of its own: no terminal to push input into or take the foreground of.
        posix_spawnattr_setflags(&attributes, Int16(Self.setSession | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        // The child learns which process it must end with (`ParentWatch`): by the time it looks,
        // that process may have ended and handed it to another parent.
        var environment = environment
        environment[ParentWatch.variable] = String(getpid())
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard status == 0 else {
            throw Failure(reason: "cannot start \(executable): \(String(cString: strerror(status)))")
        }
        return pid
    }

    /// Closes every descriptor from `firstClosed` on in the child: with glibc's
    /// `posix_spawn_file_actions_addclosefrom_np` (2.34+, found by name: the Swift Glibc module does
    /// not import GNU extensions), else one close per descriptor open now.
    private static func closeTheRest(_ actions: inout posix_spawn_file_actions_t, from firstClosed: Int32) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, firstClosed)
            return
        }
        guard let folder = opendir("/proc/self/fd") else { return }
        defer { closedir(folder) }
        let own = dirfd(folder)
        while let item = readdir(folder) {
            let name = withUnsafeBytes(of: item.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if let number = Int32(name), number >= firstClosed, number != own {
                posix_spawn_file_actions_addclose(&actions, number)
            }
        }
    }
}
