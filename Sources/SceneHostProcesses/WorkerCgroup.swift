#if canImport(Glibc)
import Glibc
#endif

/// A cgroup of its own for each scene worker, where the kernel lets this process make one: the
/// worker and everything it starts share one memory limit (tmpfs and memfd pages included, which
/// RLIMIT_AS does not count) and one bound on tasks.
///
/// Used under cgroup v1 (the `memory` and `pids` hierarchies) or v2 (a cgroup whose
/// `cgroup.subtree_control` already enables `memory` and `pids`). The worker makes
/// `scene-host-worker-PID` below this process's own cgroup, sets the limits and moves
/// itself in before any plugin is opened, while it still may (root, or a delegated subtree); the
/// host removes the cgroup when it has reaped the worker, killing whatever is left in it. Where
/// no cgroup can be made, `availability` says why, and the worker keeps only its address-space
/// limit (docs/security.md, "The sandbox around plugin code").
package enum WorkerCgroup {
    /// The tasks (processes and threads) a worker's cgroup may hold: room for the worker's own
    /// threads and a granted plugin's few children, not for a fork bomb.
    package static let taskLimit = 256

    /// The folders of one cgroup, per controller.
    package struct Folders: Equatable, Sendable {
        /// The cgroup the memory limit goes in (v1 `memory`, or the v2 cgroup).
        package let memory: String
        /// The v1 `pids` cgroup; nil under v2, where `memory` holds both.
        let pids: String?
        let isVersion2: Bool
    }

    /// The worker cgroups' parent folders for this process, or why there are none.
    package static func availability() -> Result<Folders, Unavailable> {
        guard let memberships = try? readText("/proc/self/cgroup"), let mounts = try? readText("/proc/self/mountinfo")
        else {
            return .failure(Unavailable(reason: "/proc/self/cgroup cannot be read"))
        }
        let parsed = memberships.split(separator: "\n").compactMap {
            line -> (controllers: [Substring], path: String)? in
            let parts = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3 else { return nil }
            return (parts[1].split(separator: ","), String(parts[2]))
        }
        let mountLines = mounts.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        if let memory = parsed.first(where: { $0.controllers.contains("memory") }),
            let memoryFolder = v1Folder(controller: "memory", path: memory.path, mounts: mountLines)
        {
            let pidsFolder = parsed.first(where: { $0.controllers.contains("pids") }).flatMap {
                v1Folder(controller: "pids", path: $0.path, mounts: mountLines)
            }
            guard let pidsFolder else {
                return .failure(Unavailable(reason: "cgroup v1 has no pids hierarchy mounted"))
            }
            guard access(memoryFolder, W_OK) == 0, access(pidsFolder, W_OK) == 0 else {
                return .failure(
                    Unavailable(
                        reason: "this user may not make cgroups in \(memoryFolder) (root, or a delegated subtree, may)")
                )
            }
            return .success(Folders(memory: memoryFolder, pids: pidsFolder, isVersion2: false))
        }
        if let unified = parsed.first(where: { $0.controllers.isEmpty || $0.controllers == [""] }),
            let mount = mountLines.first(where: { $0.count > 8 && $0[$0.count - 3] == "cgroup2" })
        {
            let folder = joined(mount[4], relative(unified.path, toRoot: mount[3]))
            let enabled = ((try? readText(folder + "/cgroup.subtree_control")) ?? "").split(whereSeparator: {
                $0 == " " || $0 == "\n"
            })
            guard enabled.contains("memory"), enabled.contains("pids") else {
                return .failure(
                    Unavailable(
                        reason:
                            "the cgroup v2 folder \(folder) does not enable the memory and pids controllers for its children"
                    ))
            }
            guard access(folder, W_OK) == 0 else {
                return .failure(
                    Unavailable(
                        reason: "this user may not make cgroups in \(folder) (root, or a delegated subtree, may)"))
            }
            return .success(Folders(memory: folder, pids: nil, isVersion2: true))
        }
        return .failure(Unavailable(reason: "no cgroup memory controller is mounted"))
    }

    /// Why a worker gets no cgroup of its own.
    package struct Unavailable: Error, Equatable, Sendable {
        package let reason: String
    }

    /// The name of worker `pid`'s cgroup below the parent folders.
    package static func name(of pid: pid_t) -> String { "scene-host-worker-\(pid)" }

    /// In the worker, before any plugin is opened: makes its cgroup below `parent`, limits its
    /// memory to `memoryBytes` (swap included where the kernel accounts it) and its tasks to
    /// `taskLimit`, and moves this process in. Anything left half made is removed on failure.
    package static func join(_ parent: Folders, memoryBytes: Int) throws(Unavailable) {
        let pid = getpid()
        let memory = parent.memory + "/" + name(of: pid)
        let pids = parent.pids.map { $0 + "/" + name(of: pid) }
        for folder in [memory] + (pids.map { [$0] } ?? []) {
            guard mkdir(folder, 0o755) == 0 || errno == EEXIST else {
                throw Unavailable(reason: "cannot make \(folder): \(String(cString: strerror(errno)))")
            }
        }
        do throws(Unavailable) {
            if parent.isVersion2 {
                try write("\(memoryBytes)", to: memory + "/memory.max")
                if access(memory + "/memory.swap.max", F_OK) == 0 { try write("0", to: memory + "/memory.swap.max") }
                try write("\(taskLimit)", to: memory + "/pids.max")
                try write("\(pid)", to: memory + "/cgroup.procs")
            } else if let pids {
                try write("\(memoryBytes)", to: memory + "/memory.limit_in_bytes")
                // Memory and swap together: without it the limit only moves pages to swap.
                if access(memory + "/memory.memsw.limit_in_bytes", F_OK) == 0 {
                    try write("\(memoryBytes)", to: memory + "/memory.memsw.limit_in_bytes")
                }
                try write("\(taskLimit)", to: pids + "/pids.max")
                try write("\(pid)", to: memory + "/cgroup.procs")
                try write("\(pid)", to: pids + "/cgroup.procs")
            }
        } catch {
            rmdir(memory)
            if let pids { rmdir(pids) }
            throw error
        }
    }

    /// In the host, once worker `pid` is reaped: kills whatever is left in its cgroup and removes it.
    /// Does nothing where the worker made none.
    package static func remove(workerPID pid: pid_t, parent: Folders) {
        let folders = [parent.memory + "/" + name(of: pid)] + (parent.pids.map { [$0 + "/" + name(of: pid)] } ?? [])
        for folder in folders where access(folder, F_OK) == 0 {
            for attempt in 0..<50 {
                let left = ((try? readText(folder + "/cgroup.procs")) ?? "").split(separator: "\n").compactMap {
                    pid_t($0)
                }
                for task in left { kill(task, SIGKILL) }
                if rmdir(folder) == 0 || errno == ENOENT { break }
                if attempt < 49 { usleep(10_000) }
            }
        }
    }

    private static func v1Folder(controller: String, path: String, mounts: [[String]]) -> String? {
        // mountinfo: ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS ... - TYPE SOURCE SUPER-OPTIONS
        guard
            let mount = mounts.first(where: { fields in
                fields.count > 8 && fields[fields.count - 3] == "cgroup"
                    && fields[fields.count - 1].split(separator: ",").contains(Substring(controller))
            })
        else { return nil }
        return joined(mount[4], relative(path, toRoot: mount[3]))
    }

    private static func relative(_ path: String, toRoot root: String) -> String {
        guard root != "/", path.hasPrefix(root) else { return path }
        return String(path.dropFirst(root.count))
    }

    private static func joined(_ mount: String, _ path: String) -> String {
        path == "/" || path.isEmpty ? mount : mount + (path.hasPrefix("/") ? path : "/" + path)
    }

    private static func readText(_ path: String) throws(Unavailable) -> String {
        guard let file = fopen(path, "r") else { throw Unavailable(reason: "cannot read \(path)") }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func write(_ text: String, to path: String) throws(Unavailable) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw Unavailable(reason: "cannot open \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let written = text.withCString { Glibc.write(descriptor, $0, strlen($0)) }
        guard written == text.utf8.count else {
            throw Unavailable(reason: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }
}
