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

/// The probe child is `scene-host-probe` (issue 48): its own executable beside the host, found only
/// there, linked without Foundation, the config parser, the argument parser and the web stack.
@Suite("Probe executable")
struct ProbeExecutableTests {
    @Test("the probe executable is scene-host-probe in the host executable's own folder")
    func besideTheHost() {
        #expect(
            LoaderSettings.probeExecutable(besideHost: "/opt/app/bin/scene-host") == "/opt/app/bin/scene-host-probe")
        #expect(LoaderSettings.probeExecutable(besideHost: "/scene-host") == "/scene-host-probe")
        #expect(LoaderSettings.probeExecutable(besideHost: "scene-host") == "./scene-host-probe")
    }

    @Test(
        "a probe running now is scene-host-probe beside scene-host, and it has mapped no library of Foundation's"
    )
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
                probes = Processes.children(of: host.pid, containing: "scene-host-probe"); return !probes.isEmpty
            })
        let executables = probes.compactMap {
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\($0)/exe")
        }
        // Once the hanging plugin is open in it, what is mapped is all the probe and the plugin loaded.
        var mapped: [String] = []
        #expect(
            Processes.eventually {
                // Home's probe may have ended (a zombie's maps read empty); Hang's stays open, hanging.
                probes = Processes.children(of: host.pid, containing: "scene-host-probe")
                mapped = probes.map { Self.procFile("/proc/\($0)/maps") }.filter { !$0.isEmpty }
                return mapped.contains { $0.contains("libFixtureHang.so") }
            }, "the probe opened the plugin")
        kill(host.pid, SIGTERM)
        #expect(host.wait(limit: .seconds(30)))
        for probe in probes { kill(probe, SIGKILL) }
        let probe = URL(fileURLWithPath: BuildProducts.probeExecutable).resolvingSymlinksInPath().path
        #expect(!executables.isEmpty && executables.allSatisfy { $0 == probe }, "\(executables)")
        #expect(!mapped.isEmpty)
        // libdispatch and the C++ runtime come with the Swift runtime (libswift_Concurrency and
        // libswiftCore need them), which the plugin asks for too; Foundation is the probe's to bring or not.
        for maps in mapped {
            #expect(!maps.contains("libFoundation"), "a probe child mapped Foundation:\n\(maps)")
        }
    }

    /// The whole text of a /proc file: read to its end (its size says 0, and a read of one page would cut it).
    static func procFile(_ path: String) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("it takes only --start-fd: any other argument is refused, with the usage status")
    func refusesOtherArguments() throws {
        for arguments in [
            ["--result-fd"], ["--fd", "3", "--result-fd", "4", "--name", "A"], ["--start-fd"], ["--start-fd", "x"], [],
        ] {
            let result = try ChildRun.run(
                BuildProducts.probeExecutable, arguments, input: "", in: nil,
                environment: ProcessInfo.processInfo.environment, timeLimit: .seconds(30))
            #expect(result.status == ExitStatus.usage.rawValue, "\(arguments)")
            let given = arguments.isEmpty ? "nothing" : "'\(arguments.joined(separator: " "))'"
            #expect(
                result.stderr
                    == "error: scene-host-probe takes only --start-fd N, not \(given); it is started by scene-host, which hands it what to probe\n"
            )
        }
    }

    /// `scene-host-probe --start-fd 3` with `start` on descriptor 3, the plugin on 5 and records to `records` on 4.
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
                "-c", "exec \"$0\" --start-fd 3 3<\"$1\" 4>\"$2\" 5<\"$3\"",
                BuildProducts.probeExecutable, file, records, plugin,
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
                    == "error: scene-host-probe: descriptor 3 holds no probe start file of this build; it is started by scene-host\n"
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
