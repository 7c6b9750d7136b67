#if canImport(Glibc)
import Glibc
#endif

/// The attacks on files (`Landlock`): `readfile` reads the file `SCENE_PLUGIN_HOSTILE_READ` names (a secret of
/// the user's, outside anything the config names), `writefile` creates the file `SCENE_PLUGIN_HOSTILE_WRITE`
/// names, `cgroup` opens its own cgroup's memory limit to raise it (a worker started by root could),
/// and `tmpwrite` writes in its `TMPDIR` (its private folder: allowed).
enum FileAttack {
    static func run(_ name: String) -> String {
        let environment = { (key: String) -> String in getenv(key).map { String(cString: $0) } ?? "" }
        switch name {
        case "readfile":
            return attempt(name, path: environment("SCENE_PLUGIN_HOSTILE_READ"), flags: O_RDONLY)
        case "writefile":
            return attempt(name, path: environment("SCENE_PLUGIN_HOSTILE_WRITE"), flags: O_WRONLY | O_CREAT | O_TRUNC)
        case "tmpwrite":
            let folder = environment("TMPDIR").isEmpty ? "/tmp" : environment("TMPDIR")
            return attempt(name, path: folder + "/hostile-\(getpid())", flags: O_WRONLY | O_CREAT | O_TRUNC) + " in \(folder)"
        case "cgroup":
            return cgroupLimit()
        default:
            return "\(name): no such attack"
        }
    }

    /// Opens `path` with `flags`; writes a line when it is open for writing.
    private static func attempt(_ name: String, path: String, flags: Int32) -> String {
        guard !path.isEmpty else { return "\(name): no path" }
        let descriptor = open(path, flags | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return "\(name): refused (\(Attack.errnoName()))" }
        if flags & O_WRONLY != 0 { _ = "hostile\n".withCString { write(descriptor, $0, 8) } }
        close(descriptor)
        return "\(name): DONE"
    }

    /// The memory limit file of the cgroup this process is in, opened for writing.
    private static func cgroupLimit() -> String {
        guard let file = fopen("/proc/self/cgroup", "r") else { return "cgroup: refused at /proc/self/cgroup (\(Attack.errnoName()))" }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 1024)
        var candidates: [String] = []
        while fgets(&line, Int32(line.count), file) != nil {
            let parts = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).trimmingSuffix("\n").split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3 else { continue }
            if parts[1].split(separator: ",").contains("memory") { candidates.append("/sys/fs/cgroup/memory\(parts[2])/memory.limit_in_bytes") }
            if parts[0] == "0" && parts[1].isEmpty { candidates.append("/sys/fs/cgroup\(parts[2])/memory.max") }
        }
        for path in candidates where access(path, F_OK) == 0 {
            return attempt("cgroup", path: path, flags: O_WRONLY)
        }
        return "cgroup: none"
    }
}

private extension String {
    func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}
