import Foundation

/// Runs the built `scene-host` binary and collects what it printed.
struct HostProcess {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Runs `scene-host ARGUMENTS` in `directory` with `input` on standard input.
    static func run(_ arguments: [String], input: String = "", in directory: URL? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuildProducts.hostExecutable)
        process.arguments = arguments
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
        return Result(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }
}
