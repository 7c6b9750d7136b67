#if canImport(Glibc)
import Glibc
#endif

/// The one folder a child that runs plugin code may write in (besides what its config's path
/// settings name): made by the parent before the child starts (0700, in `$TMPDIR` or /tmp),
/// handed to the child as its `TMPDIR`, and removed by the parent once the child has ended.
///
/// The child opens each plugin library through a folder of links made in it (`DescriptorLoader`),
/// and plugin code finds it as its temporary folder. Made by the parent because the child, once
/// restricted (`Landlock`), can make nothing elsewhere, and because the child often ends by
/// SIGKILL (its watchdog, a time limit), when it could not remove anything itself. A folder is
/// left behind only when the parent itself is killed.
package struct PrivateFolder: Sendable {
    /// The environment variable that names it in the child (with `TMPDIR`).
    package static let variable = "SCENE_HOST_PRIVATE_FOLDER"

    package let path: String

    /// A new folder in `environment`'s `TMPDIR` (when absolute) or /tmp, owned by this process's user.
    package static func make(environment: [String: String]) throws(ProbeSpawn.Failure) -> PrivateFolder {
        let parent = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        var template = Array((parent + "/scene-host-child-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw ProbeSpawn.Failure(reason: "cannot create its private folder in \(parent): \(String(cString: strerror(errno))); set TMPDIR to a folder you can write")
        }
        return PrivateFolder(path: String(cString: made))
    }

    /// The folder a sandboxed child was handed, if any (read by the child).
    package static func handed(_ environment: [String: String]) -> String? {
        environment[variable].flatMap { $0.hasPrefix("/") ? $0 : nil }
    }

    /// The folder this process was handed, when it is still its `TMPDIR` (the only place a
    /// sandboxed child may write); read with `getenv`, without copying the whole environment.
    package static func handedToThisProcess() -> String? {
        guard let value = getenv(variable), let tmpdir = getenv("TMPDIR") else { return nil }
        let folder = String(cString: value)
        return folder.hasPrefix("/") && folder == String(cString: tmpdir) ? folder : nil
    }

    /// `environment` for the child: the folder is its `TMPDIR`.
    package func handing(to environment: [String: String]) -> [String: String] {
        var environment = environment
        environment["TMPDIR"] = path
        environment[Self.variable] = path
        return environment
    }

    /// Gives the folder to `user` (a worker that runs as another user, `[host] worker-user`).
    package func give(to user: uid_t, group: gid_t) -> Bool {
        chown(path, user, group) == 0
    }

    /// Removes the folder and whatever the child left in it; links are removed, never followed.
    package func remove() {
        Self.removeContents(of: path)
        rmdir(path)
    }

    /// Removes everything in the folder at `path`, keeping the folder; links are removed, never
    /// followed. Also empties a load folder a child reuses (`DescriptorLoader`).
    package static func removeContents(of path: String, depth: Int = 0) {
        // Deeper than any folder the loader makes: plugin code that nests further leaves the rest.
        guard depth < 64, let folder = opendir(path) else { return }
        defer { closedir(folder) }
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                raw.baseAddress.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "."
            }
            guard name != ".", name != ".." else { continue }
            let child = path + "/" + name
            var info = stat()
            guard lstat(child, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                removeContents(of: child, depth: depth + 1)
                rmdir(child)
            } else {
                unlink(child)
            }
        }
    }
}
