import Foundation

/// Runs the built `scene-host` with its output going to files (never pipes a grandchild could hold
/// open) and a generous time limit of the harness's own, so a host that hangs fails the test
/// instead of hanging it.
final class BoundedHostProcess {
    let process = Process()
    private let output: URL
    private let errors: URL

    /// Starts `scene-host ARGUMENTS` with `environment` added to this process's, and a fresh probe
    /// cache unless one is given; under `umask` when given (set by a shell, not in this process,
    /// whose umask every test shares).
    init(_ arguments: [String], environment extra: [String: String] = [:], umask: String? = nil) throws {
        let folder = try TemporaryFolder()
        output = folder.url.appendingPathComponent("stdout")
        errors = folder.url.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        if let umask {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "umask \(umask) && exec \"$0\" \"$@\"", BuildProducts.hostExecutable] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: BuildProducts.hostExecutable)
            process.arguments = arguments
        }
        var environment = ProcessInfo.processInfo.environment
        environment["SCENE_HOST_PROBE_CACHE"] = folder.path("probes.json")
        environment.merge(extra) { _, new in new }
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }

    /// Waits at most `limit`; kills the host if it is still running then. Returns whether it ended by itself.
    func wait(limit: Duration = .seconds(120)) -> Bool {
        let deadline = ContinuousClock.now + limit
        while process.isRunning && ContinuousClock.now < deadline { usleep(10_000) }
        guard process.isRunning else { return true }
        kill(pid, SIGKILL)
        process.waitUntilExit()
        return false
    }

    var status: Int32 { process.terminationStatus }
    var signaled: Bool { process.terminationReason == .uncaughtSignal }
    var stdout: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOf: errors, encoding: .utf8)) ?? "" }

    /// Runs to the end (or the limit) and returns the finished process.
    static func run(_ arguments: [String], environment: [String: String] = [:], umask: String? = nil, limit: Duration = .seconds(120)) throws -> BoundedHostProcess {
        let host = try BoundedHostProcess(arguments, environment: environment, umask: umask)
        _ = host.wait(limit: limit)
        return host
    }
}

/// Processes as the tests look at them.
enum Processes {
    /// Whether `pid` is a live process (a zombie nobody reaped counts as gone).
    static func isAlive(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(close, offsetBy: 2)...].prefix(1)
        return state != "Z" && state != "X"
    }

    /// The children of `parent` whose command line contains `text`.
    static func children(of parent: Int32, containing text: String) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
            guard fields.count > 1, Int32(fields[1]) == parent, isAlive(pid) else { return false }
            let command = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))).map { String(decoding: $0, as: UTF8.self) } ?? ""
            return command.contains(text)
        }
    }

    /// Waits up to `limit` for `condition`.
    static func eventually(limit: Duration = .seconds(30), _ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }
}
