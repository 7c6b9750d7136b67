import Foundation
import Testing
import TestSupport

/// `[host] clock` pins the wall clock scenes read (`SceneClock`): the same time in every run, in a
/// scene worker and in process, from a fresh start and from the start-up cache (issue 49, point 4).
@Suite("[host] clock pins the scenes' clock (end to end)")
struct PinnedClockTests {
    /// A config of the Clock fixture whose `[host] clock` is `clock` (a TOML value).
    static func config(clock: String) throws -> (folder: TemporaryFolder, path: String) {
        let folder = try TemporaryFolder()
        let path = try folder.write(
            "initial = \"Clock\"\n\n[host]\nclock = \(clock)\n\n[plugins.Clock]\npath = \"\(BuildProducts.library("FixtureClock"))\"\n",
            to: "scenes.conf")
        return (folder, path)
    }

    @Test("a scene shows the pinned time in a worker and in process, twice (the second start from the cache)")
    func pinned() throws {
        let (folder, config) = try Self.config(clock: "2026-01-01T09:30:00+01:00")
        defer { withExtendedLifetime(folder) {} }
        for arguments in [["run", "--config", config], ["run", "--config", config, "--in-process"]] {
            for _ in 0..<2 {
                let host = try BoundedHostProcess.run(arguments, limit: .seconds(120))
                #expect(host.status == 0, "\(arguments): \(host.stderr)")
                #expect(host.stdout.contains("It is 08:30 UTC"), "\(arguments): \(host.stdout)")
            }
        }
    }

    @Test("a local date-time, which names no instant, stops the start, located")
    func localRefused() throws {
        let (folder, config) = try Self.config(clock: "2026-01-01T09:30:00")
        defer { withExtendedLifetime(folder) {} }
        let host = try BoundedHostProcess.run(["run", "--config", config], limit: .seconds(120))
        #expect(host.status == 2)
        #expect(
            host.stderr.hasPrefix(
                "\(config):4:9: error: 'clock' is \"2026-01-01T09:30:00\"; expected a date-time with its offset"),
            "\(host.stderr)")
    }
}
