@_spi(SceneHost) import SceneSDK
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import SceneHostProcesses
@testable import SceneHostCore
@testable import SceneHostLoading
import TestSupport
@testable import SceneHostRecordCodec
@testable import SceneHostContainer

/// The probe child is `scene-host-worker probe-plugin` (issue 21, cold start): the worker executable
/// beside the host, found only there, which starts without the web stack and the argument parser.
@Suite("Probe executable")
struct ProbeExecutableTests {
    @Test("the probe executable is scene-host-worker in the host executable's own folder")
    func besideTheHost() {
        #expect(
            LoaderSettings.workerExecutable(besideHost: "/opt/app/bin/scene-host") == "/opt/app/bin/scene-host-worker")
        #expect(LoaderSettings.workerExecutable(besideHost: "/scene-host") == "/scene-host-worker")
        #expect(LoaderSettings.workerExecutable(besideHost: "scene-host") == "./scene-host-worker")
    }

    @Test("a probe running now is the worker executable beside scene-host, in probe-plugin mode")
    func probeChildIsTheWorker() throws {
        let folder = try TemporaryFolder()
        let config = try folder.write(
            DemoConfig.config(
                initial: "Hang",
                plugins: [
                    ("Hang", BuildProducts.library("FixtureHang")),
                    ("Home", BuildProducts.library("HomeScene")),
                ]), to: "scenes.conf")
        // `run` probes in its own process (`check` would in its check child). Dumpable, so this test
        // (as any user) may read the probe's /proc/PID/exe: probes are not, by default (`Sandbox`).
        let host = try BoundedHostProcess(
            ["run", "--config", config, "--probe-timeout", "600"], environment: ["SCENE_HOST_DUMPABLE": "1"])
        var probes: [Int32] = []
        #expect(
            Processes.eventually {
                probes = Processes.children(of: host.pid, containing: "probe-plugin"); return !probes.isEmpty
            })
        let executables = probes.compactMap {
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\($0)/exe")
        }
        kill(host.pid, SIGTERM)
        #expect(host.wait(limit: .seconds(30)))
        for probe in probes { kill(probe, SIGKILL) }
        let worker = URL(fileURLWithPath: BuildProducts.workerExecutable).resolvingSymlinksInPath().path
        #expect(!executables.isEmpty && executables.allSatisfy { $0 == worker }, "\(executables)")
    }

    @Test("its probe mode takes only --start-fd: any other argument is refused, with the usage status")
    func refusesOtherArguments() throws {
        for arguments in [
            ["--result-fd"], ["--fd", "3", "--result-fd", "4", "--name", "A"], ["--start-fd"], ["--start-fd", "x"], [],
        ] {
            let result = try ChildRun.run(
                BuildProducts.workerExecutable, ["probe-plugin"] + arguments, input: "", in: nil,
                environment: ProcessInfo.processInfo.environment, timeLimit: .seconds(30))
            #expect(result.status == ExitStatus.usage.rawValue, "\(arguments)")
            let given = arguments.isEmpty ? "nothing" : "'\(arguments.joined(separator: " "))'"
            #expect(
                result.stderr
                    == "error: scene-host-worker probe-plugin takes only --start-fd N, not \(given); it is started by scene-host, which hands it what to probe\n"
            )
        }
    }

    /// `scene-host-worker probe-plugin --start-fd 3` with `start` on descriptor 3, the plugin on 5 and records to `records` on 4.
    static func probe(
        _ start: [UInt8], plugin: String, records: String, in folder: TemporaryFolder
    ) throws -> HostProcess.Result {
        let file = try folder.write(bytes: start, to: "probe.start")
        // The private folder a parent makes for each child (the sandbox lets it write there only).
        let own = try PrivateFolder.make(environment: ProcessInfo.processInfo.environment)
        defer { own.remove() }
        return try ChildRun.run(
            "/bin/sh",
            [
                "-c", "exec \"$0\" probe-plugin --start-fd 3 3<\"$1\" 4>\"$2\" 5<\"$3\"",
                BuildProducts.workerExecutable, file, records, plugin,
            ],
            input: "", in: nil, environment: own.handing(to: ProcessInfo.processInfo.environment),
            timeLimit: .seconds(60))
    }

    @Test(
        "the start file is all a probe child reads: it probes the plugin listed there and writes its records where the file says"
    )
    func probesFromTheStartFile() throws {
        let folder = try TemporaryFolder()
        let plugin = BuildProducts.library("HomeScene")
        let records = folder.path("records")
        let start = ProbeStart(
            tasks: [ProbeStart.Task(index: 7, name: "Home", path: plugin, realPath: plugin, descriptor: 5)],
            resultDescriptor: 4)
        let result = try Self.probe(start.encoded(), plugin: plugin, records: records, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let stream = ProbeCacheFormat.decodeRecords(Array(try Data(contentsOf: URL(fileURLWithPath: records))))
        #expect(stream.problem == nil)
        guard case .begin(7)? = stream.records.first else {
            Issue.record("the records start with begin(7): \(stream.records.prefix(1)) \(result.stderr)")
            return
        }
        guard case .verdict(.good(let metadata))? = stream.records.last else {
            Issue.record("the records end with a good verdict: \(String(describing: stream.records.last))")
            return
        }
        #expect(metadata.scenes.map(\.name) == ["Home"])
    }

    @Test("a start file that is not one is refused with why, and no plugin is opened")
    func garbageStart() throws {
        let folder = try TemporaryFolder()
        let plugin = BuildProducts.library("HomeScene")
        let records = folder.path("records")
        var cut = ProbeStart(
            tasks: [ProbeStart.Task(index: 0, name: "Home", path: plugin, realPath: plugin, descriptor: 5)],
            resultDescriptor: 4
        ).encoded()
        cut.removeLast(3)
        for bytes in [Array("scene-host probe start 999\nnot this build's\n".utf8), cut, []] {
            let result = try Self.probe(bytes, plugin: plugin, records: records, in: folder)
            #expect(result.status == ExitStatus.usage.rawValue)
            #expect(
                result.stderr
                    == "error: scene-host-worker probe-plugin: descriptor 3 holds no probe start file of this build; it is started by scene-host\n"
            )
            #expect((try? Data(contentsOf: URL(fileURLWithPath: records)))?.isEmpty ?? true, "nothing was probed")
        }
    }

    @Test("the start file round-trips every field")
    func roundTrip() {
        let start = ProbeStart(
            tasks: [
                ProbeStart.Task(index: 0, name: "A", path: "/p/libA.so", realPath: "/real/libA.so", descriptor: 5),
                ProbeStart.Task(index: 1_000_000, name: "B\u{1B}", path: "b", realPath: "/r/b", descriptor: Int32.max),
            ],
            resultDescriptor: 4)
        #expect(ProbeStart.decode(start.encoded()) == start)
        #expect(
            ProbeStart.decode(ProbeStart(tasks: [], resultDescriptor: 4).encoded())
                == ProbeStart(tasks: [], resultDescriptor: 4))
    }
}
