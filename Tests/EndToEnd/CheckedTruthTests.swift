import Foundation
import Testing
import TestSupport

/// One checked truth (issue 32): a scene worker runs the config the host checked, handed over in
/// its start message, and never reads the config file itself.
@Suite("the scene worker runs the config the host checked, never the file again (end to end)")
struct WorkerConfigTests {
    @Test(
        "a config file replaced with garbage after start changes nothing: a worker restarted after a fault still runs what was checked"
    )
    func configReplacedAfterStart() throws {
        let app = try FragileApp(host: "restarts-per-minute = 10")
        let host = try PipedHost(["run", "--config", app.config])
        defer { _ = host.finish() }
        host.type("tap deeper\n")
        #expect(host.waitFor("== Fragile 1 =="))
        // A worker that read the file would now find no initial scene at all, and fail to start.
        try "initial = 42\n[[segues]]\nfrom = 1\n".write(toFile: app.config, atomically: false, encoding: .utf8)
        host.type("fill mode segv\ntap strike\n")
        #expect(
            host.waitFor(
                "error: Fragile stopped (SIGSEGV in scene 'Fragile' during 'tap strike'); the screen was restored."))
        try FileManager.default.removeItem(atPath: app.config)
        host.type("tap strike\nfill mode fine\ntap done\n")
        #expect(
            host.waitFor(
                "error: Fragile stopped (SIGSEGV in scene 'Fragile' during 'tap strike'); the screen was restored.",
                count: 2))
        #expect(host.waitFor("label   received  got fine"))
        #expect(host.finish() == 1)
    }

    @Test("the worker registers its plugins from the checked start its host handed it, not from a cache file")
    func checkedStartHanded() throws {
        let folder = try TemporaryFolder()
        let config = try CheckSeesRunTimeTests.demo(folder, segueID: "showDetail")
        let result = try HostProcess.run(["run", "--verbose", "--config", config], input: "tap showDetail\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("== Detail ==  (Home › Detail)"))
        #expect(
            result.stderr.contains(
                "scene-host-worker: cache=the start message of its host [SceneHost] start-up cache answers"),
            "\(result.stderr)")
    }
}

/// What a scene worker would refuse at run time, `check` refuses first (issue 32): a segue no
/// button can take, a plugin that registers other scenes on each load.
@Suite("check sees what run time would refuse (end to end)")
struct CheckSeesRunTimeTests {
    /// The demo app with its segue's id written as `id`.
    static func demo(_ folder: TemporaryFolder, segueID id: String) throws -> String {
        try folder.write(
            """
            initial = "Home"
            [plugins.HomeScene]
            path = "\(BuildProducts.library("HomeScene"))"
            [plugins.DetailScene]
            path = "\(BuildProducts.library("DetailScene"))"
            [[segues]]
            from = "Home"
            id = "\(id)"
            to = "Detail"
            style = "push"

            """, to: "demo.conf")
    }

    /// The Fickle fixture as the app.
    static func fickle(_ folder: TemporaryFolder) throws -> String {
        try folder.write(
            "initial = \"FickleHome\"\n[plugins.Fickle]\npath = \"\(BuildProducts.library("FixtureFickle"))\"\n",
            to: "fickle.conf")
    }

    @Test("a segue whose id is no button of its source scene: check and run refuse it alike, with did-you-mean, exit 4")
    func segueNotAButton() throws {
        let folder = try TemporaryFolder()
        let config = try Self.demo(folder, segueID: "showDetial")
        let message =
            "\(config):6:1: error: segue 'showDetial' from 'Home': scene 'Home' (plugin 'HomeScene') shows no button 'showDetial' on the screens its probe saw (its buttons: openDetail, showDetail), so no tap can take this segue. Did you mean 'showDetail'? Set the segue's id to the id of the button that should perform it."
        let check = try HostProcess.run(["check", "--config", config])
        #expect(check.status == 4, "\(check.stderr)")
        #expect(check.stderr == message + "\ncheck: 1 problem in \(config)\n")
        let run = try HostProcess.run(["run", "--config", config], input: "print\n")
        #expect(run.status == 4, "\(run.stderr)")
        #expect(
            run.stderr == message
                + "\nrun: 1 problem in \(config); nothing was started ('scene-host check' reports the same)\n")
        #expect(run.stdout.isEmpty)
    }

    @Test("a segue named after a button its scene shows still passes")
    func segueOfAButton() throws {
        let folder = try TemporaryFolder()
        let result = try HostProcess.run(["check", "--config", Self.demo(folder, segueID: "showDetail")])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test("a plugin whose two registrations differ is refused at probe time: check and run say so, exit 3")
    func registersDifferentlyInItsProbe() throws {
        let folder = try TemporaryFolder()
        let config = try Self.fickle(folder)
        let message =
            "\(config):2:1: error: plugin 'Fickle' (\(BuildProducts.library("FixtureFickle"))) registers scenes FickleAgain, FickleHome when its probe registers it a second time but scenes FickleFirst, FickleHome the first time: a plugin that registers differently on each load is refused. Make its registration register the same scenes every time (not depending on a counter, the process or the environment), rebuild it, and run 'scene-host check' again."
        let check = try HostProcess.run(["check", "--config", config])
        #expect(check.status == 3, "\(check.stderr)")
        #expect(check.stderr.hasPrefix(message + "\n"), "\(check.stderr)")
        let run = try HostProcess.run(["run", "--config", config], input: "print\n")
        #expect(run.status == 3, "\(run.stderr)")
        #expect(run.stderr.hasPrefix(message + "\n"), "\(run.stderr)")
        #expect(!run.stderr.contains("changed since it was probed"))
        #expect(run.stdout.isEmpty)
    }

    @Test(
        "a plugin that registers other scenes in a worker than in its probe is named for that, not for a changed file, exit 3; --rescan says the same"
    )
    func registersDifferentlyInAWorker() throws {
        let folder = try TemporaryFolder()
        let config = try Self.fickle(folder)
        let environment: [String: String?] = ["SCENE_PLUGIN_FIXTURE_FICKLE": "process"]
        let message =
            "\(config):2:1: error: plugin 'Fickle' (\(BuildProducts.library("FixtureFickle"))) registers scenes FickleHome, FickleRun in a scene worker but scenes FickleHome, FickleProbed in its probe: a plugin that registers differently on each load is refused. Make its registration register the same scenes every time (not depending on a counter, the process or the environment), rebuild it, and run 'scene-host check' again."
        // Its probe cannot tell (both of its registrations agree there): check passes it, and says what it saw.
        let check = try HostProcess.run(["check", "--config", config], environment: environment)
        #expect(check.status == 0, "\(check.stderr)")
        for extra in [[], ["--rescan"]] {
            let run = try HostProcess.run(
                ["run", "--config", config] + extra, input: "print\n", environment: environment)
            #expect(run.status == 3, "\(extra): \(run.stderr)")
            #expect(run.stderr.contains(message + "\n"), "\(extra): \(run.stderr)")
            #expect(!run.stderr.contains("changed since it was probed"), "\(extra)")
        }
    }
}
