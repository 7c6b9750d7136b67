import Foundation
import Testing
import TestSupport

/// Only verdicts about the file are recorded, a time-out with its limit, and --probe-timeout is
/// validated (issue 8, item 9).
@Suite("Probe verdicts and limits (end to end)")
struct ProbeVerdictTests {
    /// The limits race a plugin that never returns (FixtureHang), and `check` gives its check child
    /// three of them (`--probe-timeout` per plugin probed, once more to build, one to spare): the
    /// quiet-machine limits (0.3 s, 0.6 s, 0.4 s) are scaled (`Slack`), so a loaded machine that
    /// takes seconds to start the child and its probe still sees each probe time out, not the child.
    @Test("a time-out is recorded with its limit: a longer limit probes again, a shorter one replays it")
    func timeoutLimit() throws {
        let folder = try TemporaryFolder()
        let cache = folder.path("probes.json")
        let path = BuildProducts.library("FixtureHang")
        let config = try folder.write(DemoConfig.config(initial: "Hang", plugins: [("Hang", path)]), to: "scenes.conf")
        func message(_ seconds: Int64) -> String {
            "\(config):3:1: error: plugin 'Hang' (\(path)) did not finish loading within \(seconds) s in its probe: it hangs in its entry point or while registering. The host did not load it: fix the plugin, raise --probe-timeout if it is only slow, or remove it from the config."
        }
        let recorded =
            " [recorded by an earlier probe of this unchanged file; 'scene-host check --rescan' probes again]"
        let environment = ["SCENE_HOST_PROBE_CACHE": cache]
        // Whole seconds, as the flag is given and the message says them.
        let (firstLimit, longerLimit, shorterLimit) = (
            Slack.scaled(.milliseconds(300)).components.seconds,
            Slack.scaled(.milliseconds(600)).components.seconds,
            Slack.scaled(.milliseconds(400)).components.seconds
        )

        let first = try BoundedHostProcess.run(
            ["check", "--config", config, "--probe-timeout", "\(firstLimit)"], environment: environment)
        #expect(first.stderr.hasPrefix(message(firstLimit) + "\n"), "\(first.stderr)")
        let longer = try BoundedHostProcess.run(
            ["check", "--config", config, "--probe-timeout", "\(longerLimit)"], environment: environment)
        #expect(longer.stderr.hasPrefix(message(longerLimit) + "\n"), "\(longer.stderr)")
        let shorter = try BoundedHostProcess.run(
            ["check", "--config", config, "--probe-timeout", "\(shorterLimit)"], environment: environment)
        #expect(shorter.stderr.hasPrefix(message(longerLimit) + recorded + "\n"), "\(shorter.stderr)")
        for run in [first, longer, shorter] { #expect(run.status == 3 && !run.signaled) }
    }

    @Test(
        "--probe-timeout refuses values that are not a sane limit, with a usage error (64)",
        arguments: ["0", "-1", "nan", "inf", "-inf", "3601", "1e400", "0.0001"])
    func invalidTimeout(value: String) throws {
        let folder = try TemporaryFolder()
        let config = try folder.write(DemoConfig.text, to: "scenes.conf")
        for command in ["check", "run", "list", "graph"] {
            let host = try BoundedHostProcess.run(
                [command, "--config", config, "--probe-timeout=\(value)"], limit: .seconds(60))
            #expect(host.status == 64 && !host.signaled, "\(command) \(value): \(host.stderr)")
            #expect(host.stderr.hasPrefix("Error: --probe-timeout is "), "\(command) \(value): \(host.stderr)")
            #expect(host.stderr.contains("give a number of seconds from 0.001 to 3600 (default 10)."))
        }
    }

    @Test(
        "--probe-timeout VALUE in its own argument: a negative one is a value, refused with the range (issue 19, item 9)",
        arguments: ["-1", "-0.5", "-inf"])
    func negativeTimeoutArgument(value: String) throws {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let config = try folder.write(DemoConfig.text, to: "scenes.conf")
        let host = try BoundedHostProcess.run(
            ["check", "--config", config, "--probe-timeout", value], limit: .seconds(60))
        #expect(host.status == 64 && !host.signaled, "\(value): \(host.stderr)")
        #expect(
            host.stderr.hasPrefix(
                "Error: --probe-timeout is \(value == "-inf" ? "-inf" : String(Double(value) ?? 0)); give a number of seconds from 0.001 to 3600 (default 10)."
            ),
            "\(value): \(host.stderr)")
    }
}
