#if canImport(Glibc)
import Glibc
#endif
import SceneHostFileTrust
import SceneHostLoading

/// The rules an SQLite session store's file keeps before it is opened: the probe cache's trust
/// checks (the file and every folder above it owned by this user or root and writable by no one
/// else), its folder made 0700 when missing, the file a regular file (never a link, device or
/// folder) made 0600, whatever the umask. SQLite's `-wal` and `-shm` files take the file's mode.
package enum SessionStoreFile {
    /// Checks (and makes, when missing) the file at `path`; throws `untrusted` or `cannotOpen` naming it.
    package static func prepare(path: String) throws(SessionStoreError) {
        let file = CacheFile(path: path, maximumSize: 0)
        if let problem = file.trustProblem() {
            throw .untrusted(path: problem.path, reason: problem.reason)
        }
        var info = stat()
        if lstat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFREG else {
                throw .untrusted(path: path, reason: "it is \(FileTrust.kind(of: info.st_mode)), not a regular file")
            }
            guard info.st_uid == getuid() else {
                throw .untrusted(path: path, reason: "it belongs to user \(info.st_uid), not to you (user \(getuid()))")
            }
            if info.st_mode & 0o077 != 0 { chmod(path, 0o600) }
            return
        }
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .cannotOpen(location: "sqlite:\(path)", reason: String(cString: strerror(errno)))
        }
        fchmod(descriptor, 0o600)
        close(descriptor)
    }
}
