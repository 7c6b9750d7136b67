#if canImport(Glibc)
import Glibc
#endif
import SceneHostRecordCodec
import SceneHostFileTrust
import SceneHostCore

/// The user's secret key that seals the probe cache and the start-up cache (`CacheSeal`): 32
/// random bytes in `<probe cache>.key`, created on first use and never rewritten.
///
/// It is created 0600 under a private temporary name (`mkstemp`) and linked into place (`link`
/// fails when the name exists), so concurrent first runs agree on one key and none reads a key
/// half written. A key others could read or change is no secret: a key that is a link, not a
/// regular file, not owned by the user running the host, open to its group or others, or not
/// exactly 32 bytes is `untrusted`, and the caches are then neither read nor written in this run,
/// as for an untrusted cache file (`HostWarning.untrustedCacheKey`).
///
/// It keeps out whoever may write the cache but not read the user's files; whoever can read the
/// user's files (the user's own processes, plugin code among them, and root) reads the key too.
package enum CacheKey {
    /// Why there is no key to seal with in this run.
    package enum Problem: Error, Equatable, Sendable {
        /// The key file is there but is no secret of this user's; `fix` makes it one.
        case untrusted(reason: String, fix: String)
        /// There is none and none can be made, or it cannot be read: `reason` says which and why.
        case unavailable(reason: String)
    }

    /// The key file of the probe cache at `probeCache`.
    package static func path(forProbeCache probeCache: String) -> String {
        probeCache + ".key"
    }

    /// The seal made from the key beside `probeCache`, creating the key when there is none. The
    /// cache's folder must exist (`CacheFile.trustProblem` makes it and checks it first).
    package static func seal(forProbeCache probeCache: String, userID: uid_t = geteuid()) -> Result<CacheSeal, Problem>
    {
        let path = path(forProbeCache: probeCache)
        switch read(path, userID: userID) {
        case .success(let key): return .success(CacheSeal(key: key))
        case .failure(.unavailable(let reason)) where reason == missing:
            if let problem = create(path) { return .failure(problem) }
            return read(path, userID: userID).map(CacheSeal.init(key:))
        case .failure(let problem): return .failure(problem)
        }
    }

    /// The reason `read` gives for a key that is not there (`seal` then creates it).
    private static let missing = "is missing"

    /// The key's bytes, checked on the open descriptor (not following a last link).
    private static func read(_ path: String, userID: uid_t) -> Result<[UInt8], Problem> {
        let renew = "rm \(path) (the next run creates a new key, and probes every plugin once again)"
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            var info = stat()
            let examined = lstat(path, &info) == 0
            if code == ENOENT { return .failure(.unavailable(reason: missing)) }
            if code == ELOOP || (examined && info.st_mode & S_IFMT == S_IFLNK) {
                return .failure(.untrusted(reason: "a symbolic link", fix: renew))
            }
            if examined, info.st_uid != userID {
                return .failure(
                    .untrusted(reason: "owned by user \(info.st_uid), not by you (user \(userID))", fix: renew))
            }
            return .failure(.unavailable(reason: "cannot be read (\(String(cString: strerror(code))))"))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            return .failure(.unavailable(reason: "cannot be examined (\(String(cString: strerror(errno))))"))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            return .failure(
                .untrusted(
                    reason: "\(FileTrust.kind(of: info.st_mode)), not a regular file",
                    fix: "remove \(path) (the next run creates a new key, and probes every plugin once again)"))
        }
        guard info.st_uid == userID else {
            return .failure(.untrusted(reason: "owned by user \(info.st_uid), not by you (user \(userID))", fix: renew))
        }
        guard info.st_mode & 0o077 == 0 else {
            return .failure(
                .untrusted(
                    reason: "\(openness(info.st_mode)) (mode \(Self.octal(info.st_mode & 0o7777)))",
                    fix: renew))
        }
        var bytes = [UInt8](repeating: 0, count: CacheSeal.size + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.read(descriptor, base + count, buffer.count - count)
            }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else {
                return .failure(.unavailable(reason: "cannot be read (\(String(cString: strerror(errno))))"))
            }
            if got == 0 { break }
            count += got
        }
        guard count == CacheSeal.size, info.st_size == CacheSeal.size else {
            let size = max(Int(info.st_size), count)
            return .failure(.untrusted(reason: "\(size) bytes long, not \(CacheSeal.size)", fix: renew))
        }
        return .success(Array(bytes.prefix(CacheSeal.size)))
    }

    /// `mode` in four octal digits, as `ls` and `chmod` write it ("0644").
    static func octal(_ mode: mode_t) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// "readable by its group and writable by every user": who besides the owner may do what.
    private static func openness(_ mode: mode_t) -> String {
        var parts: [String] = []
        for (readBit, writeBit, who) in [(S_IRGRP, S_IWGRP, "its group"), (S_IROTH, S_IWOTH, "every user")] {
            switch (mode & readBit != 0, mode & writeBit != 0) {
            case (true, true): parts.append("readable and writable by \(who)")
            case (true, false): parts.append("readable by \(who)")
            case (false, true): parts.append("writable by \(who)")
            case (false, false): continue
            }
        }
        return parts.isEmpty ? "executable by its group or others" : parts.joined(separator: " and ")
    }

    /// Writes a new key under a temporary name and links it into place; nil when the key is
    /// there now (this run's, or a concurrent run's that linked first).
    private static func create(_ path: String) -> Problem? {
        var template = Array((SettingsCheck.folder(of: path) + "/.key.XXXXXX").utf8CString)
        let temporary = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard temporary >= 0 else {
            return .unavailable(reason: "is missing and cannot be created (\(String(cString: strerror(errno))))")
        }
        let temporaryPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(temporaryPath) }
        fchmod(temporary, 0o600)
        var generator = SystemRandomNumberGenerator()
        let key = (0..<CacheSeal.size).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let written = key.withUnsafeBytes { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            return Glibc.write(temporary, base, buffer.count)
        }
        let code = errno
        let synced = written == CacheSeal.size && fsync(temporary) == 0
        close(temporary)
        guard synced else {
            return .unavailable(
                reason:
                    "is missing and cannot be written in its folder (\(String(cString: strerror(written < 0 ? code : errno))))"
            )
        }
        guard link(temporaryPath, path) == 0 || errno == EEXIST else {
            return .unavailable(reason: "is missing and cannot be created (\(String(cString: strerror(errno))))")
        }
        return nil
    }
}
