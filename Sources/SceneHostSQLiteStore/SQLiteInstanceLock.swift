#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization

/// How the instances of one SQLite session store know which of them are running (`SessionStore`, "Who
/// holds a claim"): each holds an exclusive `flock` on a small file of its own beside the database,
/// `DATABASE-instance-IDENTITY` (its identity as 16 hex digits), from when its store is opened until it
/// is closed. The kernel lets go of the lock the moment the process ends, however it ends (`kill -9`
/// included), so "is instance X running?" is "is X's lock held?", answered at once and never wrong
/// for a process on this machine (SQLite's file locking assumes one machine anyway).
///
/// The file is made under another name and renamed into place once locked, so a file under its final
/// name is locked for as long as its instance runs: one found unlocked (or missing) is a dead
/// instance's, and is removed by whoever finds it (`isRunning`, `sweep`). The descriptor is
/// close-on-exec: a child (a scene worker) never holds it on after the instance is gone. The files are
/// made 0600 in the database's folder, which `SessionStoreFile` trusts (writable by this user only).
final class SQLiteInstanceLock: Sendable {
    /// This instance's identity as a claim's holder: random, positive, never 0 (0 names no holder).
    let identity: Int64
    /// The locked file (`DATABASE-instance-IDENTITY`).
    let path: String
    /// The locked descriptor; -1 once let go of.
    private let descriptor: Mutex<Int32>

    /// Makes and locks this instance's file beside `database`; the reason it could not, otherwise.
    init(beside database: String) throws(LockFailure) {
        var identity: Int64 = 0
        var descriptor: Int32 = -1
        var path = ""
        // A name already taken (by chance, one in 2^63) is drawn again.
        for _ in 0..<8 where descriptor < 0 {
            identity = Int64.random(in: 1...Int64.max)
            path = Self.path(of: identity, beside: database)
            let making = path + ".new"
            let opened = open(making, O_CREAT | O_EXCL | O_RDWR | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if opened < 0 {
                if errno == EEXIST { continue }
                throw LockFailure(reason: "cannot make \(making): \(String(cString: strerror(errno)))")
            }
            fchmod(opened, 0o600)
            guard flock(opened, LOCK_EX | LOCK_NB) == 0, rename(making, path) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(making)
                close(opened)
                throw LockFailure(reason: "cannot lock \(path): \(reason)")
            }
            descriptor = opened
        }
        guard descriptor >= 0 else { throw LockFailure(reason: "no free name for an instance lock beside \(database)") }
        self.identity = identity
        self.path = path
        self.descriptor = Mutex(descriptor)
    }

    deinit {
        end(removingFile: true)
    }

    /// Lets go of the lock: with `removingFile`, as a store closing does; without, as a process that
    /// was killed leaves it (the file stays, unlocked). Later calls do nothing.
    func end(removingFile: Bool) {
        descriptor.withLock { descriptor in
            guard descriptor >= 0 else { return }
            // Removed while still locked: a file under the final name is never seen unlocked while it runs.
            if removingFile { unlink(path) }
            close(descriptor)
            descriptor = -1
        }
    }

    /// Whether the instance `identity` of the store at `database` is running: its file is there and
    /// locked. A file found unlocked is removed (its instance is gone); one that cannot be opened for
    /// another reason than being missing counts as running (the safe side: the lease still applies).
    static func isRunning(_ identity: Int64, beside database: String) -> Bool {
        let path = Self.path(of: identity, beside: database)
        let opened = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard opened >= 0 else { return errno != ENOENT }
        defer { close(opened) }
        // Shared, so that two instances looking at once do not take each other for the holder.
        // Held (EWOULDBLOCK), or the lock cannot be asked for: running, or the safe side.
        guard flock(opened, LOCK_SH | LOCK_NB) == 0 else { return true }
        unlink(path)
        return false
    }

    /// Removes the files of instances of the store at `database` that are no longer running (killed
    /// ones leave theirs): at start, so the folder does not gather them.
    static func sweep(beside database: String) {
        let url = URL(fileURLWithPath: database)
        let folder = url.deletingLastPathComponent().path
        let prefix = url.lastPathComponent + "-instance-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(prefix) {
            let hex = name.dropFirst(prefix.count)
            guard hex.count == 16, let identity = UInt64(hex, radix: 16).map({ Int64(bitPattern: $0) }), identity > 0
            else { continue }
            _ = isRunning(identity, beside: database)
        }
    }

    /// The file of instance `identity` beside `database`.
    static func path(of identity: Int64, beside database: String) -> String {
        let hex = String(UInt64(bitPattern: identity), radix: 16)
        return database + "-instance-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Why an instance's lock could not be made.
    struct LockFailure: Error {
        let reason: String
    }
}
