import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport

/// A host killed while a plugin hangs in its probe leaves nothing behind: the probe child watches
/// its parent and ends its process group with it (`ParentWatch`). Before, every killed `check` of
/// a hanging plugin left a probe running for good.
@Suite("Probe children end with a killed host (end to end)")
struct ProbeOrphanTests {
    @Test("SIGKILL to check while a plugin hangs in its probe: the probe ends too")
    func killedHost() throws {
        let folder = try TemporaryFolder()
        let library = try PluginCopies.copy("FixtureHang", to: "libOrphanHang.so", in: folder)
        let config = try folder.write(DemoConfig.config(plugins: [("Hang", library)]), to: "scenes.conf")
        let host = try PipedHost(["check", "--in-process", "--config", config, "--probe-timeout", "300"])
        // The probe names its plugin in its start file, not its command line: found as the host's child.
        var probes: [Int32] = []
        #expect(
            Processes.eventually(limit: .seconds(60)) {
                probes = Processes.children(of: host.pid, containing: "scene-host-probe"); return !probes.isEmpty
            },
            "the probe never started")
        kill(host.pid, SIGKILL)
        _ = host.finish(limit: .seconds(10))
        let running = {
            probes.filter { pid in
                (FileManager.default.contents(atPath: "/proc/\(pid)/cmdline")).map {
                    String(decoding: $0, as: UTF8.self).contains("scene-host-probe")
                } ?? false
            }
        }
        let gone = Processes.eventually(limit: .seconds(20)) { running().isEmpty }
        #expect(
            gone,
            "a probe outlived its host: \(running().map { pid in (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8))?.split(separator: "\n").prefix(8).joined(separator: " ") ?? "" })"
        )
        for pid in running() { kill(pid, SIGKILL) }
    }
}
