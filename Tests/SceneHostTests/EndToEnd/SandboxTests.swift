import Foundation
import Testing

/// Plugin code in a scene worker attacks the host that started it (`FixtureHostile`): ptrace, its
/// memory through /proc, its descriptors through pidfd_getfd, SIGKILL. Each is refused, as root and
/// as an unprivileged user (CI runs the tests as both), and the host goes on.
@Suite("Sandbox: plugin code cannot touch the host")
struct SandboxTests {
    @Test("ptrace, /proc/PID/mem, pidfd_getfd and kill against the host are refused from a worker; the host runs on and exits 0")
    func attacksRefused() throws {
        let folder = try TemporaryFolder()
        let config = try folder.write(DemoConfig.config(initial: "Hostile", plugins: [("Hostile", BuildProducts.library("FixtureHostile"))]), to: "scenes.conf")
        let script = try folder.write("tap ptrace\ntap mem\ntap getfd\ntap kill\n", to: "attack.script")
        let result = try HostProcess.run(["run", "--config", config, "--script", script])
        #expect(!result.signaled && result.status == 0, "\(result.status) \(result.stderr)")
        let line = result.stdout.split(separator: "\n").last { $0.hasPrefix("label   result") }.map(String.init) ?? ""
        #expect(line.contains("ptrace: refused (EPERM)"), "\(line)")
        #expect(line.contains("mem: refused (EACCES)") || line.contains("mem: refused (EPERM)"), "\(line)")
        #expect(line.contains("getfd: refused (EPERM)"), "\(line)")
        #expect(line.contains("kill: refused (EPERM)"), "\(line)")
        #expect(!line.contains("DONE"), "\(line)")
    }

    @Test("the host is not dumpable: a process of the same user cannot open its memory (unless SCENE_HOST_DUMPABLE=1)")
    func hostNotDumpable() throws {
        let folder = try TemporaryFolder()
        let config = try folder.write(DemoConfig.config(initial: "Hostile", plugins: [("Hostile", BuildProducts.library("FixtureHostile"))]), to: "scenes.conf")
        for (environment, dumpable) in [([String: String](), "0"), (["SCENE_HOST_DUMPABLE": "1"], "1")] {
            let host = try PipedHost(["run", "--config", config], environment: environment)
            defer { _ = host.finish() }
            #expect(host.waitFor("== Hostile ==", count: 1))
            // /proc/PID/status is readable by anyone; its "Dumpable"-free way: the owner of /proc/PID/mem is root when not dumpable.
            let status = (try? String(contentsOfFile: "/proc/\(host.pid)/status", encoding: .utf8)) ?? ""
            #expect(!status.isEmpty)
            var info = stat()
            #expect(stat("/proc/\(host.pid)/mem", &info) == 0)
            let ownedByRoot = info.st_uid == 0
            #expect(dumpable == "0" ? ownedByRoot : info.st_uid == getuid(), "dumpable \(dumpable): /proc/PID/mem owned by \(info.st_uid)")
        }
    }
}
