#if canImport(Glibc)
import Glibc
#endif

/// Whether a plugin file may be trusted, as sudo and OpenSSH's StrictModes decide it: the file
/// and every folder above it must be owned by root or by the user running the host, and be
/// writable by nobody else. A root-owned folder with the sticky bit (such as /tmp) is accepted:
/// other users cannot replace what is in it.
struct FileTrust: Sendable {
    /// Why a path is not trusted, and the command that fixes it.
    struct Problem: Equatable, Sendable {
        let path: String
        let reason: String
        let fix: String
    }

    let userID: UInt32

    init(userID: UInt32 = getuid()) {
        self.userID = userID
    }

    /// The first problem of the file at `path` (after resolving links) or of a folder above it.
    func problem(forFileAt path: String) -> Problem? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        var current = String(cString: resolved)
        while true {
            if let problem = problem(at: current) { return problem }
            guard current != "/" else { return nil }
            let parent = current.split(separator: "/").dropLast().joined(separator: "/")
            current = "/" + parent
        }
    }

    private func problem(at path: String) -> Problem? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let mode = info.st_mode
        let isDirectory = (mode & S_IFMT) == S_IFDIR
        if info.st_uid != 0 && info.st_uid != userID {
            return Problem(path: path, reason: "owned by user \(info.st_uid), not by root or by you (user \(userID))",
                           fix: "chown \(userID) \(path)")
        }
        let shared = isDirectory && (mode & S_ISVTX) != 0 && info.st_uid == 0
        if (mode & S_IWOTH) != 0 && !shared {
            return Problem(path: path, reason: "writable by every user", fix: "chmod o-w \(path)")
        }
        if (mode & S_IWGRP) != 0 && !shared {
            return Problem(path: path, reason: "writable by its group (group \(info.st_gid))", fix: "chmod g-w \(path)")
        }
        return nil
    }
}
