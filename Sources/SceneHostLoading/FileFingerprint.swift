#if canImport(Glibc)
import Glibc
#endif

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
/// users), so a start-up can trust a recorded hash without reading the file again. One exception,
/// "racy" identities (as git calls them): the kernel stamps a change with a coarse clock (a tick,
/// up to 10 ms; a second or two on some file systems), so a file written again within the same
/// tick as the identity was read, at the same size, keeps the same identity with other bytes. An
/// identity read while its change time was that recent (`vouchesForContent`) is therefore never
/// recorded: the next start reads and hashes the file once more. docs/decisions.md, "Performance,
/// round 5", has the threat reasoning.
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

    /// How long before the identity was read its file's last change must be for the identity to
    /// vouch for the content: the coarsest time stamps in use (2 s on FAT, 1 s on some network file
    /// systems) and a server's clock a little behind ours.
    static let racyMarginNanoseconds: Int64 = 5_000_000_000

    /// Whether an unchanged identity later means unchanged bytes: false when the file changed
    /// less than `racyMarginNanoseconds` before `readAt` (the wall clock, in nanoseconds since
    /// 1970, taken just before the `stat` that read this identity).
    func vouchesForContent(readAt: Int64) -> Bool {
        changed < readAt - Self.racyMarginNanoseconds
    }

    /// The wall clock now, in nanoseconds since 1970: take it before the `stat` whose identity it dates.
    package static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
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
