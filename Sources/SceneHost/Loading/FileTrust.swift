#if canImport(Glibc)
import Glibc
#endif

/// Whether a plugin file may be trusted, as sudo and OpenSSH's StrictModes (`safe_path`) decide it:
/// the file, every folder on the path **as written**, every symbolic link followed and every folder
/// on the way to its target must be owned by root or by the user running the host, and be writable
/// by nobody else. A root-owned folder with the sticky bit (such as /tmp) is accepted: other users
/// cannot replace what is in it (but a link they own in it is theirs to change, so it is refused).
struct FileTrust: Sendable {
    /// Why a path is not trusted, and the command that fixes it.
    struct Problem: Equatable, Sendable {
        let path: String
        let reason: String
        let fix: String
    }

    /// Where a walk ended: the real path of the file, or the first problem met on the way.
    enum Walk: Equatable {
        case trusted(realPath: String)
        case untrusted(Problem)
        /// The path cannot be followed (missing component, a loop, not a folder); `errno`'s name in `reason`.
        case unresolvable(reason: String)
    }

    /// The most links followed in one walk, as the kernel's limit (MAXSYMLINKS).
    static let linkLimit = 40

    let userID: UInt32

    init(userID: UInt32 = getuid()) {
        self.userID = userID
    }

    /// The first problem of the file at `path`, of a folder on its way, or of a link followed.
    func problem(forFileAt path: String) -> Problem? {
        if case .untrusted(let problem) = walk(path) { return problem }
        return nil
    }

    /// Follows `path` one component at a time, with `lstat`, checking each folder before going into
    /// it and each link before following it (a link is only as safe as the folder it lives in and its owner).
    func walk(_ path: String) -> Walk {
        var pending = Self.components(of: path)
        var current: [String] = []
        var links = 0
        if let problem = problem(at: "/", info: nil) { return .untrusted(problem) }
        while !pending.isEmpty {
            let name = pending.removeFirst()
            if name == "." { continue }
            if name == ".." { _ = current.popLast(); continue }
            let candidate = Self.path(of: current + [name])
            var info = stat()
            guard lstat(candidate, &info) == 0 else { return .unresolvable(reason: Self.errorName(errno, path: candidate)) }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                if let problem = ownerProblem(candidate, info: info) { return .untrusted(problem) }
                links += 1
                guard links <= Self.linkLimit else { return .unresolvable(reason: "too many levels of symbolic links at \(candidate)") }
                guard let target = Self.readLink(candidate) else { return .unresolvable(reason: "the link \(candidate) cannot be read") }
                if target.hasPrefix("/") { current = [] }
                pending = Self.components(of: target) + pending
            case S_IFDIR:
                if let problem = problem(at: candidate, info: info) { return .untrusted(problem) }
                current.append(name)
            default:
                guard pending.isEmpty else { return .unresolvable(reason: "\(candidate) is not a folder") }
                if let problem = problem(at: candidate, info: info) { return .untrusted(problem) }
                current.append(name)
            }
        }
        return .trusted(realPath: Self.path(of: current))
    }

    /// The problem of one file or folder, from its `lstat` (or `stat` when `info` is nil).
    func problem(at path: String, info given: stat?) -> Problem? {
        var info = stat()
        if let given { info = given } else if stat(path, &info) != 0 { return nil }
        if let problem = ownerProblem(path, info: info) { return problem }
        let mode = info.st_mode
        let shared = (mode & S_IFMT) == S_IFDIR && (mode & S_ISVTX) != 0 && info.st_uid == 0
        if (mode & S_IWOTH) != 0 && !shared {
            return Problem(path: path, reason: "writable by every user", fix: "chmod o-w \(path)")
        }
        if (mode & S_IWGRP) != 0 && !shared {
            return Problem(path: path, reason: "writable by its group (group \(info.st_gid))", fix: "chmod g-w \(path)")
        }
        return nil
    }

    private func ownerProblem(_ path: String, info: stat) -> Problem? {
        guard info.st_uid != 0 && info.st_uid != userID else { return nil }
        let what = (info.st_mode & S_IFMT) == S_IFLNK ? "a symbolic link owned" : "owned"
        return Problem(path: path, reason: "\(what) by user \(info.st_uid), not by root or by you (user \(userID))",
                       fix: (info.st_mode & S_IFMT) == S_IFLNK ? "replace the link with one of your own, or point 'path' at the real file" : "chown \(userID) \(path)")
    }

    private static func components(of path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    private static func path(of components: [String]) -> String {
        "/" + components.joined(separator: "/")
    }

    private static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, Int(PATH_MAX))
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func errorName(_ code: Int32, path: String) -> String {
        switch code {
        case ENOENT: return "\(path) does not exist"
        case EACCES: return "\(path) cannot be searched (permission denied)"
        case ENOTDIR: return "a part of \(path) is not a folder"
        default: return "\(path) cannot be examined (errno \(code))"
        }
    }
}
