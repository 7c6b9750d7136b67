import Foundation
import Testing
import TestSupport

/// `run` and `serve` refuse at start everything `check` reports as an error (issue 20 item 2):
/// the same broken configs through all three commands give the same error lines and exit code,
/// and nothing is shown.
@Suite("run and serve refuse at start what check refuses (end to end)")
struct StartRefusalTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        /// Writes the config into the folder; returns its path.
        let make: @Sendable (TemporaryFolder) throws -> String
        let status: Int32
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "a scene asks for a native function as another Swift type (not the initial scene)",
            make: { folder in
                try folder.write(
                    DemoConfig.config(plugins: [
                        ("HomeScene", BuildProducts.library("HomeScene")),
                        ("DetailScene", BuildProducts.library("DetailScene")),
                        ("Mixed", BuildProducts.library("FixtureNativeSwift")),
                        ("Pricing", BuildProducts.library("NativePricing")),
                    ]) + "[[segues]]\nfrom = \"Home\"\nid = \"showDetail\"\nto = \"Detail\"\n", to: "scenes.conf")
            }, status: 4),
        Case(
            name: "a segue to a scene no plugin registers, and one more",
            make: { folder in
                try folder.write(
                    DemoConfig.config(plugins: [
                        ("HomeScene", BuildProducts.library("HomeScene")),
                        ("DetailScene", BuildProducts.library("DetailScene")),
                    ])
                        + "[[segues]]\nfrom = \"Home\"\nid = \"showDetail\"\nto = \"Detial\"\n[[segues]]\nfrom = \"Hom\"\nid = \"x\"\nto = \"Detail\"\n",
                    to: "scenes.conf")
            }, status: 4),
        Case(
            name: "a router takes a string route its definition does not declare (a typo in code)",
            make: { folder in
                try folder.write(
                    DemoConfig.config(
                        initial: "NoteList", plugins: [("Typo", BuildProducts.library("FixtureRouteTypo"))]),
                    to: "scenes.conf")
            }, status: 4),
        Case(
            name: "a misspelt setting and a setting of another type",
            make: { folder in
                var text = "initial = \"ListOrders\"\n"
                for (name, line) in [
                    ("ListOrdersScene", "databse = \"o.sqlite\""), ("ShowOrderScene", "database = 42"),
                    ("EditOrderScene", "database = \"o.sqlite\""),
                ] {
                    text +=
                        "[plugins.\(name)]\npath = \"\(BuildProducts.library(name))\"\n[plugins.\(name).settings]\n\(line)\n"
                }
                return try folder.write(
                    text + "[[segues]]\nfrom = \"ShowOrder\"\nid = \"edit\"\nto = \"EditOrder\"\nstyle = \"present\"\n",
                    to: "orders-stack.conf")
            }, status: 2),
    ]

    /// A scene that hangs only when built with the app's settings: its probe passed, and the check
    /// at start must end within its limit instead of keeping `run` and `serve` from starting. The
    /// probe limit is 1 s on a quiet machine, scaled (`Slack`): the plugin's probe must pass within it.
    @Test(
        "a scene that hangs only with the app's settings stops check and the start within the limit, naming the cause",
        arguments: [["check"], ["run"], ["serve", "--port", "0"]])
    func hangAtStart(_ command: [String]) throws {
        let folder = try TemporaryFolder()
        let config = try folder.write(
            DemoConfig.config(initial: "Stuck", plugins: [("Stuck", BuildProducts.library("FixtureSettingHang"))])
                + "[plugins.Stuck.settings]\nhang = true\n", to: "scenes.conf")
        let cache = folder.path("probes.cache")
        let probeTimeout = Slack.scaled(.seconds(1)).components.seconds
        let result = try HostProcess.run(
            command + ["--config", config, "--probe-timeout", "\(probeTimeout)"], input: "print\n", probeCache: cache,
            timeLimit: .seconds(60 + 3 * probeTimeout))
        #expect(!result.signaled && !result.timedOut)
        #expect(result.status == 3, "\(result.stderr)")
        // The limit: a probe's time per plugin to be probed and built, and one to spare (1 plugin: three probe limits).
        #expect(
            result.stderr.contains(
                "error: check stopped: building the plugins' scenes with the app's settings and services to check them did not finish (no answer within \(3 * probeTimeout) s): a plugin's code hangs outside its probe. Nothing was started."
            ), "\(result.stderr)")
        #expect(!result.stdout.contains("== Stuck =="))
    }

    /// The error lines of a command's standard error (warnings and last lines left out).
    static func errors(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter {
            $0.contains(": error: ") || $0.hasPrefix("  (so these")
        }
    }

    @Test("check, run and serve: the same errors, the same exit code, no screen", arguments: cases)
    func same(_ refusal: Case) throws {
        let folder = try TemporaryFolder()
        let config = try refusal.make(folder)
        let cache = folder.path("probes.cache")
        let check = try HostProcess.run(["check", "--config", config], probeCache: cache)
        #expect(check.status == refusal.status, "\(check.stderr)")
        let expected = Self.errors(check.stderr)
        #expect(!expected.isEmpty)
        for command in [["run"], ["serve", "--port", "0"]] {
            let result = try HostProcess.run(
                command + ["--config", config], input: "print\n", probeCache: cache, timeLimit: .seconds(60))
            #expect(!result.signaled)
            #expect(result.status == refusal.status, "\(command[0]): \(result.stderr)")
            #expect(Self.errors(result.stderr) == expected, "\(command[0]): \(result.stderr)")
            #expect(
                result.stderr.hasSuffix(
                    "\(command[0]): \(expected.filter { $0.contains(": error: ") }.count) problem\(expected.count == 1 ? "" : "s") in \(config); nothing was started ('scene-host check' reports the same)\n"
                ), "\(result.stderr)")
            #expect(!result.stdout.contains("=="), "\(command[0]) showed a screen: \(result.stdout)")
        }
    }
}
