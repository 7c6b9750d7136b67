import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import SceneHostProcesses
import TestSupport
import HostTestSupport
@testable import SceneHostSessions

/// The fifth hostile round (`FixtureHostile`'s `Round5` attacks), each from plugin code in a real
/// worker, as root and as an unprivileged user (CI runs the tests as both): the user's terminal,
/// another process's limits and secrets, the host's environment, kernel objects that outlive the
/// worker, a private folder past PATH_MAX, a killed host's folders, and the whole system call table
/// against docs/security.md's list.
@Suite("Sandbox, round 5: no terminal, no one else's limits or secrets, nothing left behind, an allowlist")
struct SandboxRound5Tests {
    private static func config(_ folder: TemporaryFolder, host: String = "") throws -> String {
        let config = DemoConfig.config(
            initial: "Hostile", plugins: [("Hostile", BuildProducts.library("FixtureHostile"))])
        return try folder.write(config + (host.isEmpty ? "" : "\n[host]\n\(host)\n"), to: "scenes.conf")
    }

    /// The last `result` line a script run printed.
    private static func results(_ stdout: String) -> String {
        stdout.split(separator: "\n").last { $0.hasPrefix("label   result") }.map(String.init) ?? ""
    }

    /// The part of `line` about attack `name` (up to the next "; name:").
    private static func part(_ name: String, of line: String) -> String {
        guard let start = line.range(of: "\(name): ") else { return "" }
        return String(line[start.lowerBound...].prefix { $0 != ";" })
    }

    /// The scene worker of the host `pid` (not a probe child), once it runs.
    private static func worker(of pid: Int32) -> Int32? {
        var found: Int32?
        _ = Processes.eventually(limit: .seconds(60)) {
            // A probe child is scene-host-probe, never scene-host-worker.
            found = Processes.children(of: pid, containing: "scene-host-worker").first
            return found != nil
        }
        return found
    }

