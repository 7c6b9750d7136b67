#if canImport(Glibc)
import Glibc
#endif

/// Empties a folder through descriptors, however deep it goes: how a child's private folder goes.
///
/// Plugin code may nest folders past `PATH_MAX` (a path to the deepest one is then too long for
/// any call that takes a path), make links to elsewhere, and fill a folder with many files. The
/// walk holds one open folder at a time, goes down with `openat(O_NOFOLLOW)` and back up through
/// `..`, checking that `..` is the folder it came from (same device and inode) and stopping if it
/// is not; links are removed, never followed. What it remembers is the names on the way down
/// (at most 255 bytes a level), and it does at most `operationLimit` removals, so a folder made
/// to be endless ends the walk instead of the host.
enum FolderRemoval {
    /// The most entries one call removes.
    static let operationLimit = 10_000_000

    /// `O_PATH` (Linux; the Swift Glibc module names it only with _GNU_SOURCE).
    private static let pathOnly: Int32 = 0o10000000

    private struct Identity: Equatable {
        let device: UInt
        let inode: UInt

        init?(_ descriptor: Int32) {
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { return nil }
            device = UInt(info.st_dev)
            inode = UInt(info.st_ino)
        }
    }

    /// Removes everything in the open folder `root` (not consumed; the folder itself stays).
    /// True when it is empty afterwards.
    @discardableResult
    package static func removeContents(of root: Int32) -> Bool {
        guard let rootIdentity = Identity(root) else { return false }
        var current = dup(root)
        guard current >= 0 else { return false }
        // The names on the way down, each with the identity of the folder it is in.
        var path: [(name: [CChar], parent: Identity)] = []
        var currentIdentity = rootIdentity
        var operations = 0
        defer { close(current) }
        _ = fchmod(current, 0o700)
        while operations < operationLimit {
            switch emptyFiles(of: current, operations: &operations) {
            case .failed:
                return false
            case .subfolder(let name):
                // Empty already (or emptied since): removed without going down.
                if unlinkat(current, name, AT_REMOVEDIR) == 0 {
                    operations += 1
                    continue
                }
                var child = openat(current, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                if child < 0 && errno == EACCES {
                    // Made unreadable on purpose: it is still ours to open up again. Through a descriptor of
                    // the folder itself (O_PATH needs no permission), never by name: a name swapped for a
                    // link in between would have the mode of the link's target changed.
                    let handle = openat(current, name, Self.pathOnly | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                    if handle >= 0 {
                        _ = chmod("/proc/self/fd/\(handle)", 0o700)
                        close(handle)
                    }
                    child = openat(current, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                }
                guard child >= 0, let childIdentity = Identity(child) else {
                    if child >= 0 { close(child) }
                    return false
                }
                path.append((name, currentIdentity))
                // A folder without write permission keeps its entries: give it back.
                _ = fchmod(child, 0o700)
                close(current)
                current = child
                currentIdentity = childIdentity
            case .empty:
                guard let (name, parentIdentity) = path.popLast() else { return true }
                let parent = openat(current, "..", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard parent >= 0 else { return false }
                // Moved while walked: stop rather than remove elsewhere.
                guard Identity(parent) == parentIdentity else {
                    close(parent)
                    return false
                }
                close(current)
                current = parent
                currentIdentity = parentIdentity
                guard unlinkat(current, name, AT_REMOVEDIR) == 0 else { return false }
                operations += 1
            }
        }
        return false
    }

    /// Removes the folder at `path` and everything in it, the last component not followed.
    package static func remove(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            unlink(path)
            return
        }
        removeContents(of: descriptor)
        close(descriptor)
        rmdir(path)
    }

    private enum Pass {
        case empty
        /// A folder's name as its bytes (with the terminating 0): a name need not be UTF-8.
        case subfolder([CChar])
        case failed
    }

    /// Removes every entry of `folder` that is not a folder, and names the first folder it finds.
    private static func emptyFiles(of folder: Int32, operations: inout Int) -> Pass {
        let copy = dup(folder)
        guard copy >= 0, let stream = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            return .failed
        }
        defer { closedir(stream) }
        rewinddir(stream)
        var removedAny = true
        while removedAny && operations < operationLimit {
            removedAny = false
            while let entry = readdir(stream) {
                let name: [CChar] = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    raw.prefix { $0 != 0 }.map { CChar(bitPattern: $0) } + [0]
                }
                guard name != [46, 0], name != [46, 46, 0] else { continue }
                var info = stat()
                guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                if info.st_mode & S_IFMT == S_IFDIR { return .subfolder(name) }
                if unlinkat(folder, name, 0) == 0 {
                    operations += 1
                    removedAny = true
                }
            }
            // Entries removed while read may hide others: read again until a pass removes nothing.
            rewinddir(stream)
        }
        return .empty
    }
}
