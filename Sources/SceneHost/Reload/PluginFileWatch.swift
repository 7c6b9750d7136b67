#if canImport(Glibc)
import Glibc
#endif
import SceneHostCore
import SwiftOverlayShims

/// `--watch`: the plugin files of a config, watched with inotify for a new build.
///
/// Each file's folder is watched, not the file: a build replaces a library (the linker writes a
/// new file, or truncates and rewrites the old one), and a watch on the old file's inode would miss
/// the first. A plugin path that is a symbolic link is watched in its own folder and in its
/// target's. Events only say that something happened; what changed is decided by each file's
/// identity (device, inode, size, modification time) against the build the host last took
/// (`accept`), so an event for another file of a folder, or a file written back unchanged, reloads
/// nothing.
///
/// Not thread-safe: used by one watcher at a time (`run`: the main actor; `serve`: its watch thread).
package final class PluginFileWatch {
    /// A watched plugin: its config name and path (as the config resolves it).
    package struct WatchedFile: Equatable, Sendable {
        package let name: String
        package let path: String

        package init(name: String, path: String) {
            self.name = name
            self.path = path
        }
    }

    /// Readable when events are waiting (`poll` it with other input).
    package let descriptor: Int32
    private let plugins: [WatchedFile]
    /// Watch descriptor -> the file names watched in its folder.
    private var names: [Int32: Set<String>] = [:]
    /// Each plugin's file identity as last taken (nil: it could not be read then).
    private var identities: [String: FileIdentity?] = [:]

    /// Watches the folders of `plugins`' files; throws when the kernel refuses a watch (its limit
    /// of watches, a folder that cannot be read).
    package init(plugins: [WatchedFile]) throws(ReloadError) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw .cannotWatch(path: plugins.first?.path ?? "", reason: String(cString: strerror(errno)))
        }
        self.descriptor = descriptor
        self.plugins = plugins
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_ATTRIB | IN_MODIFY)
        for plugin in plugins {
            for path in Self.watchedPaths(of: plugin.path) {
                let (folder, name) = Self.split(path)
                let watch = inotify_add_watch(descriptor, folder, mask)
                guard watch >= 0 else {
                    let reason = String(cString: strerror(errno))
                    close(descriptor)
                    throw .cannotWatch(path: folder, reason: reason)
                }
                names[watch, default: []].insert(name)
            }
        }
        accept()
    }

    deinit { close(descriptor) }

    /// Takes every file's identity now as the build the host runs (after a reload, or a refused one:
    /// a refused build is tried again only when its file changes again).
    package func accept() {
        for plugin in plugins { identities[plugin.path] = FileIdentity(path: plugin.path) }
    }

    /// Reads every waiting event; true when one is about a watched file.
    package func drain() -> Bool {
        var touched = false
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return touched }
            var offset = 0
            // struct inotify_event: wd (int), mask, cookie, len (uint32), then `len` bytes of NUL-padded name.
            while offset + 16 <= count {
                let watch = Self.int32(buffer, at: offset)
                let length = Int(Self.int32(buffer, at: offset + 12))
                let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                if names[watch]?.contains(name) == true { touched = true }
                // The kernel's queue overflowed (IN_Q_OVERFLOW, on no watch): events were lost, so
                // every file counts as touched and `changed` decides from the files themselves.
                if watch == -1 { touched = true }
                // The whole folder's watch went away (IN_IGNORED, name empty): its files count as touched.
                if length == 0, names[watch] != nil { touched = true }
                offset += 16 + length
            }
        }
    }

    /// Waits until no event about a watched file came for `quiet` (a build writes a library in
    /// steps), draining as it goes.
    package func waitUntilQuiet(_ quiet: Duration) {
        let milliseconds = Int32(max(1, quiet.wholeMilliseconds))
        while true {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return }
            // Events of other files of the folder do not hold the reload back.
            if !drain() { continue }
        }
    }

    /// Waits (blocking) until an event about a watched file arrives.
    func waitForEvent() {
        while true {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, -1)
            if ready < 0, errno == EINTR { continue }
            if ready > 0, drain() { return }
        }
    }

    /// The plugins whose file differs from the build last taken, in the config's order.
    package func changed() -> [WatchedFile] {
        plugins.filter { identities[$0.path] != .some(FileIdentity(path: $0.path)) }
    }

    /// `path`, and its target when it is a symbolic link.
    private static func watchedPaths(of path: String) -> [String] {
        guard let resolved = realpath(path, nil) else { return [path] }
        defer { free(resolved) }
        let target = String(cString: resolved)
        return target == path ? [path] : [path, target]
    }

    private static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    private static func int32(_ bytes: [UInt8], at offset: Int) -> Int32 {
        var value: Int32 = 0
        withUnsafeMutableBytes(of: &value) { $0.copyBytes(from: bytes[offset..<(offset + 4)]) }
        return value
    }
}

/// What tells one build of a file from the next without reading it: `stat`'s device, inode, size
/// and modification time (nanoseconds).
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modified: Int64

    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
    }
}