    /// Fields of /proc/PID/stat after the command's name: [state, ppid, pgrp, session, tty_nr, …].
    private static func statFields(_ pid: Int32) -> [Substring] {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return [] }
        return stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
    }

    @Test(
        "under a terminal: a worker has no terminal and its own session; TIOCSTI and tcsetpgrp are refused; nothing is typed; run goes on"
    )
    func terminal() throws {
        let folder = try TemporaryFolder()
        let config = try Self.config(folder)
        let host = try TerminalHost(["run", "--config", config], controllingTerminal: true)
        #expect(host.waitFor { $0.contains("== Hostile ==") }, "\(host.screen)\n\(host.stderr)")
        let worker = try #require(Self.worker(of: host.pid))
        let fields = Self.statFields(worker)
        try #require(fields.count > 4)
        #expect(fields[3] == Substring(String(worker)), "the worker leads a session of its own: \(fields)")
        #expect(fields[4] == "0", "the worker has no controlling terminal: \(fields)")
        host.type("tap tiocsti\r")
        #expect(host.waitFor { $0.contains("tiocsti: ") }, "\(host.screen)")
        host.type("tap tcsetpgrp\r")
        #expect(host.waitFor { $0.contains("tcsetpgrp: ") }, "\(host.screen)")
        let screen = host.screen
        // The filter refuses the requests on any descriptor (EPERM), before the kernel looks at it.
        // /dev/tty: no controlling terminal to open (ENXIO), or not a file the sandbox lets it open (EACCES).
        #expect(
            screen.contains("tiocsti: refused (tty E") && screen.contains(", 0 EPERM, 1 EPERM, 2 EPERM)"), "\(screen)")
        #expect(screen.contains("tcsetpgrp: refused (0 EPERM, 1 EPERM, 2 EPERM)"), "\(screen)")
        // Still the host's terminal: run takes the next line and quits as asked.
        host.type("quit\r")
        #expect(host.finish() == 0, "\(host.stderr)")
        // The byte TIOCSTI would push (Ctrl-]) is echoed as "^]" by a terminal that received it.
        #expect(!host.screen.contains("^]"), "\(host.screen)")
    }

    @Test("under a terminal, check's probe and check child tap TIOCSTI too: nothing reaches the terminal")
    func terminalDuringCheck() throws {
        let folder = try TemporaryFolder()
        let config = try Self.config(folder)
        let host = try TerminalHost(["check", "--config", config], controllingTerminal: true)
        #expect(host.finish(limit: .seconds(120)) == 0, "\(host.screen)\n\(host.stderr)")
        #expect(host.screen.contains("check: ok:"), "\(host.screen)")
        #expect(!host.screen.contains("^]"), "\(host.screen)")
    }

    @Test("prlimit on the host and on a sibling worker, SIGKILL to the sibling and reading its environment are refused")
    func siblings() throws {
        let folder = try TemporaryFolder()
        let config = try Self.config(folder)
        let sibling = try PipedHost(["run", "--config", config])
        defer { _ = sibling.finish() }
        #expect(sibling.waitFor("== Hostile =="), "\(sibling.stderr)")
        let target = try #require(Self.worker(of: sibling.pid))
        let script = try folder.write(
            "fill target \(target)\ntap prlimit\ntap prlimit-target\ntap kill-target\ntap environ-target\n",
            to: "attack.script")
        let result = try HostProcess.run(["run", "--config", config, "--script", script])
        #expect(!result.signaled && result.status == 0, "\(result.status) \(result.stderr)")
        let line = Self.results(result.stdout)
        #expect(Self.part("prlimit", of: line) == "prlimit: refused (EPERM)", "\(line)")
        #expect(Self.part("prlimit-target", of: line) == "prlimit-target: refused (EPERM)", "\(line)")
        #expect(Self.part("kill-target", of: line) == "kill-target: refused (EPERM)", "\(line)")
        #expect(Self.part("environ-target", of: line).hasPrefix("environ-target: refused ("), "\(line)")
        // The sibling's limits are its own still, and it answers.
        let limits = (try? String(contentsOfFile: "/proc/\(target)/limits", encoding: .utf8)) ?? ""
        let openFiles = limits.split(separator: "\n").first { $0.hasPrefix("Max open files") } ?? ""
        #expect(!openFiles.isEmpty && !openFiles.contains(" 4 "), "\(openFiles)")
        #expect(Processes.isAlive(target))
        sibling.type("print\n")
        #expect(sibling.waitFor("== Hostile ==", count: 2), "\(sibling.stdout)")
    }

    @Test(
        "plugin code sees the documented short environment: no secret of the host's through getenv or /proc/self/environ"
    )
    func environment() throws {
        let folder = try TemporaryFolder()
        let config = try Self.config(folder)
        let script = try folder.write("tap secrets\n", to: "attack.script")
        let result = try HostProcess.run(
            ["run", "--config", config, "--script", script],
            environment: [
                "PGPASSWORD": "hunter2", "HOSTILE_SECRET": "1", "SCENE_PLUGIN_VISIBLE": "yes",
                "AWS_SECRET_ACCESS_KEY": "k", "LD_PRELOAD": "",
            ])
        #expect(!result.signaled && result.status == 0, "\(result.status) \(result.stderr)")
        let line = Self.results(result.stdout)
        #expect(line.contains("proc clean"), "\(line)")
        let names =
            Self.part("secrets", of: line).components(separatedBy: "names ").last?.components(separatedBy: ";").first?
            .split(separator: ",").map(String.init) ?? []
        #expect(names.contains("SCENE_PLUGIN_VISIBLE") && names.contains("TMPDIR"), "\(names)")
        let fixed: Set<String> = [
            "LANG", "LANGUAGE", "TZ", "LD_LIBRARY_PATH", "PATH", "TMPDIR", "SCENE_HOST_PRIVATE_FOLDER",
            "SCENE_HOST_PROBE_PARENT",
            "SWIFT_BACKTRACE", "MALLOC_ARENA_MAX", "SCENE_HOST_DUMPABLE",
        ]
        let unexpected = names.filter { !fixed.contains($0) && !$0.hasPrefix("LC_") && !$0.hasPrefix("SCENE_PLUGIN_") }
        #expect(unexpected.isEmpty, "names outside the documented list: \(unexpected)")
    }

    @Test("a UNIX-socket connect to a throw-away PostgreSQL's socket is refused: sockets need the network permission")
    func unixSocketToPostgres() throws {
        guard let postgres = try ThrowawayPostgres.start() else {
            ThrowawayPostgres.skip("a UNIX-socket connect to PostgreSQL from plugin code")
            return
        }
        defer { postgres.stop() }
        let temporary = FileManager.default.temporaryDirectory.path
        let socket = ((try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? [])
            .filter { $0.hasPrefix("scene-host-pg-") }
            .map { "\(temporary)/\($0)/cluster/.s.PGSQL.\(postgres.address.port)" }
            .first { FileManager.default.fileExists(atPath: $0) }
        let path = try #require(socket, "the cluster's socket")
        let folder = try TemporaryFolder()
        let config = try Self.config(folder)
        let script = try folder.write("tap unixsocket\n", to: "attack.script")
        let result = try HostProcess.run(
            ["run", "--config", config, "--script", script],
            environment: ["SCENE_PLUGIN_HOSTILE_SOCKET": path, "PGPASSWORD": "secret"])
        #expect(!result.signaled && result.status == 0, "\(result.status) \(result.stderr)")
        #expect(
            Self.part("unixsocket", of: Self.results(result.stdout)) == "unixsocket: refused (EPERM)",
            "\(result.stdout)")
    }

    /// The SysV shared memory segments and message queues a process made or last used (their
    /// creator or last sender is named in /proc/sysvipc; semaphores name no process).
    private static func sysvObjects(of pid: Int32) -> [String] {
        ["shm", "msg"].flatMap { kind -> [String] in
            let lines = ((try? String(contentsOfFile: "/proc/sysvipc/\(kind)", encoding: .utf8)) ?? "").split(
                separator: "\n")
            guard let header = lines.first?.split(separator: " ") else { return [] }
            let columns = ["cpid", "lspid"].compactMap { header.firstIndex(of: Substring($0)) }
            return lines.dropFirst().filter { line in
                let fields = line.split(separator: " ")
                return columns.contains { $0 < fields.count && fields[$0] == Substring(String(pid)) }
            }.map { "\(kind): \($0)" }
        }
    }

    @Test(
        "SysV IPC, keyrings, netlink and vsock sockets, perf_event_open and userfaultfd are refused; the worker made no SysV object"
    )
    func kernelObjects() throws {
        let folder = try TemporaryFolder()
        let config = try Self.config(folder)
        let host = try PipedHost(["run", "--config", config])
        #expect(host.waitFor("== Hostile =="), "\(host.stderr)")
        let worker = try #require(Self.worker(of: host.pid))
        let attacks = ["sysv", "keyring", "netlink", "vsock", "perf", "userfaultfd"]
        host.type(attacks.map { "tap \($0)\n" }.joined())
        #expect(host.waitFor("userfaultfd: "), "\(host.stdout)")
        // Counted while the worker still lives (its objects would outlive it).
        #expect(Self.sysvObjects(of: worker).isEmpty, "\(Self.sysvObjects(of: worker))")
        #expect(host.finish() == 0, "\(host.stderr)")
        let line = Self.results(host.stdout)
        #if arch(x86_64)
        #expect(Self.part("sysv", of: line) == "sysv: refused (shm ENOSYS, msg ENOSYS, sem ENOSYS)", "\(line)")
        #expect(Self.part("keyring", of: line) == "keyring: refused (ENOSYS)", "\(line)")
        #expect(Self.part("perf", of: line) == "perf: refused (ENOSYS)", "\(line)")
        #expect(Self.part("userfaultfd", of: line) == "userfaultfd: refused (ENOSYS)", "\(line)")
        #endif
        #expect(Self.part("netlink", of: line) == "netlink: refused (EPERM)", "\(line)")
        #expect(Self.part("vsock", of: line) == "vsock: refused (EPERM)", "\(line)")
    }

    @Test("a private folder nested twice past PATH_MAX by plugin code is gone when the worker is")
    func deepPrivateFolder() throws {
        let folder = try TemporaryFolder()
        let config = try Self.config(folder)
        let script = try folder.write("tap deeptmp\n", to: "attack.script")
        let result = try HostProcess.run(["run", "--config", config, "--script", script])
        #expect(!result.signaled && result.status == 0, "\(result.status) \(result.stderr)")
        let part = Self.part("deeptmp", of: Self.results(result.stdout))
        #expect(part.hasPrefix("deeptmp: DONE depth 50 (10050 bytes) in /"), "\(part)")
        let tmp = String(part.split(separator: " ").last ?? "")
        #expect(tmp.contains("/scene-host-child-"), "\(part)")
        #expect(access(tmp, F_OK) != 0, "\(tmp) is still there")
    }

    @Test("a host killed with SIGKILL leaves its workers' folders; the next start removes them, never a running host's")
    func staleFoldersOfAKilledHost() throws {
        let folder = try TemporaryFolder()
        let config = try Self.config(folder)
        let tmp = try folder.makeFolder("tmp")
        let privateFolders = {
            ((try? FileManager.default.contentsOfDirectory(atPath: tmp)) ?? []).filter {
                $0.hasPrefix("scene-host-child-")
            }.sorted()
        }
        let backdate = { (name: String) in
            var times = [
                timespec(tv_sec: time(nil) - 7200, tv_nsec: 0), timespec(tv_sec: time(nil) - 7200, tv_nsec: 0),
            ]
            _ = utimensat(AT_FDCWD, "\(tmp)/\(name)", &times, 0)
        }
        // A host that is killed: its worker ends with it (its channel closed), its folder stays.
        let killed = try PipedHost(["run", "--config", config], environment: ["TMPDIR": tmp])
        #expect(killed.waitFor("== Hostile =="), "\(killed.stderr)")
        let worker = try #require(Self.worker(of: killed.pid))
        let left = privateFolders()
        #expect(!left.isEmpty)
        kill(killed.pid, SIGKILL)
        _ = killed.finish()
        #expect(Processes.eventually(limit: .seconds(60)) { !Processes.isAlive(worker) })
        #expect(privateFolders() == left, "a killed host cannot remove its folders")
        // A running host, whose folder looks just as old.
        let running = try PipedHost(["run", "--config", config], environment: ["TMPDIR": tmp])
        defer { _ = running.finish() }
        #expect(running.waitFor("== Hostile =="), "\(running.stderr)")
        let live = Set(privateFolders()).subtracting(left)
        #expect(!live.isEmpty)
        for name in privateFolders() { backdate(name) }
        let check = try HostProcess.run(["check", "--config", config], environment: ["TMPDIR": tmp])
        #expect(check.status == 0, "\(check.stderr)")
        let after = Set(privateFolders())
        #expect(after.isDisjoint(with: left), "the killed host's folders are removed: \(after)")
        #expect(live.isSubset(of: after), "the running host's folder is kept: \(after)")
        running.type("print\n")
        #expect(running.waitFor("== Hostile ==", count: 2))
    }

    #if arch(x86_64)
    @Test(
        "the whole system call table from plugin code: nothing outside docs/security.md's list passes, and the list passes"
    )
    func syscallTable() throws {
        let folder = try TemporaryFolder()
        let config = try Self.config(folder)
        let script = try folder.write("tap syscalls\n", to: "attack.script")
        let result = try HostProcess.run(["run", "--config", config, "--script", script])
        #expect(!result.signaled && result.status == 0, "\(result.status) \(result.stderr)")
        let line = Self.results(result.stdout)
        let part = line.range(of: "syscalls: ").map { String(line[$0.lowerBound...]) } ?? ""
        let numbers = { (label: String) -> Set<Int32> in
            Set(
                (part.components(separatedBy: label).dropFirst().first?.split(whereSeparator: { $0 == " " || $0 == ";" }
                ).first ?? "")
                .split(separator: ",").compactMap { Int32($0) })
        }
        let passed = numbers("passed "), skipped = numbers("skipped ")
        #expect(passed.count > 150, "\(part)")
        let allowed = Set(Sandbox.allowedCalls.map(\.number))
        // ioctl passes with these arguments (it is refused for terminal requests only).
        let outside = passed.subtracting(allowed).subtracting([16 /* ioctl */])
        #expect(outside.isEmpty, "passed although not on the list: \(outside.sorted())")
        // map_shadow_stack: ENOSYS from a kernel built without user shadow stacks.
        let missing = allowed.subtracting(passed).subtracting(skipped).subtracting([453])
        #expect(missing.isEmpty, "on the list but refused: \(missing.sorted())")
    }
    #endif
}
