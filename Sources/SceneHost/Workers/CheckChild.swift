#if canImport(Glibc)
import Glibc
#endif

/// `scene-host check` without `--in-process`: the checks that load plugins (those their probe
/// verdicts cannot vouch for) run in a child, `scene-host check --in-process`, which prints the
/// report itself; this process maps no plugin code and only passes on how the child ended.
public enum CheckChild {
    /// Runs `executable` with `arguments` (its standard streams are this process's) and returns
    /// its exit status; a child ended by a signal is `checkStopped`.
    public static func run(_ executable: String, arguments: [String]) throws(WorkerError) -> Int32 {
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let started = posix_spawn(&pid, executable, nil, nil, argv, environ)
        guard started == 0 else { throw .workerUnavailable(reason: "cannot start \(executable): \(String(cString: strerror(started)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        if status & 0x7f != 0 { throw .checkStopped(fault: .signal(status & 0x7f)) }
        return (status >> 8) & 0xff
    }
}
