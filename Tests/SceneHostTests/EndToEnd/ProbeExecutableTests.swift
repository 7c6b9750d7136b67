import Foundation
@testable import SceneHost
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The probe child is `scene-host-worker probe-plugin` (issue 21, cold start): the worker executable
/// beside the host, found only there, which starts without the web stack and the argument parser.
@Suite("Probe executable")
struct ProbeExecutableTests {
    @Test("the probe executable is scene-host-worker in the host executable's own folder")
    func besideTheHost() {
        #expect(LoaderSettings.workerExecutable(besideHost: "/opt/app/bin/scene-host") == "/opt/app/bin/scene-host-worker")
        #expect(LoaderSettings.workerExecutable(besideHost: "/scene-host") == "/scene-host-worker")
        #expect(LoaderSettings.workerExecutable(besideHost: "scene-host") == "./scene-host-worker")
    }

    @Test("a probe running now is the worker executable beside scene-host, in probe-plugin mode")
    func probeChildIsTheWorker() throws {
        let folder = try TemporaryFolder()
        let config = try folder.write(DemoConfig.config(initial: "Hang", plugins: [("Hang", BuildProducts.library("FixtureHang")),
                                                                                    ("Home", BuildProducts.library("HomeScene"))]), to: "scenes.conf")
        // `run` probes in its own process (`check` would in its check child). Dumpable, so this test
        // (as any user) may read the probe's /proc/PID/exe: probes are not, by default (`Sandbox`).
        let host = try BoundedHostProcess(["run", "--config", config, "--probe-timeout", "600"], environment: ["SCENE_HOST_DUMPABLE": "1"])
        var probes: [Int32] = []
        #expect(Processes.eventually { probes = Processes.children(of: host.pid, containing: "probe-plugin"); return !probes.isEmpty })
        let executables = probes.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\($0)/exe") }
        kill(host.pid, SIGTERM)
        #expect(host.wait(limit: .seconds(30)))
        for probe in probes { kill(probe, SIGKILL) }
        let worker = URL(fileURLWithPath: BuildProducts.workerExecutable).resolvingSymlinksInPath().path
        #expect(!executables.isEmpty && executables.allSatisfy { $0 == worker }, "\(executables)")
    }

    @Test("its probe mode refuses arguments the host never gives, with the usage status")
    func refusesOtherArguments() throws {
        let result = try ChildRun.run(BuildProducts.workerExecutable, ["probe-plugin", "--result-fd"], input: "", in: nil,
                                      environment: ProcessInfo.processInfo.environment, timeLimit: .seconds(30))
        #expect(result.status == ExitStatus.usage.rawValue)
        #expect(result.stderr == "error: scene-host-worker probe-plugin does not take '--result-fd' without a value; it is started by scene-host, which gives its arguments\n")
        let missing = try ChildRun.run(BuildProducts.workerExecutable, ["probe-plugin", "--name", "A"], input: "", in: nil,
                                       environment: ProcessInfo.processInfo.environment, timeLimit: .seconds(30))
        #expect(missing.status == ExitStatus.usage.rawValue)
        #expect(missing.stderr.contains("needs --result-fd"))
    }
}
