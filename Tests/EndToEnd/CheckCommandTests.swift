import Foundation
import Testing
import TestSupport

@Suite("scene-host check (end to end)")
struct CheckCommandTests {
    @Test("the demo config checks clean with exit 0")
    func demoIsClean() throws {
        let result = try HostProcess.run(["check"], in: BuildProducts.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout
                == "check: ok: scenes.conf: 2 plugins (HomeScene 1.0.0, DetailScene 1.0.0), 2 scenes, 1 segue\n")
    }

    @Test("check lists every problem it finds, not only the first")
    func listsAllProblems() throws {
        let folder = try TemporaryFolder()
        let text = DemoConfig.config(
            initial: "Nowhere",
            plugins: [("Missing", folder.path("libMissing.so")), ("HomeScene", BuildProducts.library("HomeScene"))])
        let config = try folder.write(text, to: "scenes.conf")
        let result = try HostProcess.run(["check", "--config", config])
        #expect(result.status == 3)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.first?.hasPrefix("\(config):3:1: error: plugin 'Missing': file not found") == true)
        // The scenes unknown only because the plugin failed are listed under its error, not as errors of their own.
        #expect(
            lines.dropFirst().first
                == "  (so these are unknown too: initial scene 'Nowhere' at \(config):1:11, route from 'Home' to 'Detail' of plugin 'HomeScene' at \(config):6:1)"
        )
        #expect(lines.last == "check: 1 problem in \(config)")
    }

    @Test(
        "an unknown scene close to a registered one stays an error of its own, with its did-you-mean, under a failed plugin too"
    )
    func typoBesideFailedPlugin() throws {
        let folder = try TemporaryFolder()
        let text = DemoConfig.config(
            initial: "Hme",
            plugins: [("Missing", folder.path("libMissing.so")), ("HomeScene", BuildProducts.library("HomeScene"))])
        let config = try folder.write(text, to: "scenes.conf")
        let result = try HostProcess.run(["check", "--config", config])
        #expect(result.status == 3)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(result.stderr)")
        #expect(
            lines.dropFirst().first
                == "  (so these are unknown too: route from 'Home' to 'Detail' of plugin 'HomeScene' at \(config):6:1)")
        #expect(
            lines.dropFirst(2).first
                == "\(config):1:11: error: initial scene 'Hme' is not registered by any plugin. Did you mean 'Home'? Registered scenes: Home."
        )
        #expect(lines.last == "check: 2 problems in \(config)")
    }

    @Test("check lists every unknown key of a table, each at its place, and counts each (issue 19, item 9)")
    func everyUnknownKey() throws {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let config = try folder.write(
            "initial = \"Home\"\n[plugins.P]\npath = \"x\"\nbogus = 1\nsub.key = 2\n", to: "scenes.conf")
        let result = try HostProcess.run(["check", "--config", config])
        #expect(result.status == 2)
        #expect(
            result.stderr == """
                \(config):4:1: error: unknown key 'bogus' in [plugins.P]. Allowed keys: path, sha256, settings, grant.
                \(config):5:1: error: unknown key 'sub' in [plugins.P]. Allowed keys: path, sha256, settings, grant.
                check: 2 problems in \(config)

                """)
    }

    @Test("a usage error exits 64")
    func usageError() throws {
        let result = try HostProcess.run(["check", "--nope"])
        #expect(result.status == 64)
    }
}
