import Foundation
import Testing
@testable import SceneHostLoading
@testable import SceneHostWorkers
import TestSupport
@testable import SceneHostRecordCodec

/// The check child reads what it checks, and how, from one start file its parent hands it
/// (`CheckChildStart`: the parent's settings and the config bytes it read), never from options it
/// parses again or the config file read again: a file swapped after `run` read it cannot make the
/// child pass what `run` runs.
@Suite("Check child: one start file, the bytes its parent read")
struct CheckChildConfigTests {
    /// `scene-host check --child-start-fd 3` with `start` on descriptor 3.
    static func child(_ start: CheckChildStart, in folder: TemporaryFolder) throws -> HostProcess.Result {
        let file = try folder.write(bytes: start.encoded(), to: "child.start")
        return try ChildRun.run(
            "/bin/sh", ["-c", "exec \"$0\" check --child-start-fd 3 3<\"$1\"", BuildProducts.hostExecutable, file],
            input: "", in: nil, environment: ProcessInfo.processInfo.environment, timeLimit: .seconds(120))
    }

    static func settings(_ folder: TemporaryFolder) -> ChildSettings {
        ChildSettings(
            loader: LoaderSettings(
                probeExecutable: BuildProducts.probeExecutable, probeTimeout: 10,
                probeCache: folder.path("probes.cache"),
                rescan: false, checksFileTrust: true), verbose: false)
    }

    @Test("the child checks the handed bytes, not the file named in its start")
    func checksTheHandedBytes() throws {
        let folder = try TemporaryFolder()
        let onDisk = try folder.write(DemoConfig.text, to: "scenes.conf")
        // What the parent read: the same app with a segue to a scene no plugin registers.
        let handed = DemoConfig.text + "\n[[segues]]\nfrom = \"Home\"\nid = \"elsewhere\"\nto = \"Nowhere\"\n"
        let result = try Self.child(
            CheckChildStart(
                settings: Self.settings(folder), configFile: onDisk, configBytes: Array(handed.utf8), atStart: nil),
            in: folder)
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.stderr.contains("'Nowhere'"), "\(result.stderr)")
        // The file itself checks fine: the refusal came from the handed bytes.
        let plain = try HostProcess.run(["check", "--config", onDisk])
        #expect(plain.status == 0, "\(plain.stderr)")
    }

    @Test(
        "for run: only the problems and run's last line; the settings come from the start (verbose here), not from options"
    )
    func atStartOfRun() throws {
        let folder = try TemporaryFolder()
        let onDisk = try folder.write(DemoConfig.text, to: "scenes.conf")
        var settings = Self.settings(folder)
        settings.verbose = true
        let handed = DemoConfig.text + "\n[[segues]]\nfrom = \"Home\"\nid = \"elsewhere\"\nto = \"Nowhere\"\n"
        let result = try Self.child(
            CheckChildStart(settings: settings, configFile: onDisk, configBytes: Array(handed.utf8), atStart: "run"),
            in: folder)
        #expect(result.status == 4, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "run: 2 problems in \(onDisk); nothing was started ('scene-host check' reports the same)"),
            "\(result.stderr)")
        #expect(result.stderr.contains(" debug "), "verbose from the start file: \(result.stderr.prefix(300))")
        #expect(!result.stdout.contains("check: ok"))
    }

    @Test("a start file that is not one is refused with why, and nothing is checked")
    func garbageStart() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("scene-host check child start 999\nnot this build's\n", to: "child.start")
        let result = try ChildRun.run(
            "/bin/sh", ["-c", "exec \"$0\" check --child-start-fd 3 3<\"$1\"", BuildProducts.hostExecutable, file],
            input: "", in: nil, environment: ProcessInfo.processInfo.environment, timeLimit: .seconds(60))
        #expect(result.status != 0)
        #expect(
            result.stderr.contains("the check child's start file cannot be read; it is started by scene-host"),
            "\(result.stderr)")
    }

    @Test("the start file round-trips every field, a config that could not be read included")
    func roundTrip() throws {
        let folder = try TemporaryFolder()
        var settings = Self.settings(folder)
        settings.refused = [ChildSettings.Refusal(plugin: "Fragile", sources: 3, seconds: 40)]
        settings.loader.probeTimeout = 2.5
        for start in [
            CheckChildStart(
                settings: settings, configFile: "a b/scenes.conf", configBytes: Array("x = 1\n".utf8), atStart: "serve"),
            CheckChildStart(settings: settings, configFile: "scenes.conf", configBytes: nil, atStart: nil),
        ] {
            #expect(CheckChildStart.decode(start.encoded()) == start)
            #expect(CheckChildStart.decode(Array(start.encoded().dropLast())) == nil)
        }
    }
}
