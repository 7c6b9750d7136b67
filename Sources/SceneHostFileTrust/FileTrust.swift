#if canImport(Glibc)
import Glibc
#endif

/// Whether a plugin file may be trusted, as sudo and OpenSSH's StrictModes (`safe_path`) decide it:
/// the file, every folder on the path **as written**, every symbolic link followed and every folder
/// on the way to its target must be owned by root or by the user running the host, and be writable
/// by nobody else. A root-owned folder with the sticky bit (such as /tmp) is accepted: other users
/// cannot replace what is in it (but a link they own in it is theirs to change, so it is refused).
package struct FileTrust: Sendable {
    /// Why a path is not trusted, and the command that fixes it.
    package struct Problem: Equatable, Sendable {
        package let path: String
        package let reason: String
        package let fix: String
        /// The fix as a command that takes paths (`chmod go-w`), so the fixes of several paths combine.
        package var command: String? = nil

        // Explicit: the memberwise initializer is internal, and the host's dependency check makes problems too.
        package init(path: String, reason: String, fix: String, command: String? = nil) {
            self.path = path
            self.reason = reason
            self.fix = fix
            self.command = command
        }
    }

    /// Where a walk ended: the real path of the file, or every problem met on the way (at least one).
    package enum Walk: Equatable {
        case trusted(realPath: String)
        /// The problems in the order the walk met them: the folders from the root, the links, the file.
        case untrusted([Problem])
        /// The path cannot be followed (missing component, a loop, not a folder); `errno`'s name in `reason`.
        case unresolvable(reason: String)
    }

    /// The most links followed in one walk, as the kernel's limit (MAXSYMLINKS).
    static let linkLimit = 40

    package let userID: UInt32
    /// Folders found trusted earlier in this run (nil: every walk examines every folder).
    package let trustedFolders: TrustedFolders?

    package init(userID: UInt32 = getuid(), trustedFolders: TrustedFolders? = nil) {
        self.userID = userID
        self.trustedFolders = trustedFolders
    }

    /// The first problem of the file at `path`, of a folder on its way, or of a link followed.
    package func problem(forFileAt path: String) -> Problem? {
        if case .untrusted(let problems) = walk(path) { return problems.first }
        return nil
    }

    /// Follows `path` one component at a time, with `lstat`, checking each folder before going into
    /// it and each link before following it (a link is only as safe as the folder it lives in and its owner).
    /// It goes on past a problem, so one message can name every path to fix; a path that cannot be
    /// followed after a problem still reports the problems found.
    package func walk(_ path: String) -> Walk {
        var ignored: stat?
        return walk(path, file: &ignored)
    }

    /// `walk(_:)`, also giving what `lstat` said of the file the walk ended at (after every link),
    /// when it ended at a regular file: its identity, without a second system call.
    package func walk(_ path: String, file: inout stat?) -> Walk {
        if let walked = walkInTrustedFolder(path, file: &file) { return walked }
        var pending = Self.components(of: path)
        var current: [String] = []
        var links = 0
        var problems: [Problem] = []
        // A path as written (no `.`, `..`) whose folder a walk of this run found trusted starts there.
        if let trustedFolders, pending.count > 1, !pending.contains("."), !pending.contains(".."),
            trustedFolders.contains(Self.path(of: Array(pending.dropLast())))
        {
            current = Array(pending.dropLast())
            pending.removeFirst(current.count)
        } else {
            problems = self.problems(at: "/", info: nil)
        }
        func unresolvable(_ reason: String) -> Walk {
            problems.isEmpty ? .unresolvable(reason: reason) : .untrusted(problems)
        }
        while !pending.isEmpty {
            let name = pending.removeFirst()
            if name == "." { continue }
            if name == ".." { _ = current.popLast(); continue }
            let candidate = Self.path(of: current + [name])
            var info = stat()
            guard lstat(candidate, &info) == 0 else { return unresolvable(Self.errorName(errno, path: candidate)) }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                if let problem = ownerProblem(candidate, info: info), !problems.contains(problem) {
                    problems.append(problem)
                }
                links += 1
                guard links <= Self.linkLimit else {
                    return unresolvable("too many levels of symbolic links at \(candidate)")
                }
                guard let target = Self.readLink(candidate) else {
                    return unresolvable("the link \(candidate) cannot be read")
                }
                if target.hasPrefix("/") { current = [] }
                pending = Self.components(of: target) + pending
            case S_IFDIR:
                // A folder met again (through a link) is named once.
                problems += self.problems(at: candidate, info: info).filter { !problems.contains($0) }
                current.append(name)
                if links == 0 && problems.isEmpty { trustedFolders?.insert(candidate) }
            default:
                guard pending.isEmpty else { return unresolvable("\(candidate) is not a folder") }
                // A device, a pipe or a socket is no file to trust (nor one to load): say what it is,
                // not that its (device) permissions are open.
                guard info.st_mode & S_IFMT == S_IFREG else {
                    return .unresolvable(reason: "\(candidate) is \(Self.kind(of: info.st_mode)), not a regular file")
                }
                problems += self.problems(at: candidate, info: info).filter { !problems.contains($0) }
                current.append(name)
                file = info
            }
        }
        return problems.isEmpty ? .trusted(realPath: Self.path(of: current)) : .untrusted(problems)
    }

    /// The walk below for a plain path (absolute, no empty, `.` or `..` part, no trailing `/`) to a
    /// file that is not a link nor a folder, in a folder a walk of this run found trusted: that file
    /// alone is examined, as the loop below does, without splitting the path into parts. Nil for
    /// anything else (a link, a folder, a missing file), which the full walk handles.
    private func walkInTrustedFolder(_ path: String, file: inout stat?) -> Walk? {
        guard let trustedFolders, let slash = PlainPath.lastSlash(of: path), slash != path.startIndex,
            trustedFolders.contains(String(path[..<slash]))
        else { return nil }
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        let kind = info.st_mode & S_IFMT
        guard kind != S_IFLNK && kind != S_IFDIR else { return nil }
        let problems = self.problems(at: path, info: info)
        if kind == S_IFREG { file = info }
        return problems.isEmpty ? .trusted(realPath: path) : .untrusted(problems)
    }

    /// A folder a walk of this run found trusted, held open (`O_PATH`) so the files in it are
    /// looked up by name: a thousand plugins in one folder resolve its path once, not a thousand times.
    package final class KnownFolder {
        let path: Substring
        let descriptor: Int32

        init?(_ path: Substring) {
            let descriptor = String(path).withCString { open($0, Self.openPath | O_DIRECTORY | O_CLOEXEC) }
            guard descriptor >= 0 else { return nil }
            self.path = path
            self.descriptor = descriptor
        }

        deinit { close(descriptor) }

        /// Linux's `O_PATH` (Glibc's module leaves it out: it is defined under `_GNU_SOURCE`): a
        /// folder only searchable, not readable, can still be held open.
        static let openPath: Int32 = 0o10_000_000
    }

    /// What `walk(_:file:)` finds for a plain path to a regular file in a folder a walk of this run
    /// found trusted, when it finds nothing wrong: the file's `lstat`. Nil for anything else (the
    /// caller then walks it). `knownFolder` keeps the last folder found trusted between calls,
    /// open, so a thousand plugins in one folder look it up once.
    ///
    /// The file is looked up by name in the open folder: the folder cannot be replaced in between,
    /// since it was found trusted (writable by nobody else, nor is any folder above it).
    package func trustedFileInKnownFolder(_ path: String, knownFolder: inout KnownFolder?) -> stat? {
        guard let trustedFolders, let slash = PlainPath.lastSlash(of: path), slash != path.startIndex else {
            return nil
        }
        let folder = path[..<slash]
        if folder != knownFolder?.path {
            guard trustedFolders.contains(String(folder)), let opened = KnownFolder(folder) else { return nil }
            knownFolder = opened
        }
        guard let knownFolder else { return nil }
        let nameOffset = path.utf8.distance(from: path.utf8.startIndex, to: slash) + 1
        var info = stat()
        let found = path.withCString { fstatat(knownFolder.descriptor, $0 + nameOffset, &info, AT_SYMLINK_NOFOLLOW) }
        guard found == 0, info.st_mode & S_IFMT == S_IFREG, problem(at: path, info: info) == nil else { return nil }
        return info
    }

    /// Every problem of one file or folder for the walk: its owner, then its mode. A path writable
    /// by its group and by every user gets one fix for both (`chmod go-w`), so fixing what the
    /// message says is enough.
    package func problems(at path: String, info given: stat?) -> [Problem] {
        var info = stat()
        if let given { info = given } else if stat(path, &info) != 0 { return [] }
        var problems: [Problem] = []
        if let problem = ownerProblem(path, info: info) { problems.append(problem) }
        let mode = info.st_mode
        let shared = (mode & S_IFMT) == S_IFDIR && (mode & S_ISVTX) != 0 && info.st_uid == 0
        guard !shared else { return problems }
        switch ((mode & S_IWOTH) != 0, (mode & S_IWGRP) != 0) {
        case (true, true):
            problems.append(
                Problem(path: path, reason: "writable by every user", fix: "chmod go-w \(path)", command: "chmod go-w"))
        case (true, false):
            problems.append(
                Problem(path: path, reason: "writable by every user", fix: "chmod o-w \(path)", command: "chmod o-w"))
        case (false, true):
            problems.append(
                Problem(
                    path: path, reason: "writable by its group (group \(info.st_gid))", fix: "chmod g-w \(path)",
                    command: "chmod g-w"))
        case (false, false): break
        }
        return problems
    }

    /// One fix for all of `problems`: paths that take the same command share it
    /// (`chmod go-w /a /a/b && chmod o-w /a/b/lib.so`); other fixes follow, after a semicolon.
    package static func combinedFix(_ problems: [Problem]) -> String {
        var commands: [(command: String, paths: [String])] = []
        var others: [String] = []
        for problem in problems {
            guard let command = problem.command else {
                if !others.contains(problem.fix) { others.append(problem.fix) }
                continue
            }
            if let index = commands.firstIndex(where: { $0.command == command }) {
                commands[index].paths.append(problem.path)
            } else {
                commands.append((command, [problem.path]))
            }
        }
        let joined = commands.map { "\($0.command) \($0.paths.joined(separator: " "))" }.joined(separator: " && ")
        return ([joined].filter { !$0.isEmpty } + others).joined(separator: "; ")
    }

    /// The problem of one file or folder, from its `lstat` (or `stat` when `info` is nil).
    package func problem(at path: String, info given: stat?) -> Problem? {
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
        return Problem(
            path: path, reason: "\(what) by user \(info.st_uid), not by root or by you (user \(userID))",
            fix: (info.st_mode & S_IFMT) == S_IFLNK
                ? "replace the link with one of your own, or point 'path' at the real file" : "chown \(userID) \(path)",
            command: (info.st_mode & S_IFMT) == S_IFLNK ? nil : "chown \(userID)")
    }

    private static func components(of path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    private static func path(of components: [String]) -> String {
        "/" + components.joined(separator: "/")
    }

    /// What a file that is not a regular one is, for messages.
    package static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFLNK: return "a symbolic link"
        case S_IFDIR: return "a folder"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFIFO: return "a named pipe"
        case S_IFSOCK: return "a socket"
        default: return "not a file"
        }
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
