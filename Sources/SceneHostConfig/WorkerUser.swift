#if canImport(Glibc)
import Glibc
#endif
import SceneHostCore

/// `[host] worker-user`: the unprivileged user scene workers run as, resolved once by the host.
///
/// Only a host started by root can hand its workers to another user: each worker enters its
/// cgroup and reads what it needs as root, then, just before its first plugin is opened, becomes
/// this user (`WorkerSetup.confiningOnFirstOpen`). Probes and the check child keep the host's user
/// (without capabilities): they write nothing but their result.
package struct WorkerUser: Sendable, Equatable {
    package let name: String
    package let uid: UInt32
    package let gid: UInt32

    package init(name: String, uid: UInt32, gid: UInt32) {
        self.name = name
        self.uid = uid
        self.gid = gid
    }

    /// The user `name`, or the reason it cannot be used, at `location`; `hostIsRoot` is whether this
    /// host may change user at all.
    package static func resolve(
        _ name: String, at location: SourceLocation, hostIsRoot: Bool = geteuid() == 0
    ) throws(ConfigError) -> WorkerUser {
        var entry = passwd()
        var found: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16 << 10)
        let status = getpwnam_r(name, &entry, &buffer, buffer.count, &found)
        guard status == 0, found != nil else {
            throw .configUnknownUser(location, name: name, known: knownNames())
        }
        guard entry.pw_uid != 0 else {
            throw .configInvalidValue(
                location, key: "worker-user", value: name,
                expected: "the name of an unprivileged user (not root): the worker leaves root's powers behind")
        }
        guard hostIsRoot else { throw .configWorkerUserNeedsRoot(location, name: name) }
        return WorkerUser(name: name, uid: entry.pw_uid, gid: entry.pw_gid)
    }

    /// The names of the users this system knows, for did-you-mean.
    private static func knownNames() -> [String] {
        guard let file = fopen("/etc/passwd", "r") else { return [] }
        defer { fclose(file) }
        var names: [String] = []
        var line = [CChar](repeating: 0, count: 1024)
        while names.count < 10_000, fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if let colon = text.firstIndex(of: ":") { names.append(String(text[..<colon])) }
        }
        return names
    }
}
