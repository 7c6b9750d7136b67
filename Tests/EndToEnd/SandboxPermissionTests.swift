import Foundation
import Testing
@testable import SceneHostProcesses
@testable import SceneHostWorkers
import TestSupport
import SceneSDK

/// Plugin code that tries to outlive its worker, take memory no limit counts, or reach the network
/// (`FixtureHostile`): refused without a grant, each refusal that can be said on standard error
/// said with the permission it needed; with the grants, what it starts still ends with the host.
/// CI runs these as root and as an unprivileged user.
@Suite("Sandbox: processes, memfd and the network need a permission")
struct SandboxPermissionTests {
    static let hostile = BuildProducts.library("FixtureHostile")

    static func config(grant: String? = nil) -> String {
        var text = DemoConfig.config(initial: "Hostile", plugins: [("Hostile", hostile)])
        if let grant { text += "grant = \(grant)\n" }
        return text
    }

    /// The last `result` label a script run printed.
    static func results(_ output: String) -> String {
        output.split(separator: "\n").last { $0.hasPrefix("label   result") }.map(String.init) ?? ""
    }

    /// How the host prints a line of a worker's output (`ChildOutput`).
    static let relayed = "scene-host: plugin output (scene worker): "

    /// The pids a result line names (`pid N`).
    static func pids(in line: String) -> [Int32] {
        let words = line.split(whereSeparator: { $0 == " " || $0 == ";" || $0 == "," })
        return zip(words, words.dropFirst()).compactMap { $0 == "pid" ? Int32($1) : nil }
    }

