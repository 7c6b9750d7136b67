import Foundation

/// Puts a generated package on disk, in a folder that did not exist: never overwrites.
enum ScaffoldWriter {
    /// The output folder, checked (exists, is a folder, you can create in it) and with links resolved.
    static func outputFolder(_ path: String) throws -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { throw ScaffoldError.outputMissing(path: FileSystemPath.absolute(path)) }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw ScaffoldError.outputNotFolder(path: FileSystemPath.absolute(path))
        }
        guard access(path, W_OK | X_OK) == 0 else {
            throw ScaffoldError.outputNotWritable(path: FileSystemPath.absolute(path))
        }
        return FileSystemPath.real(path) ?? FileSystemPath.absolute(path)
    }

    /// Refuses `folder` when anything (even a dangling link) is there already.
    static func checkAbsent(_ folder: String) throws {
        var info = stat()
        if lstat(folder, &info) == 0 { throw ScaffoldError.targetExists(path: folder) }
    }

    /// Creates `folder` (it must not exist) and writes `files` into it. On a failure the folder is
    /// removed again, so a half-made package never stays behind.
    package static func write(_ files: [GeneratedFile], into folder: String) throws {
        // mkdir fails on anything already there: the check that nothing is overwritten, without a race.
        guard mkdir(folder, 0o755) == 0 else {
            let code = errno
            if code == EEXIST { throw ScaffoldError.targetExists(path: folder) }
            throw ScaffoldError.writeFailed(path: folder, reason: String(cString: strerror(code)))
        }
        do {
            for file in files { try write(file, into: folder) }
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
    }

    private static func write(_ file: GeneratedFile, into folder: String) throws {
        let path = folder + "/" + file.path
        var parent = folder
        for component in file.path.split(separator: "/").dropLast() {
            parent += "/" + component
            guard mkdir(parent, 0o755) == 0 || errno == EEXIST else { throw failure(parent) }
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(path) }
        defer { close(descriptor) }
        var bytes = Array(file.text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if written > 0 {
                bytes = bytes.dropFirst(written)
            } else if !(written < 0 && errno == EINTR) {
                throw failure(path)
            }
        }
    }

    private static func failure(_ path: String) -> ScaffoldError {
        .writeFailed(path: path, reason: String(cString: strerror(errno)))
    }
}
