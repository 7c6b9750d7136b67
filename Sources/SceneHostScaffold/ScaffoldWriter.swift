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

    /// Adds `files` to the existing `package` folder, then replaces its Package.swift text `manifest.old`
    /// with `manifest.new` (in one rename). Every file is new (never overwritten); on a failure everything
    /// it created is removed again and Package.swift is left as it was.
    static func add(_ files: [GeneratedFile], into package: String, manifest: (old: String, new: String)) throws {
        var created: [String] = []
        do {
            for file in files { try write(file, into: package, created: &created) }
            let next = package + "/.Package.swift.scene-host-new"
            try write(GeneratedFile(path: ".Package.swift.scene-host-new", text: manifest.new), into: package)
            created.append(next)
            // Edited since it was read: keep the other edit, add nothing.
            guard FileManager.default.contents(atPath: package + "/Package.swift") == Data(manifest.old.utf8) else {
                throw ScaffoldError.writeFailed(
                    path: package + "/Package.swift", reason: "it changed while it was read")
            }
            guard rename(next, package + "/Package.swift") == 0 else { throw failure(package + "/Package.swift") }
        } catch {
            for path in created.reversed() { try? FileManager.default.removeItem(atPath: path) }
            throw error
        }
    }

    private static func write(_ file: GeneratedFile, into folder: String) throws {
        var created: [String] = []
        try write(file, into: folder, created: &created)
    }

    /// Writes `file` (which must not exist), creating its missing folders; `created` gets each folder it
    /// made and the file, so that a caller can remove them again.
    private static func write(_ file: GeneratedFile, into folder: String, created: inout [String]) throws {
        let path = folder + "/" + file.path
        var parent = folder
        for component in file.path.split(separator: "/").dropLast() {
            parent += "/" + component
            if mkdir(parent, 0o755) == 0 {
                created.append(parent)
            } else if errno != EEXIST {
                throw failure(parent)
            }
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(path) }
        created.append(path)
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
