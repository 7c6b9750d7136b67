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

    /// How every private folder's name begins: what `removeStale` looks for.
    static let namePrefix = "scene-host-child-"

    package let path: String

    /// The folder, open and locked (`flock`, exclusive) for as long as it is in use: a host that
    /// was killed leaves a folder nobody holds, which the next start removes (`removeStale`).
    private let lock: Int32

    /// A new folder in `environment`'s `TMPDIR` (when absolute) or /tmp, owned by this process's user.
    package static func make(environment: [String: String]) throws(ProcessSpawner.Failure) -> PrivateFolder {
        let parent = parentFolder(environment)
        var template = Array((parent + "/" + namePrefix + "XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw ProcessSpawner.Failure(
                reason:
                    "cannot create its private folder in \(parent): \(String(cString: strerror(errno))); set TMPDIR to a folder you can write"
            )
        }
        let path = String(cString: made)
        let lock = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard lock >= 0, flock(lock, LOCK_EX | LOCK_NB) == 0 else {
            let reason = String(cString: strerror(errno))
            if lock >= 0 { close(lock) }
            rmdir(path)
            throw ProcessSpawner.Failure(reason: "cannot open and lock its private folder \(path): \(reason)")
        }
        return PrivateFolder(path: path, lock: lock)
    }

    /// Where private folders are made: `TMPDIR` when absolute, else /tmp.
    package static func parentFolder(_ environment: [String: String]) -> String {
        environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
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

    /// Removes the folder and whatever the child left in it, however deep (`FolderRemoval`); links
    /// are removed, never followed. Call once, after the child has ended.
    package func remove() {
        FolderRemoval.removeContents(of: lock)
        rmdir(path)
        close(lock)
    }

    /// Removes everything in the folder at `path`, keeping the folder; links are removed, never
    /// followed. Also empties a load folder a child reuses (`DescriptorLoader`).
    package static func removeContents(of path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        FolderRemoval.removeContents(of: descriptor)
        close(descriptor)
    }
}
