import Foundation

/// Runs `scene-host` inside a bash command line, for what `HostProcess` cannot set up: closed or
/// full standard streams, `/dev/zero` or a FIFO as input, pipes closed early.
///
/// The command names the host `"$HOST"`; its exit status is read from `$STATUS` (write it with
/// `echo $? >"$STATUS"`). Output goes to files, so nothing can fill a pipe and block; a command
/// still running after `timeout` is killed and reported as such.
struct HostShell {
    struct Result {
        /// The host's exit status as the shell saw it (128 + N when signal N ended it), nil on timeout.
        let status: Int32?
        let stdout: String
        let stderr: String
        var signaled: Bool { (status ?? 0) >= 128 }
    }

    static func run(_ command: String, in directory: URL? = nil, timeout: Duration = .seconds(60)) throws -> Result {
        let folder = try TemporaryFolder()
        let statusFile = folder.path("status"), outFile = folder.path("stdout"), errFile = folder.path("stderr")
        for file in [outFile, errFile] { _ = FileManager.default.createFile(atPath: file, contents: nil) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command]
        var environment = ProcessInfo.processInfo.environment
        environment["HOST"] = BuildProducts.hostExecutable
        environment["STATUS"] = statusFile
        environment["SCENE_HOST_PROBE_CACHE"] = folder.path("probes.json")
        process.environment = environment
        if let directory { process.currentDirectoryURL = directory }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle(forWritingAtPath: outFile)
        process.standardError = FileHandle(forWritingAtPath: errFile)
        try process.run()
        let deadline = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < deadline { usleep(20_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let status = (try? String(contentsOfFile: statusFile, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        let read = { (path: String) in String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self) }
        return Result(status: status, stdout: read(outFile), stderr: read(errFile))
    }
}
