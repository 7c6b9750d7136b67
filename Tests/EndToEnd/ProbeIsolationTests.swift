@_spi(SceneHost) import SceneSDK
import Foundation
import Testing
@testable import SceneHostRecordCodec
@testable import SceneHostFileTrust
@testable import SceneHostProcesses
@testable import SceneHostCore
@testable import SceneHostConfig
@testable import SceneHostLoading
import TestSupport
@testable import SceneHostContainer

/// Probes that load the checked file, cannot hang, leave nothing behind and cannot be stopped
/// half-way (issue 8, items 1, 7, 8).
@Suite("Probes: the checked file, no hangs, no leftovers", .serialized)
struct ProbeIsolationTests {
    static func entry(_ name: String, path: String) -> PluginEntry {
        let location = SourceLocation(file: "probe.conf", line: 3, column: 1)
        return PluginEntry(
            name: name, path: path, resolvedPath: path, sha256: nil, location: location, pathLocation: location)
    }

    @Test("the probe child loads the file it was handed, whatever the path names by then")
    func loadsTheHandedFile() throws {
        let folder = try TemporaryFolder()
        let named = try PluginCopies.copy("HomeScene", to: "libNamed.so", in: folder)
        let handed = try PluginCopies.copy("DetailScene", to: "libHanded.so", in: folder)
        let descriptor = open(handed, O_RDONLY | O_CLOEXEC)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        let prober = ChildProcessProber(executable: BuildProducts.probeExecutable, timeout: .seconds(60))
        let verdict = try prober.probe(Self.entry("Named", path: named), fileDescriptor: descriptor, realPath: handed)
        guard case .good(let metadata) = verdict else {
            Issue.record("expected a good verdict, got \(verdict)")
            return
        }
        #expect(metadata.name == "DetailScene")
        #expect(metadata.scenes.map(\.name) == ["Detail"])
    }

    /// A stand-in for the host executable: a script that writes `records`, then garbage, to the
    /// result descriptor (fd 4) and then runs `then`, as plugin code writing to a descriptor it did not open would.
    static func garbageWriter(in folder: TemporaryFolder, records: [ProbeRecord], then: String) throws -> String {
        let stream = try folder.write(
            bytes: records.flatMap(ProbeCacheFormat.frame) + Array(String(repeating: "not a record\n", count: 20).utf8),
            to: "records.bin")
        let script = try folder.write("#!/bin/sh\ncat '\(stream)' >&4\n\(then)\n", to: "fake-host")
        chmod(script, 0o755)
        return script
    }

