import Foundation

/// Absolute paths with symbolic links resolved, for computing relative paths between folders.
enum FileSystemPath {
    /// `path` (relative to the current folder) made absolute, links resolved; nil when it does not exist.
    package static func real(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `path` made absolute against the current folder, `.` and `..` removed by name (no file needed).
    package static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return (full as NSString).standardizingPath
    }
}
