import Foundation
import Testing
import TestSupport

/// `scene-host new plugin`, run as the user runs it: a three-plugin app, built, tested and checked.
@Suite("scene-host new plugin (end to end)")
struct NewPluginEndToEndTests {
    @Test(
        "three plugins (a package, two --into): build and tests pass with no warning, check loads them",
        .disabled(if: NewSceneTests.skipSlow, "SCENE_HOST_SKIP_SLOW=1"), .timeLimit(.minutes(30)))
    func threePluginAppBuildsTestsAndLoads() throws {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let runs = [
            ["new", "plugin", "Shop", "--scene", "Shop", "--scene", "Cart", "--scene", "Checkout", "--package", "App"],
            ["new", "plugin", "AccountScene", "--into", "App"],
            ["new", "plugin", "Help", "--scene", "Faq", "--into", "App"],
        ]
        var lines: [String] = []
        for arguments in runs {
            let created = try HostProcess.run(arguments + ["--config", "scenes.conf"], in: folder.url)
            try #require(created.status == 0, "\(arguments): \(created.stderr)")
            lines += NewSceneTests.pluginLines(in: created.stdout)
        }
        #expect(
            lines == [
                "[plugins.Shop]", "path = \"App/.build/debug/libShop.so\"",
                "[plugins.AccountScene]", "path = \"App/.build/debug/libAccountScene.so\"",
                "[plugins.Help]", "path = \"App/.build/debug/libHelp.so\"",
            ])
        let package = folder.url.appendingPathComponent("App")

        // No warning anywhere: not SwiftPM's (a dependency no target uses), not the compiler's.
        let swift = try NewSceneTests.swiftExecutable()
        let build = try ChildRun.run(
            swift, ["build"], input: "", in: package, environment: ProcessInfo.processInfo.environment,
            timeLimit: .seconds(1200))
        try #require(build.status == 0 && !build.timedOut, "swift build failed:\n\(build.stdout)\n\(build.stderr)")
        #expect(
            !(build.stdout + build.stderr).contains("warning:"), "swift build warns:\n\(build.stdout)\n\(build.stderr)")
        let test = try ChildRun.run(
            swift, ["test"], input: "", in: package, environment: ProcessInfo.processInfo.environment,
            timeLimit: .seconds(1200))
        #expect(test.status == 0 && !test.timedOut, "swift test failed:\n\(test.stdout)\n\(test.stderr)")
        #expect(!(test.stdout + test.stderr).contains("warning:"), "swift test warns:\n\(test.stdout)\n\(test.stderr)")
        // Each plugin's own test target ran: Shop's three scenes (and its two routes), Account and Faq.
        for suite in ["Shop", "Cart", "Checkout", "Account", "Faq"] {
            #expect((test.stdout + test.stderr).contains("Suite \"\(suite)\" passed"), "\(test.stdout)")
        }

        // The printed lines, as printed, and the first scene of the first plugin to start at.
        let config = try folder.write(
            "initial = \"Shop\"\n\n" + lines.joined(separator: "\n") + "\n", to: "scenes.conf")
        let check = try HostProcess.run(["check", "--config", config])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(
            check.stdout.hasPrefix(
                "check: ok: \(config): 3 plugins (Shop 0.1.0, AccountScene 0.1.0, Help 0.1.0), 5 scenes"),
            "\(check.stdout)")

        // Shop's first scene routes to Cart with its button, and back.
        try folder.write("tap showCart\ntap done\n", to: "shop.script")
        let run = try HostProcess.run(["run", "--config", config, "--script", folder.path("shop.script")])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let screens = run.stdout.components(separatedBy: "\n> ")
        #expect(screens.count == 3, "\(run.stdout)")
        #expect(screens.dropFirst().first?.contains("== Cart ==  (Shop › Cart)") == true, "\(run.stdout)")
        #expect(screens.last?.contains("== Shop ==") == true, "\(run.stdout)")
    }
}
