import Foundation

/// Probes a plugin in a child process — `scene-host probe-plugin` — with a time limit, so a
/// plugin that crashes (SIGSEGV, `fatalError`), hangs, or throws while registering is reported
/// while the host goes on. The child reports what the plugin declares (`PluginMetadata`).
public struct ChildProcessProber: Sendable {
    /// The `scene-host` executable to run as the child.
    public let executable: String
    public let timeout: Duration

    public init(executable: String, timeout: Duration = .seconds(10)) {
        self.executable = executable
        self.timeout = timeout
    }

    /// Loads `entry` in a child process and reports what happened.
    public func probe(_ entry: PluginEntry) -> ProbeVerdict {
        let name = "plugin '\(entry.name)' (\(entry.resolvedPath))"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scene-host-probe-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let resultFile = folder.appendingPathComponent("result")
        let errorFile = folder.appendingPathComponent("stderr")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        } catch {
            return .bad(message: "\(name) could not be probed: \(error.localizedDescription)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["probe-plugin", "--name", entry.name, "--path", entry.resolvedPath, "--result", resultFile.path]
        // The child's crash is reported by the parent; the runtime's backtracer would only slow it down.
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try? FileHandle(forWritingTo: errorFile)
        do {
            try process.run()
        } catch {
            return .bad(message: "\(name) could not be probed: cannot start \(executable): \(error.localizedDescription)")
        }
        let deadline = ContinuousClock.now + timeout
        while process.isRunning && ContinuousClock.now < deadline { usleep(5_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return .bad(message: "\(name) did not finish loading within \(Self.seconds(timeout)) in its probe: it hangs in its entry point or while registering. The host did not load it: fix the plugin, raise --probe-timeout if it is only slow, or remove it from the config.")
        }
        process.waitUntilExit()
        if process.terminationReason == .uncaughtSignal {
            let said = lastLine(of: errorFile)
            let printed = said.map { " (it printed: \($0))" } ?? ""
            return .bad(message: "\(name) crashed with \(Self.describe(signal: process.terminationStatus)) while loading in its probe\(printed). The host did not load it: fix the plugin or remove it from the config.")
        }
        guard let data = FileManager.default.contents(atPath: resultFile.path),
              let verdict = try? JSONDecoder().decode(ProbeVerdict.self, from: data) else {
            return .bad(message: "\(name) ended its probe with status \(process.terminationStatus) and no result")
        }
        return verdict
    }

    /// What the child said as it died: the runtime's "Fatal error: ..." line, else its last line.
    private func lastLine(of file: URL) -> String? {
        guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        let line = lines.first { $0.contains("Fatal error") } ?? lines.last
        return line.map { $0.count > 200 ? String($0.prefix(200)) + "…" : $0 }
    }

    static func describe(signal: Int32) -> String {
        switch signal {
        case SIGSEGV: return "SIGSEGV (invalid memory access)"
        case SIGILL: return "SIGILL (a trap: fatalError, a failed precondition or a force unwrap of nil)"
        case SIGTRAP: return "SIGTRAP (a trap: fatalError, a failed precondition or a force unwrap of nil)"
        case SIGABRT: return "SIGABRT (abort)"
        case SIGBUS: return "SIGBUS (bus error)"
        case SIGFPE: return "SIGFPE (arithmetic error)"
        default: return "signal \(signal)"
        }
    }

    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return attoseconds == 0 ? "\(seconds) s" : String(format: "%.1f s", Double(seconds) + Double(attoseconds) / 1e18)
    }
}
