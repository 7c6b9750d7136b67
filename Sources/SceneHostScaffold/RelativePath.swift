/// The path from one absolute folder to another absolute path, with `..` where they part.
enum RelativePath {
    /// `target` as seen from `folder`; both must be absolute and free of `.` and `..`.
    /// The same path gives ".".
    package static func from(_ folder: String, to target: String) -> String {
        let base = folder.split(separator: "/"), goal = target.split(separator: "/")
        var common = 0
        while common < base.count, common < goal.count, base[common] == goal[common] { common += 1 }
        let parts = Array(repeating: "..", count: base.count - common) + goal[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
