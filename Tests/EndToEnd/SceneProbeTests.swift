import Foundation
import Testing
import TestSupport

/// `check` must not say ok for a scene that crashes or hangs (issue 8, item 10): the probe child
/// builds, shows, renders and pokes every scene, and names the scene and the step that failed.
@Suite("Probes exercise every scene (end to end)")
struct SceneProbeTests {
    static let faults: [(fault: String, place: String)] = [
        (
            "factory",
            "crashed with SIGSEGV (invalid memory access) while it was built (in its factories or wiring) while being probed"
        ),
        ("viewDidLoad", "crashed with SIGSEGV (invalid memory access) in its viewDidLoad while being probed"),
        ("render", "crashed with SIGSEGV (invalid memory access) in its render while being probed"),
        ("handle", "crashed with SIGSEGV (invalid memory access) in its handle(tap 'press') while being probed"),
        ("hang", "did not finish within 3 s in its render while being probed: it hangs there"),
    ]

    static func config(_ folder: TemporaryFolder) throws -> String {
        try folder.write(
            DemoConfig.config(initial: "Faulty", plugins: [("Faulty", BuildProducts.library("FixtureFaultyScene"))]),
            to: "scenes.conf")
    }

    @Test(
        "check and run refuse a scene that crashes or hangs, naming it and the step; exit 3, never a signal",
        arguments: faults)
    func refused(fault: String, place: String) throws {
        let folder = try TemporaryFolder()
        let config = try Self.config(folder)
        let path = BuildProducts.library("FixtureFaultyScene")
        let message = "\(config):3:1: error: plugin 'Faulty' (\(path)): scene 'Faulty' \(place)."
        for command in ["check", "run"] {
            // A crash must not be mistaken for a time-out on a busy machine: only the hang gets a short limit.
            let limit = fault == "hang" ? "3" : "60"
            let host = try BoundedHostProcess.run(
                [command, "--config", config, "--probe-timeout", limit],
                environment: ["SCENE_PLUGIN_FIXTURE_FAULT": fault], limit: .seconds(120))
            #expect(!host.signaled)
            #expect(host.status == 3, "\(command): \(host.stderr)")
            #expect(host.stderr.hasPrefix(message), "\(command): \(host.stderr)")
            #expect(host.stdout.isEmpty || command == "check")
        }
    }

    @Test("the same scene without a fault passes")
    func wellBehaved() throws {
        let folder = try TemporaryFolder()
        let host = try BoundedHostProcess.run(["check", "--config", try Self.config(folder)], limit: .seconds(60))
        #expect(host.status == 0, "\(host.stderr)")
        #expect(host.stdout.hasPrefix("check: ok:"))
    }
}
