#if canImport(Glibc)
import Glibc
#endif

/// Paths that name a different file in each process: `/proc/self`, `/proc/thread-self`,
/// `/proc/<pid>` and `/dev/fd` (and whatever reaches them through a link, such as `/dev/stdin`).
///
/// `/proc/self/fd/3` is one file in `check`, another in `run` and a third in a scene worker, so a
/// setting that names one cannot be checked once and trusted elsewhere: the host refuses it.
package enum ProcessRelativePath {
    /// The part of `path` that names something of one process — the path as written or any link
    /// followed on the way to its target — or nil when none does. A relative path starts at the
    /// working folder, as `lstat` reads it. A part that does not exist ends the search (the trust
    /// walk says what is wrong with it).
    package static func part(of path: String) -> String? {
        var pending = components(of: path.hasPrefix("/") ? path : workingFolder() + "/" + path)
        var current: [String] = []
        var links = 0
        while !pending.isEmpty {
            let name = pending.removeFirst()
            if name == "." { continue }
            if name == ".." { _ = current.popLast(); continue }
            current.append(name)
            let candidate = "/" + current.joined(separator: "/")
            if isProcessRelative(current) { return candidate }
            var info = stat()
            guard lstat(candidate, &info) == 0 else { return nil }
            guard info.st_mode & S_IFMT == S_IFLNK else { continue }
            links += 1
            guard links <= 40, let target = readLink(candidate) else { return nil }
            current.removeLast()
            if target.hasPrefix("/") { current = [] }
            pending = components(of: target) + pending
        }
        return nil
    }

    /// Whether the folder `parts` (from the root) is one process's own view.
    private static func isProcessRelative(_ parts: [String]) -> Bool {
        guard parts.count == 2 else { return false }
        switch (parts[0], parts[1]) {
        case ("proc", "self"), ("proc", "thread-self"), ("dev", "fd"): return true
        case ("proc", let name): return !name.isEmpty && name.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        default: return false
        }
    }

    private static func workingFolder() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "/" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func components(of path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    private static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, Int(PATH_MAX))
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