    @Test("garbage on the result channel is the plugin's refusal, at once, naming the last step read")
    func garbageOnTheChannel() throws {
        let folder = try TemporaryFolder()
        let script = try Self.garbageWriter(
            in: folder, records: [.step(ProbeStep(scene: "List", action: .render))], then: "exit 0")
        let path = BuildProducts.library("DetailScene")
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        defer { close(descriptor) }
        let verdict = try ChildProcessProber(executable: script, timeout: .seconds(20))
            .probe(Self.entry("Detail", path: path), fileDescriptor: descriptor, realPath: path)
        #expect(
            verdict
                == .failed(
                    .refused(
                        message:
                            "plugin 'Detail' (\(path)) wrote garbage to its probe's result channel (scene 'List' in its render), so the host cannot trust what its probe reported and did not load it: plugin code must not write to descriptors it did not open; fix the plugin or remove it from the config."
                    )))
    }

    @Test("garbage on a scanner's channel is the current plugin's refusal; the scanner is stopped, not waited for")
    @MainActor
    func garbageOnAScannersChannel() throws {
        let folder = try TemporaryFolder()
        let script = try Self.garbageWriter(
            in: folder, records: [.begin(0), .step(ProbeStep(scene: "Detail", action: .build))], then: "exec sleep 30")
        let path = BuildProducts.library("DetailScene")
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        let plugin = PluginReference(name: "Detail", path: path, location: Self.entry("Detail", path: path).location)
        let file = try PluginFile.adopt(descriptor, plugin: plugin, realPath: path)
        let prober = ChildProcessProber(executable: script, timeout: .seconds(60))
        let verdicts = ProbeScan(prober: prober, lanes: 1).run([
            ProbeScan.Item(entry: Self.entry("Detail", path: path), file: file)
        ])
        #expect(
            verdicts[0]
                == .failed(
                    .refused(
                        message:
                            "plugin 'Detail' (\(path)) wrote garbage to its probe's result channel (scene 'Detail' while it was built (in its factories or wiring)), so the host cannot trust what its probe reported and did not load it: plugin code must not write to descriptors it did not open; fix the plugin or remove it from the config."
                    )))
    }

    @Test("a probe that cannot start is an error for this run, not a verdict")
    func spawnFailure() throws {
        let folder = try TemporaryFolder()
        let path = BuildProducts.library("DetailScene")
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        defer { close(descriptor) }
        let prober = ChildProcessProber(executable: folder.path("no-such-host"))
        #expect(throws: PluginLoadError.self) {
            try prober.probe(Self.entry("Detail", path: path), fileDescriptor: descriptor, realPath: path)
        }
        do {
            _ = try prober.probe(Self.entry("Detail", path: path), fileDescriptor: descriptor, realPath: path)
        } catch let error as PluginLoadError {
            guard case .pluginProbeUnavailable = error else {
                Issue.record("expected pluginProbeUnavailable, got \(error)")
                return
            }
            #expect(error.exitStatus == .pluginError)
        }
    }

    @Test("a spawn failure is not recorded in the cache")
    @MainActor
    func spawnFailureNotRecorded() throws {
        let folder = try TemporaryFolder()
        let path = try PluginCopies.copy("DetailScene", to: "libDetail.so", in: folder)
        let cache = ProbeCache(path: folder.path("probes.json"))
        let inspector = PluginInspector(
            prober: ChildProcessProber(executable: folder.path("no-such-host")), cache: cache)
        let entry = Self.entry("Detail", path: path)
        let plugin = PluginReference(name: "Detail", path: path, location: entry.location)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let fingerprint = FileFingerprint(
            path: path, size: bytes.count, modified: StatIdentity(path: path)?.modified ?? 0,
            sha256: SHA256.hexDigest(bytes))
        let file = try PluginFile.open(plugin, trust: FileTrust())
        #expect(throws: PluginLoadError.self) {
            _ = try inspector.inspect(entry, file: file) { fingerprint }
        }
        #expect(cache.verdict(for: fingerprint) == nil)
        #expect(!FileManager.default.fileExists(atPath: folder.path("probes.json")))
    }

    /// A granted plugin's grandchild in `run`: started by the worker (probes run without grants, so
    /// never by a probe), in the worker's group, and gone as soon as `run` is.
    static func grantedDaemon(setsid: Bool) throws -> (host: BoundedHostProcess, pids: [Int32]) {
        let folder = try TemporaryFolder()
        let config = try folder.write(
            DemoConfig.config(initial: "Daemon", plugins: [("Daemon", BuildProducts.library("FixtureDaemon"))])
                + "grant = [\"start-processes\"]\n[plugins.Daemon.settings]\npid-file = \"pids\"\n", to: "scenes.conf")
        let script = try folder.write("", to: "empty.script")
        let pidFile = folder.path("pids")
        var environment: [String: String] = [:]
        if setsid { environment["SCENE_PLUGIN_FIXTURE_SETSID"] = "1" }
        let host = try BoundedHostProcess.run(
            ["run", "--config", config, "--script", script], environment: environment, limit: .seconds(60))
        let pids = ((try? String(contentsOfFile: pidFile, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
            Int32($0)
        }
        return (host, pids)
    }

    @Test(
        "a granted plugin's grandchild holding the worker's output makes nothing hang, and is killed with the worker's group"
    )
    func daemonInTheGroup() throws {
        let (host, pids) = try Self.grantedDaemon(setsid: false)
        defer { for pid in pids { kill(pid, SIGKILL) } }
        #expect(!host.signaled && host.status == 0, "\(host.stderr)")
        #expect(!pids.isEmpty, "the worker started no grandchild")
        #expect(
            Processes.eventually(limit: Slack.scaled(.seconds(1))) { pids.allSatisfy { !Processes.isAlive($0) } },
            "\(pids.filter(Processes.isAlive)) outlived run")
    }

    @Test("a granted plugin's grandchild cannot leave the group with setsid (the sandbox refuses it), nor outlive run")
    func daemonOutsideTheGroup() throws {
        let (host, pids) = try Self.grantedDaemon(setsid: true)
        defer { for pid in pids { kill(pid, SIGKILL) } }
        #expect(!host.signaled && host.status == 0, "\(host.stderr)")
        #expect(!pids.isEmpty, "the worker started no grandchild")
        #expect(
            Processes.eventually(limit: Slack.scaled(.seconds(1))) { pids.allSatisfy { !Processes.isAlive($0) } },
            "\(pids.filter(Processes.isAlive)) outlived run")
    }

    @Test(
        "without the grant the sandbox refuses the plugin's spawn in its probe and in the check child: no grandchild at all"
    )
    func daemonRefusedWithoutGrant() throws {
        let folder = try TemporaryFolder()
        let config = try folder.write(
            DemoConfig.config(initial: "Daemon", plugins: [("Daemon", BuildProducts.library("FixtureDaemon"))]),
            to: "scenes.conf")
        let pidFile = folder.path("pids")
        let host = try BoundedHostProcess.run(
            ["check", "--config", config], environment: ["SCENE_PLUGIN_FIXTURE_PID_FILE": pidFile], limit: .seconds(60))
        #expect(!host.signaled && host.status == 0, "\(host.stderr)")
        #expect((try? String(contentsOfFile: pidFile, encoding: .utf8)) == nil, "a grandchild was started")
        #expect(
            host.stderr.contains("declares the permission 'start-processes', which the config does not grant"),
            "\(host.stderr)")
    }

    @Test(
        "SIGTERM or SIGINT to the host during a probe kills the probe and leaves no temporary folder",
        arguments: [SIGTERM, SIGINT])
    func signalDuringProbe(signalNumber: Int32) throws {
        let folder = try TemporaryFolder()
        let temporary = folder.url.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let config = try folder.write(
            DemoConfig.config(initial: "Hang", plugins: [("Hang", BuildProducts.library("FixtureHang"))]),
            to: "scenes.conf")
        let host = try BoundedHostProcess(
            ["check", "--config", config, "--probe-timeout", "600"], environment: ["TMPDIR": temporary.path])
        // `check` loads plugins in a child (`check --in-process`), whose probe is the grandchild here.
        var children: [Int32] = []
        let started = Processes.eventually {
            children = Processes.children(of: host.pid, containing: "check").flatMap {
                Processes.children(of: $0, containing: "scene-host-probe")
            }
            return !children.isEmpty
        }
        #expect(started)
        kill(host.pid, signalNumber)
        #expect(host.wait(limit: .seconds(30)))
        #expect(host.signaled && host.status == signalNumber)
        for child in children {
            #expect(Processes.eventually(limit: .seconds(10)) { !Processes.isAlive(child) })
            kill(child, SIGKILL)
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path).filter {
            $0.hasPrefix("scene-host-probe-")
        }
        #expect(left.isEmpty)
    }

    @Test("the running probe's group is kept in one atomic: set, read, killed, cleared")
    func processGroup() throws {
        let child = try ProcessSpawner.start("/bin/sleep", arguments: ["600"], environment: [:], descriptors: [:])
        ChildProcessGroup.set(child)
        #expect(ChildProcessGroup.running == child)
        ChildProcessGroup.killRunning()
        var status: Int32 = 0
        #expect(waitpid(child, &status, 0) == child)
        #expect(status & 0x7f == SIGKILL)
        ChildProcessGroup.set(0)
        #expect(ChildProcessGroup.running == 0)
        ChildProcessGroup.killRunning()
    }
}
