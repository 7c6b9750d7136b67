#if canImport(Glibc)
import Glibc
#endif
import SceneHostFileTrust

/// Paths in the config, resolved as written: relative to the config's folder, never expanded.
///
/// `~` is an ordinary name here (the shell expands it, a config file does not), so `~/x.so` is
/// the file `x.so` in a folder named `~` next to the config, like any other relative path.
/// Foundation's `URL(fileURLWithPath:)` expands a leading `~`, so it is not used.
package enum ConfigPath {
    /// `path` against `folder` (an absolute folder), with `.` and `..` removed by name.
    package static func resolve(_ path: String, in folder: String) -> String {
        normalized(path.hasPrefix("/") ? path : folder + "/" + path)
    }

    /// The absolute folder that holds the file at `path` (relative to the current directory).
    package static func folder(of path: String) -> String {
        let absolute = resolve(path, in: currentDirectory())
        guard let slash = absolute.lastIndex(of: "/"), slash != absolute.startIndex else { return "/" }
        return String(absolute[..<slash])
    }

    /// An absolute path without empty, `.` and `..` parts (`..` above `/` stays at `/`).
    static func normalized(_ path: String) -> String {
        if PlainPath.lastSlash(of: path) != nil { return path }
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    private static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "/" }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