    @Test(
        "without a grant: fork, posix_spawn, exec, a setsid child, a 3 GiB memfd, forked hogs and an internet socket are refused with EPERM; a local socket pair is not"
    )
    func refusedWithoutGrant() throws {
        let folder = try TemporaryFolder()
        let config = try folder.write(Self.config(), to: "scenes.conf")
        let script = try folder.write(
            ["fork", "spawn", "exec", "setsid", "memfd", "hogs", "net", "unix"].map { "tap \($0)\n" }.joined(),
            to: "attack.script")
        let result = try HostProcess.run(["run", "--config", config, "--script", script])
        #expect(!result.signaled && result.status == 0, "\(result.status) \(result.stderr)")
        let line = Self.results(result.stdout)
        for refused in [
            "fork: refused (EPERM)", "spawn: refused (EPERM)", "exec: refused (EPERM)",
            "setsid: refused at fork (EPERM)",
            "memfd: refused (EPERM)", "hogs: refused (EPERM) after 0", "net: refused (EPERM)", "unix: DONE",
        ] {
            #expect(line.contains(refused), "\(refused) not in: \(line)")
        }
        #expect(!line.contains("fork: DONE") && !line.contains("memfd: DONE") && !line.contains("net: DONE"), "\(line)")
        // The calls the sandbox can name (a trap, not posix_spawn's blocked signals) say which permission they needed.
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                Self.relayed
                    + "scene-host-worker: plugin code called execve, which runs another program: refused (EPERM) without the permission 'start-processes'. A plugin that needs it declares it (ScenePlugin.permissions), and the config grants it: grant = [\"start-processes\"] in the plugin's [plugins.NAME] table"
            ), "\(result.stderr)")
        #expect(
            lines.contains(
                Self.relayed
                    + "scene-host-worker: plugin code called memfd_create: refused (EPERM) to every plugin, since memory in a memfd counts against no address-space limit"
            ), "\(result.stderr)")
        #expect(
            lines.contains(
                Self.relayed
                    + "scene-host-worker: plugin code called socket for an internet address (AF_INET, AF_INET6, AF_PACKET), which reaches the network: refused (EPERM) without the permission 'network'. A plugin that needs it declares it (ScenePlugin.permissions), and the config grants it: grant = [\"network\"] in the plugin's [plugins.NAME] table"
            ), "\(result.stderr)")
    }

    @Test(
        "with the grants: children start, but none leaves the worker's group, memfd stays refused, and nothing started outlives run"
    )
    func grantedChildrenEndWithTheHost() throws {
        let folder = try TemporaryFolder()
        let config = try folder.write(Self.config(grant: "[\"start-processes\", \"network\"]"), to: "scenes.conf")
        let script = try folder.write(
            ["fork", "spawn", "setsid", "memfd", "net"].map { "tap \($0)\n" }.joined(), to: "attack.script")
        let result = try HostProcess.run(["run", "--config", config, "--script", script])
        #expect(!result.signaled && result.status == 0, "\(result.status) \(result.stderr)")
        let line = Self.results(result.stdout)
        #expect(line.contains("fork: DONE pid"), "\(line)")
        #expect(line.contains("spawn: DONE pid"), "\(line)")
        #expect(line.contains("setsid: stayed (EPERM) pid"), "\(line)")
        #expect(line.contains("memfd: refused (EPERM)"), "\(line)")
        #expect(line.contains("net: DONE"), "\(line)")
        let started = Self.pids(in: line)
        #expect(started.count == 3, "\(line)")
        // run has ended: its worker's group went with it, the setsid child's grandchild too.
        #expect(
            Processes.eventually(limit: Slack.scaled(.seconds(1))) { started.allSatisfy { !Processes.isAlive($0) } },
            "still alive after run ended: \(started.filter(Processes.isAlive))")
        #expect(
            result.stderr.contains(
                "scene-host-worker: plugin code called setsid or setpgid: refused (EPERM) to every plugin, so that everything a plugin starts ends with its worker"
            ), "\(result.stderr)")
    }

    @Test("list shows each declared permission and whether it is granted; check warns about one left ungranted")
    func listAndCheckShowPermissions() throws {
        let folder = try TemporaryFolder()
        let config = try folder.write(Self.config(grant: "[\"network\"]"), to: "scenes.conf")
        let list = try HostProcess.run(["list", "--config", config])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(
            list.stdout.contains(
                "    permission  start-processes  not granted (its calls fail with EPERM)\n    permission  network  granted\n"
            ), "\(list.stdout)")
        let check = try HostProcess.run(["check", "--config", config])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(
            check.stderr.contains(
                "\(config):3:1: warning: plugin 'Hostile' declares the permission 'start-processes', which the config does not grant, so the sandbox refuses those calls (EPERM). Grant it if you trust the plugin with it: grant = [\"start-processes\"] in [plugins.Hostile]."
            ), "\(check.stderr)")
        #expect(!check.stderr.contains("permission 'network'"), "\(check.stderr)")
    }

    @Test("a grant the plugin does not declare, or of no permission, is refused at start with its location")
    func undeclaredOrUnknownGrantRefused() throws {
        let folder = try TemporaryFolder()
        let links = BuildProducts.library("FixtureLinks")
        let undeclared = try folder.write(
            DemoConfig.config(initial: "Hostile", plugins: [("Hostile", Self.hostile), ("Links", links)])
                + "grant = [\"network\"]\n", to: "undeclared.conf")
        for command in ["check", "run"] {
            let result = try HostProcess.run([command, "--config", undeclared])
            #expect(result.status == 2, "\(command): \(result.status) \(result.stderr)")
            #expect(
                result.stderr.contains(
                    "\(undeclared):8:9: error: [plugins.Links] grants 'network' to \(links), which does not declare it (it declares none in ScenePlugin.permissions). Remove it from grant: a plugin is granted only what it declares."
                ), "\(command): \(result.stderr)")
        }
        let unknown = try folder.write(Self.config(grant: "[\"netwrok\"]"), to: "unknown.conf")
        let result = try HostProcess.run(["check", "--config", unknown])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "\(unknown):5:9: error: [plugins.Hostile] grants 'netwrok', which is no permission. Did you mean 'network'? Permissions: 'start-processes', 'network'."
            ), "\(result.stderr)")
    }

    @Test(
        "forked hogs of a granted plugin share the worker's memory limit where a cgroup can be made; elsewhere the start says which bound applies"
    )
    func hogsBoundedByTheCgroup() throws {
        let folder = try TemporaryFolder()
        var text =
            DemoConfig.config(initial: "Hostile", plugins: [("Hostile", Self.hostile)])
            + "grant = [\"start-processes\"]\n"
        text = text.replacingOccurrences(
            of: "initial = \"Hostile\"\n", with: "initial = \"Hostile\"\n[host]\nworker-memory = 512\n")
        let config = try folder.write(text, to: "scenes.conf")
        let line = SandboxReport.line(memoryBytes: 512 << 20, grants: [.startProcesses])
        guard case .success = WorkerCgroup.availability() else {
            // No cgroup for this user: the sandbox says so, and each child has only its own address-space limit.
            #expect(
                line.contains("memory: the address-space limit of each process only (RLIMIT_AS 512 MiB; no cgroup: "),
                "\(line)")
            print("SandboxPermissionTests: no cgroup can be made here, so the hogs are not run: \(line)")
            return
        }
        #expect(line.contains("memory: a cgroup per worker below "), "\(line)")
        let script = try folder.write("tap hogs\n", to: "hogs.script")
        let result = try HostProcess.run(["run", "--config", config, "--script", script])
        let results = Self.results(result.stdout)
        // Three children of 900 MiB cannot all live in 512 MiB: the kernel's OOM killer ends them (or the worker).
        #expect(
            !results.contains("3 of 3 alive") && !results.contains("2 of 3 alive") && !results.contains("1 of 3 alive"),
            "\(results)")
        let started = Self.pids(in: results.replacingOccurrences(of: "pids ", with: "pid "))
        #expect(
            Processes.eventually(limit: Slack.scaled(.seconds(1))) { started.allSatisfy { !Processes.isAlive($0) } })
    }
}
