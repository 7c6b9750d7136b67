import SceneHostCommandLine
import ArgumentParser
import Foundation
import SceneHostCore
import SceneHostFrontend

/// Golden transcripts of `run --expect` and `run --record`: what a script run prints, kept in a file.
///
/// `--record` replaces the file, and says so (with the diff, on standard error) when it held
/// another run, so nothing is overwritten silently; it warns when the run printed a path that
/// differs between machines. `--expect` prints the diff on standard output and fails with exit 1.
enum TranscriptFile {
    /// The largest transcript read: as a script (64 MiB) can print far more, this is about what a
    /// reviewer can read, and keeps a wrong file (a disk image) from being read whole.
    static let sizeLimit = 64 << 20

    /// The text of the transcript at `path`, which must be a regular, readable file.
    static func read(_ path: String) throws -> String {
        let descriptor: Int32
        switch InputFile.open(path) {
        case .success(let opened): descriptor = opened
        case .failure(.notFound): throw ScriptError.transcriptNotFound(path: path)
        case .failure(let problem): throw ScriptError.transcriptNotReadable(path: path, problem)
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            let data = try handle.read(upToCount: sizeLimit + 1) ?? Data()
            guard data.count <= sizeLimit else {
                throw ScriptError.transcriptNotReadable(path: path, .other("it is larger than \(sizeLimit) bytes"))
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw ScriptError.transcriptNotReadable(path: path, .other("it is not valid UTF-8"))
            }
            return text
        } catch let error as ScriptError {
            throw error
        } catch {
            throw ScriptError.transcriptNotReadable(path: path, .other("\(error)"))
        }
    }

    /// Prints the diff from `expected` to `actual` and throws `transcriptMismatch` when they differ.
    static func compare(_ actual: String, with expected: String, path: String) throws {
        guard let diff = TranscriptDiff.unified(expected: expected, actual: actual) else { return }
        StandardStreams.write(StandardStreams.escapedLines(diff), to: STDOUT_FILENO)
        throw ScriptError.transcriptMismatch(path: path)
    }

    /// Writes `transcript` to `path`, telling on standard error what it replaced and what it should not hold.
    static func write(_ transcript: String, to path: String, configPath: String) throws {
        if let previous = try? read(path), let diff = TranscriptDiff.unified(expected: previous, actual: transcript) {
            StandardStreams.write(StandardStreams.escapedLines(diff), to: STDERR_FILENO)
            StandardStreams.error(HostWarning.transcriptReplaced(path: path).message)
        }
        do {
            try transcript.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw ScriptError.transcriptNotWritable(path: path, reason: Self.reason(error, path: path))
        }
        let current = FileManager.default.currentDirectoryPath
        let configFolder = URL(
            fileURLWithPath: configPath, relativeTo: URL(fileURLWithPath: current, isDirectory: true)
        )
        .deletingLastPathComponent().standardizedFileURL.path
        let home = ProcessInfo.processInfo.environment["HOME"] ?? ""
        if let found = TranscriptScan.machineSpecific(in: transcript, paths: [current, configFolder, home]) {
            StandardStreams.error(
                HostWarning.transcriptMachineSpecific(path: path, line: found.line, found: found.path).message)
        }
    }

    /// Why writing the transcript at `path` failed, in words that name the cause: Foundation's own
    /// sentence ("The operation could not be completed. The file doesn’t exist.") blames a file
    /// that was never there when its folder is missing, and ends in a period the message would double.
    static func reason(_ error: any Error, path: String) -> String {
        let parent = (path as NSString).deletingLastPathComponent
        let folder = parent.isEmpty ? "." : parent
        switch (error as? CocoaError)?.code {
        case .fileNoSuchFile?, .fileReadNoSuchFile?: return "the folder \(folder) does not exist"
        case .fileWriteNoPermission?, .fileReadNoPermission?:
            return "permission denied (the folder \(folder) or the file is not writable by you)"
        case .fileWriteOutOfSpace?: return "no space left on the device"
        case .fileWriteVolumeReadOnly?: return "the file system is read-only"
        default:
            let text = (error as NSError).localizedDescription
            return text.hasSuffix(".") ? String(text.dropLast()) : text
        }
    }
}
