import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// A host killed while a plugin hangs in its probe leaves nothing behind: the probe child watches
/// its parent and ends its process group with it (`ParentWatch`). Before, every killed `check` of
/// a hanging plugin left a probe running for good.
@Suite("Probe children end with a killed host (end to end)")
struct ProbeOrphanTests {
    /// The processes whose command line names `path` (a zombie's is empty: it is not counted).
    static func processes(naming path: String) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let bytes = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            return String(decoding: bytes, as: UTF8.self).contains(path)
        }
    }

    @Test("SIGKILL to check while a plugin hangs in its probe: the probe ends too")
    func killedHost() throws {
        let folder = try TemporaryFolder()
        let library = try PluginCopies.copy("FixtureHang", to: "libOrphanHang.so", in: folder)
        let config = try folder.write(DemoConfig.config(plugins: [("Hang", library)]), to: "scenes.conf")
        let host = try PipedHost(["check", "--in-process", "--config", config, "--probe-timeout", "300"])
        #expect(Processes.eventually(limit: .seconds(60)) { !Self.processes(naming: library).isEmpty }, "the probe never started")
        kill(host.pid, SIGKILL)
        _ = host.finish(limit: .seconds(10))
        let gone = Processes.eventually(limit: .seconds(20)) { Self.processes(naming: library).isEmpty }
        #expect(gone, "a probe outlived its host: \(Self.processes(naming: library).map { pid in (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8))?.split(separator: "\n").prefix(8).joined(separator: " ") ?? "" })")
        for pid in Self.processes(naming: library) { kill(pid, SIGKILL) }
    }
}
