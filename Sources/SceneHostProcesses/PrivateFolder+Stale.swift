#if canImport(Glibc)
import Glibc
#endif
import CSyscalls

extension PrivateFolder {
    /// How long a folder must have been left unchanged before a start may take it for stale: a
    /// folder is locked a moment after it is made, and a younger one may be that moment.
    static let staleAge: Int = 60

    /// Removes the private folders in `parent` that no process holds any more: those a host that
    /// was killed (kill -9, a lost machine) could not remove. Called once when `run`, `serve` and
    /// `check` start; returns how many it removed.
    ///
    /// A folder is taken only when its name is a private folder's, it is a folder (not a link),
    /// it belongs to this user (never another's, for root neither: another user could plant a folder
    /// made to take long to remove and slow every start of root's host; so the folders a killed root
    /// host had given to its `[host] worker-user` stay), it was last modified `staleAge` seconds ago or more, and its lock can be taken
    /// (`flock` fails while the process that made it lives). The folder opened is the one looked
    /// at (same device and inode), so nothing swapped in its place is removed.
    @discardableResult
    package static func removeStale(in parent: String, now: Int = time(nil)) -> Int {
        let folder = open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return 0 }
        defer { close(folder) }
        var names: [[CChar]] = []
        let copy = dup(folder)
        guard copy >= 0, let stream = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            return 0
        }
        let prefix = Array(namePrefix.utf8).map { CChar(bitPattern: $0) }
        while let entry = readdir(stream) {
            let name: [CChar] = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                raw.prefix { $0 != 0 }.map { CChar(bitPattern: $0) }
            }
            if name.starts(with: prefix) { names.append(name + [0]) }
        }
        closedir(stream)
        let me = getuid()
        var removed = 0
        for name in names {
            var seen = stat()
            guard fstatat(folder, name, &seen, AT_SYMLINK_NOFOLLOW) == 0, seen.st_mode & S_IFMT == S_IFDIR,
                seen.st_uid == me,
                now - Int(seen.st_mtim.tv_sec) >= staleAge
            else { continue }
            let stale = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard stale >= 0 else { continue }
            defer { close(stale) }
            var opened = stat()
            guard fstat(stale, &opened) == 0, opened.st_dev == seen.st_dev, opened.st_ino == seen.st_ino,
                flock(stale, LOCK_EX | LOCK_NB) == 0
            else { continue }
            FolderRemoval.removeContents(of: stale)
            if unlinkat(folder, name, AT_REMOVEDIR) == 0 { removed += 1 }
        }
        return removed
    }
}
