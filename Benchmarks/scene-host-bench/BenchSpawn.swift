#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Runs a program the way a user's shell would, timed from just before `posix_spawn` to just after
/// `wait4` returns: no run loop polls the child (Foundation's `Process.waitUntilExit` checks every
/// 50 ms, which added ~50 ms to every start-up figure before). `wait4` also gives the child's peak
/// resident set size.
enum BenchSpawn {
    struct Result {
        let status: Int32
        let nanoseconds: Double
        /// `ru_maxrss`: NOT the child's own peak (see `peakResidentBytes(_:_:)`); kept for completeness.
        let peakResidentBytes: Double
        /// Its standard error, when asked for.
        let stderr: String
        /// CPU time (user + system) of the child and of every child of its own it waited for (its
        /// probe scanners, its scene worker, a check child), from `wait4`'s resource usage.
        let cpuNanoseconds: Double
    }

    /// Starts `executable` with standard input from `input` (default /dev/null), standard output
    /// to /dev/null, and standard error to /dev/null or, with `captureErrors`, to a file read back.
    static func run(
        _ executable: String, _ arguments: [String], input: String = "/dev/null", captureErrors: Bool = false
    ) throws -> Result {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let errorsPath = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scene-host-bench-\(UUID().uuidString).err"
        ).path
        defer { if captureErrors { unlink(errorsPath) } }
        posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(
            &actions, 2, captureErrors ? errorsPath : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let start = BenchClock.nanoseconds()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw BenchFailure("cannot start \(executable): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else {
                throw BenchFailure("cannot wait for \(executable): \(String(cString: strerror(errno)))")
            }
        }
        let elapsed = BenchClock.nanoseconds() - start
        let exit: Int32 = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let errors = captureErrors ? ((try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? "") : ""
        let cpu = Self.nanoseconds(usage.ru_utime) + Self.nanoseconds(usage.ru_stime)
        return Result(
            status: exit, nanoseconds: Double(elapsed), peakResidentBytes: Double(usage.ru_maxrss) * 1024,
            stderr: errors, cpuNanoseconds: cpu)
    }
}

extension BenchSpawn {
    /// A `timeval` in nanoseconds.
    static func nanoseconds(_ time: timeval) -> Double {
        Double(time.tv_sec) * 1e9 + Double(time.tv_usec) * 1e3
    }

    /// The child's own peak resident set size, in bytes, through GNU time (`/usr/bin/time -f %M`).
    ///
    /// Not `wait4`'s `ru_maxrss` of a child spawned from here: Linux keeps the largest RSS a process
    /// had across `execve`, and a `posix_spawn` child (sharing this process's memory until its exec)
    /// reports this benchmark's own peak. GNU time forks a fresh child and reports its peak alone.
    static func peakResidentBytes(_ executable: String, _ arguments: [String]) throws -> Double {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scene-host-bench-\(UUID().uuidString).rss"
        ).path
        defer { unlink(output) }
        let result = try run("/usr/bin/time", ["-f", "%M", "-o", output, executable] + arguments)
        guard result.status == 0 else {
            throw BenchFailure("\(executable) \(arguments.joined(separator: " ")): exit \(result.status)")
        }
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        guard
            let kibibytes = text.split(separator: "\n").last.flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }
            )
        else {
            throw BenchFailure("/usr/bin/time gave no peak RSS: \(text)")
        }
        return kibibytes * 1024
    }
}

/// The monotonic clock, read directly; `cost` is what one reading costs, subtracted from every
/// per-operation figure.
enum BenchClock {
    @inline(__always)
    static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// The median cost of one reading (two back-to-back readings apart), in nanoseconds.
    static let cost: UInt64 = {
        var gaps: [UInt64] = []
        gaps.reserveCapacity(10_001)
        for _ in 0...10_000 {
            let first = nanoseconds()
            gaps.append(nanoseconds() - first)
        }
        return gaps.sorted()[gaps.count / 2]
    }()
}

extension BenchSpawn {
    /// What `executable` prints on standard output; throws when it exits with another status than 0.
    static func output(_ executable: String, _ arguments: [String]) throws -> String {
        guard access(executable, X_OK) == 0 else {
            throw BenchFailure("\(executable) is missing: build first (swift build -c release)")
        }
        // Single-quoted for the shell popen runs.
        let quoted = { (text: String) in "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let command = ([executable] + arguments).map(quoted).joined(separator: " ")
        guard let pipe = popen(command, "r") else { throw BenchFailure("cannot run \(executable)") }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 256)
        while true {
            let count = fread(&chunk, 1, chunk.count, pipe)
            guard count > 0 else { break }
            bytes += chunk[0..<count]
        }
        let status = pclose(pipe)
        let output = String(decoding: bytes, as: UTF8.self)
        guard status == 0 else { throw BenchFailure("\(executable) failed (status \(status)): \(output)") }
        return output
    }
}
