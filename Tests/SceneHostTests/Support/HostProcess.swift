import Foundation

/// Runs the built `scene-host` binary and collects what it printed.
struct HostProcess {
    struct Result {
        let status: Int32
        /// Whether the host died by a signal (it never may).
        let signaled: Bool
        let stdout: String
        let stderr: String
    }

    /// Runs `scene-host ARGUMENTS` in `directory` with `input` on standard input.
    ///
    /// Each run gets a fresh probe cache unless `probeCache` names one (to test the cache itself).
    static func run(_ arguments: [String], input: String = "", in directory: URL? = nil, probeCache: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuildProducts.hostExecutable)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SCENE_HOST_PROBE_CACHE"] = probeCache ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("scene-host-test-cache-\(UUID().uuidString).json").path
        process.environment = environment
        if let directory { process.currentDirectoryURL = directory }
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }
}
