#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A `scene-host serve --port 0` started for the benchmark: its standard output is read until it
/// says where it listens; `stop()` sends SIGTERM (SIGKILL after 5 s) and reaps it. Its scene
/// workers end with it (their watchdog sees the host's end of the channel close).
final class BenchServer {
    let pid: pid_t
    let port: UInt16
    private let output: Int32
    private let errorsPath: String
    private var stopped = false

    init(_ executable: String, _ arguments: [String], startTimeout: Duration = .seconds(60)) throws {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw BenchFailure("pipe: \(String(cString: strerror(errno)))") }
        // Neither end leaks into other children (the dup2 onto the server's descriptor 1 clears the flag there).
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        errorsPath =
            FileManager.default.temporaryDirectory.appendingPathComponent(
                "scene-host-bench-serve-\(UUID().uuidString).err"
            ).path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, errorsPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, executable, &actions, nil, argv, environ)
        close(pipeEnds[1])
        guard spawned == 0 else {
            close(pipeEnds[0])
            throw BenchFailure("cannot start \(executable): \(String(cString: strerror(spawned)))")
        }
        pid = child
        output = pipeEnds[0]
        let output = pipeEnds[0]
        // "scene-host serve: CONFIG on http://127.0.0.1:PORT (Ctrl-C stops)"
        var text = ""
        let deadline = ContinuousClock.now + startTimeout
        var found: UInt16?
        while found == nil {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { break }
            var entry = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, Int32(left.components.seconds * 1000 + 1))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { break }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            text += String(decoding: chunk[0..<count], as: UTF8.self)
            if let range = text.range(of: "http://127.0.0.1:") {
                let digits = text[range.upperBound...].prefix { $0.isNumber }
                if digits.count < text[range.upperBound...].count { found = UInt16(digits) }
            }
        }
        guard let found else {
            let errors = (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? ""
            kill(child, SIGKILL)
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0 && errno == EINTR {}
            close(output)
            unlink(errorsPath)
            throw BenchFailure("scene-host serve did not say where it listens: \(text)\(errors)")
        }
        port = found
    }

    /// What the server wrote to standard error so far.
    var errors: String { (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? "" }

    /// Process ids of the server's children now (its scene workers, when it has any).
    var children: [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { Int32($0) }.filter { ProcessTimes.parent(of: $0) == pid }
    }

    func stop() {
        guard !stopped else { return }
        stopped = true
        kill(pid, SIGTERM)
        var status: Int32 = 0
        let deadline = ContinuousClock.now + .seconds(5)
        var reaped = waitpid(pid, &status, WNOHANG)
        while reaped == 0 && ContinuousClock.now < deadline {
            usleep(10_000)
            reaped = waitpid(pid, &status, WNOHANG)
        }
        if reaped == 0 {
            kill(pid, SIGKILL)
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
        close(output)
        unlink(errorsPath)
    }

    deinit { stop() }
}

/// CPU time of a process from /proc/PID/stat (user + system), and its parent.
enum ProcessTimes {
    static let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))

    /// The fields after the command name: index 0 is the state, 1 the parent, 11 utime, 12 stime.
    private static func fields(of pid: pid_t) -> [Substring]? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        return text[text.index(after: close)...].split(separator: " ")
    }

    static func parent(of pid: pid_t) -> pid_t? {
        guard let fields = fields(of: pid), fields.count > 1 else { return nil }
        return Int32(fields[1])
    }

    /// Seconds of CPU (user + system) the process used so far; 0 when it is gone.
    static func cpuSeconds(of pid: pid_t) -> Double {
        guard let fields = fields(of: pid), fields.count > 12, let user = Double(fields[11]),
            let system = Double(fields[12])
        else { return 0 }
        return (user + system) / ticksPerSecond
    }

    /// This process's own CPU seconds (all its threads: the load clients).
    static func ownCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
    }
}
