import Foundation
import Testing
import TestSupport

/// A scene worker's answer larger than its channel takes (64 MiB) is named as such, with its size
/// and the limit, in `run`, `serve` and `call` (docs/security.md, "Scene workers"), never as a time-out: the
/// worker measures an answer before it encodes it and announces only the size of one too large
/// (issue 46). The sizes are what the worker measured: the texts of the reply, each counted once
/// (FixtureOversized: 70,000,000 bytes of label, and the screen's other texts).
@Suite("a message too large for its channel (end to end)")
struct OversizedFrameTests {
    /// The message of an answer of `bytes`.
    static func tooLarge(_ bytes: Int) -> String {
        "a message too large for its channel (\(bytes) bytes; limit 67108864)"
    }

    /// A config whose one plugin is FixtureOversized; a generous event time limit, so a loaded
    /// machine's slowness never stands in for the size.
    static func app() throws -> (folder: TemporaryFolder, config: String) {
        let folder = try TemporaryFolder()
        try PluginCopies.copy("FixtureOversized", to: "libOversized.so", in: folder)
        let config = try folder.write(
            """
            initial = "OversizedHome"

            [host]
            event-timeout = 120

            [plugins.Oversized]
            path = "libOversized.so"
            """, to: "app.conf")
        return (folder, config)
    }

    @Test("run: a render over the limit is named with its size; the screen is restored and the script goes on")
    func render() throws {
        let (folder, config) = try Self.app()
        let script = try folder.write("fill size 70000000\nfill size 3\n", to: "big.script")
        let result = try HostProcess.run(["run", "--config", config, "--script", script])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stdout.contains(
                "big.script:1: error: Oversized stopped (\(Self.tooLarge(70_000_040)) in scene 'OversizedHome' during 'fill size'); the screen was restored.\n"
            ),
            "\(result.stdout.prefix(2000))\n\(result.stderr.prefix(2000))")
        #expect(result.stdout.contains("field   size   \"3\""), "the run did not go on: \(result.stdout.prefix(2000))")
        #expect(!result.stdout.contains("no answer within"), "\(result.stdout.prefix(2000))")
    }

    @Test(
        "run --open: a link whose page is over the limit is named with its size, and the run ends with the link's status"
    )
    func link() throws {
        let (folder, config) = try Self.app()
        let script = try folder.write("", to: "empty.script")
        let result = try HostProcess.run(["run", "--config", config, "--open", "/big/70000000", "--script", script])
        #expect(result.status == 9, "\(result.stdout.prefix(2000))\n\(result.stderr.prefix(2000))")
        #expect(
            result.stdout.hasPrefix(
                "error: Oversized stopped (\(Self.tooLarge(70_000_032)) in scene 'OversizedItem' during 'opening the link '/big/70000000''); the screen was restored.\n"
            ),
            "\(result.stdout.prefix(2000))\n\(result.stderr.prefix(2000))")
    }

    @Test("call: a native result over the limit is named with its size, and exits with the native fault's status")
    func nativeResult() throws {
        let (_, config) = try Self.app()
        let result = try HostProcess.run(["call", "--config", config, "Oversized.oversized_text", "70000000"])
        #expect(result.status == 8, "\(result.stderr)")
        #expect(
            result.stderr
                == "error: Oversized.oversized_text stopped (\(Self.tooLarge(70_000_000))); nothing else changed. Native functions run in a scene worker, which was started again.\n"
        )
        #expect(result.stdout.isEmpty, "\(result.stdout.prefix(300))")
        // Under the limit, the same function answers.
        let small = try HostProcess.run(["call", "--config", config, "Oversized.oversized_text", "3"])
        #expect(small.status == 0 && small.stdout == "xxx\n", "\(small.stderr)")
    }

    @Test("serve: a render and a link page over the limit are logged with their size; the server goes on answering")
    func serve() throws {
        let (_, config) = try Self.app()
        let server = try ServeCommandTests.Server(["--config", config])
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: server.address)
        let session = try http.newSession()
        let acted = try http.act(
            cookie: session.cookie, token: session.token, "field.size=70000000&action=tap%3Aapply", limit: 120)
        #expect(acted.status != 500, "\(acted.status) \(acted.body.prefix(600))")
        let link = try http.get("/big/70000000", limit: 120)
        // A link that ends the worker is a page that could not be made (500): logged with its cause.
        #expect(link.status == 500, "\(link.status) \(link.body.prefix(600))")
        let after = try http.get(cookie: session.cookie)
        #expect(after.status == 200 && after.body.contains("Oversized"), "\(after.status) \(after.body.prefix(600))")
        let start = try http.get()
        #expect(start.status == 200, "\(start.status) \(start.body.prefix(600))")
        let log = try String(contentsOf: server.errors, encoding: .utf8)
        #expect(
            log.contains(
                "Oversized stopped (\(Self.tooLarge(70_000_040)) in scene 'OversizedHome' during 'fill size, tap apply')"
            ), "\(log)")
        #expect(
            log.contains(
                "answered 500: error: Oversized stopped (\(Self.tooLarge(70_000_032)) in scene 'OversizedItem' during 'opening the link 'big/70000000'')"
            ), "\(log)")
        #expect(!log.contains("no answer within"), "\(log)")
    }
}
