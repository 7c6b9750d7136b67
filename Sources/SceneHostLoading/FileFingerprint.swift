#if canImport(Glibc)
import Glibc
#endif
import SceneHostCore
import SceneHostNative
import SceneHostContainer
import SceneHostConfig

/// What identifies a plugin file's content for the probe cache: path, size, modification time, hash.
package struct FileFingerprint: Equatable, Sendable {
    package let path: String
    package let size: Int
    /// Modification time in nanoseconds since 1970.
    package let modified: Int64
    package let sha256: String
}

/// A file's identity as `stat` sees it: device, inode, size, modification and change times.
///
/// While all of them are unchanged the content is too (the change time cannot be set back by
/// users), so a start-up can trust a recorded hash without reading the file again.
package struct StatIdentity: Equatable, Sendable {
    package let device: UInt64
    package let inode: UInt64
    package let size: Int
    package let modified: Int64
    package let changed: Int64

    package init(device: UInt64, inode: UInt64, size: Int, modified: Int64, changed: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    /// The identity of the file at `path`, or nil when it cannot be read.
    package init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The identity `stat`/`fstat` reported.
    package init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
    }
}
