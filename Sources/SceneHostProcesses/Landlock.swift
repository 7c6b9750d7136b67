#if canImport(Glibc)
import Glibc
#endif
import CSyscalls

/// Which files a process that runs plugin code may open, enforced by the kernel (Landlock).
///
/// A process restricts itself once, just before its first plugin library is opened; every rule
/// must be known then, since a Landlock domain is never widened again. A path opened against
/// the rules fails with EACCES (descriptors already open stay usable: the worker's channel, its
/// standard streams). Where the kernel offers no Landlock (`abi` 0) nothing is restricted and
/// the host says so at start (`SandboxReport`).
package enum Landlock {
    /// What a rule allows on a path (beneath it, for a folder).
    package struct Access: OptionSet, Sendable, Hashable {
        package let rawValue: UInt64
        package init(rawValue: UInt64) { self.rawValue = rawValue }

        /// Run a file (map it executable: a library).
        package static let execute = Access(rawValue: 1 << 0)
        /// Open files for reading and list folders.
        package static let read = Access(rawValue: 1 << 2 | 1 << 3)
        /// Open files for writing and truncate them.
        package static let write = Access(rawValue: 1 << 1 | 1 << 14)
        /// Create regular files and remove files.
        package static let createFiles = Access(rawValue: 1 << 8 | 1 << 5)
        /// Create and remove folders and symbolic links (the private folder a library is opened through).
        package static let createLinks = Access(rawValue: 1 << 7 | 1 << 4 | 1 << 12 | 1 << 5)
        /// Use a device's ioctl (a terminal, /dev/null's).
        package static let deviceControl = Access(rawValue: 1 << 15)
    }

    /// One path and what it allows.
    package struct Rule: Sendable, Hashable {
        package let path: String
        package let access: Access

        package init(_ path: String, _ access: Access) {
            self.path = path
            self.access = access
        }
    }

    /// The Landlock ABI this kernel offers; 0 where it offers none.
    package static var abi: Int { Int(scene_host_landlock_abi()) }

    /// Restricts this process (and what it starts) to `rules`; a rule whose path does not exist is
    /// left out. Returns false, doing nothing, when the kernel offers no Landlock. Needs
    /// `PR_SET_NO_NEW_PRIVS` (`Sandbox.confine`) first.
    @discardableResult
    package static func restrict(to rules: [Rule]) throws(Sandbox.Failure) -> Bool {
        let abi = scene_host_landlock_abi()
        guard abi > 0 else { return false }
        let ruleset = scene_host_landlock_ruleset(abi)
        guard ruleset >= 0 else {
            throw Sandbox.Failure(reason: "cannot create its Landlock ruleset (\(String(cString: strerror(errno))))")
        }
        for rule in merged(rules) where scene_host_landlock_allow(ruleset, rule.path, rule.access.rawValue, abi) != 0 {
            let error = errno
            // Missing or unreachable paths (a library folder this system does not have) allow nothing.
            guard error != ENOENT && error != ENOTDIR && error != EACCES else { continue }
            close(ruleset)
            throw Sandbox.Failure(
                reason: "cannot allow \(rule.path) in its Landlock ruleset (\(String(cString: strerror(error))))")
        }
        guard scene_host_landlock_restrict(ruleset) == 0 else {
            throw Sandbox.Failure(reason: "cannot enforce its Landlock ruleset (\(String(cString: strerror(errno))))")
        }
        return true
    }

    /// `rules` with one rule per path, allowing the union of what every rule for it allows, in the
    /// order each path first came: a worker of a thousand plugins in one folder adds that folder
    /// once, not a thousand times (each addition opens the path).
    static func merged(_ rules: [Rule]) -> [Rule] {
        var access: [String: Access] = [:]
        var paths: [String] = []
        for rule in rules {
            if let known = access[rule.path] {
                access[rule.path] = known.union(rule.access)
            } else {
                access[rule.path] = rule.access
                paths.append(rule.path)
            }
        }
        return paths.map { Rule($0, access[$0] ?? []) }
    }

    /// The folders of every file mapped into this process (the Swift runtime's libraries, wherever
    /// the toolchain put them), read from `/proc/self/maps` before the process is restricted.
    package static func mappedFolders() -> [String] {
        guard let file = fopen("/proc/self/maps", "r") else { return [] }
        defer { fclose(file) }
        var folders = Set<String>()
        var line = [CChar](repeating: 0, count: 4096)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard let slash = text.firstIndex(of: "/") else { continue }
            var path = text[slash...]
            if path.hasSuffix("\n") { path = path.dropLast() }
            guard !path.hasSuffix(" (deleted)"), let last = path.lastIndex(of: "/"), last != path.startIndex else {
                continue
            }
            folders.insert(String(path[..<last]))
        }
        return folders.sorted()
    }
}
