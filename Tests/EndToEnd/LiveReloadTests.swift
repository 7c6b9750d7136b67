import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
import TestSupport

/// `--watch` through the real binaries: a new build of a plugin (FixtureFormReworded: the same
/// scene with a fourth loan period) is copied over the plugin's file as a linker writes it,
/// and the open sessions show it on the screen they were on, with what was typed; a build the
/// checks refuse changes nothing and says why.
@Suite("live reload (--watch)")
struct LiveReloadTests {
    /// A config whose one plugin is a copy of FixtureForm in a folder of its own (the file a build replaces).
    struct WatchedApp {
        let folder: TemporaryFolder
        let config: String
        let plugin: String

        init() throws {
            folder = try TemporaryFolder()
            try FileManager.default.createDirectory(atPath: folder.path("build"), withIntermediateDirectories: true)
            plugin = folder.path("build/libForm.so")
            try Self.install(BuildProducts.library("FixtureForm"), at: plugin)
            config = try folder.write(
                """
                initial = "LoanForm"

                [host]
                workers = 1

                [plugins.Form]
                path = "build/libForm.so"
                """, to: "app.conf")
        }

        /// Writes `library` to `path` as a linker does: a new file, renamed over the old one.
        static func install(_ library: String, at path: String) throws {
            try install(bytes: Data(contentsOf: URL(fileURLWithPath: library)), at: path)
        }

        /// Writes `bytes` to `path` as a linker does.
        static func install(bytes: Data, at path: String) throws {
            let temporary = path + ".tmp"
            try bytes.write(to: URL(fileURLWithPath: temporary))
            chmod(temporary, 0o755)
            guard rename(temporary, path) == 0 else { throw LoopbackHTTP.Failure(description: "rename: \(errno)") }
        }

        /// A broken build: a file that is no library, written as a linker writes one.
        func installBroken() throws {
            try Self.install(bytes: Data("not a library".utf8), at: plugin)
        }
    }

    @Test(
        "run --watch: a new build is shown on the same screen with the filled text and the line being typed; a refused build changes nothing and says why"
    )
    func terminalReload() throws {
        let app = try WatchedApp()
        let host = try TerminalHost(["run", "--watch", "--config", app.config])
        #expect(host.waitFor { $0.contains("Notes") && $0.contains("> ") }, "\(host.screen)\n\(host.stderr)")
        host.type("fill notes kept text\r")
        #expect(host.waitFor { $0.contains("\"kept text\"") }, "\(host.screen)")
        host.type("tap sa")
        var mark = host.mark
        try WatchedApp.install(BuildProducts.library("FixtureFormReworded"), at: app.plugin)
        #expect(
            host.waitFor(after: mark) { $0.contains("56 days") && $0.contains("> tap sa") },
            "\(host.shown(after: mark))\n\(host.stderr)")
        let reloaded = host.shown(after: mark)
        #expect(reloaded.contains("notice: reloaded the new build of 'Form'; the screen was restored."), "\(reloaded)")
        #expect(reloaded.contains("\"kept text\""), "the filled text is gone: \(reloaded)")
        // The typed line goes on where it was, on the new build.
        host.type("ve\r")
        #expect(host.waitFor(after: mark) { $0.contains("notes 1 lines") }, "\(host.shown(after: mark))")

        // A broken build: the probe refuses it, the old build keeps running, and the screen says why.
        mark = host.mark
        try app.installBroken()
        #expect(host.waitFor(after: mark) { $0.contains("was refused") }, "\(host.shown(after: mark))\n\(host.stderr)")
        let refused = host.shown(after: mark)
        #expect(
            refused.contains(
                "error: the new build of 'Form' was refused, so the old build keeps running and nothing changed."),
            "\(refused)")
        #expect(refused.contains("libForm.so"), "the refusal does not name the file: \(refused)")
        #expect(refused.contains("56 days") && refused.contains("\"kept text\""), "\(refused)")
        host.type("fill notes after\r")
        #expect(
            host.waitFor(after: mark) { $0.contains("\"after\"") },
            "the old build stopped answering: \(host.shown(after: mark))")

        // Fixed again: the next build is taken.
        mark = host.mark
        try WatchedApp.install(BuildProducts.library("FixtureForm"), at: app.plugin)
        #expect(
            host.waitFor(after: mark) { $0.contains("notice: reloaded") && $0.contains("Notes") },
            "\(host.shown(after: mark))")
        host.type("quit\r")
        #expect(host.finish() == 0, "\(host.stderr)")
    }

    @MainActor
    @Test(
        "serve --watch: a GET after a new build shows the session's screen rendered by it, with its fields; a refused build is said on the page and the server's output"
    )
    func serveReload() throws {
        let app = try WatchedApp()
        let server = try ServeCommandTests.Server(["--watch", "--config", app.config])
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: server.address)
        let session = try http.newSession()
        _ = try http.act(cookie: session.cookie, token: session.token, "area.notes=kept+text&action=tap%3Asave")
        let before = try http.get(cookie: session.cookie).body
        #expect(before.contains("Notes") && before.contains("kept text"), "\(before)")
        try WatchedApp.install(BuildProducts.library("FixtureFormReworded"), at: app.plugin)
        // The reload is waited for (the watch, the checks and a new worker take a while on a loaded machine).
        var page = ""
        let reloaded = ContinuousClock.now + Slack.scaled(.seconds(5))
        repeat {
            page = try http.get(cookie: session.cookie).body
            if page.contains("56 days") { break }
            Thread.sleep(forTimeInterval: 0.05)
        } while ContinuousClock.now < reloaded
        #expect(page.contains("56 days") && page.contains("kept text"), "\(page)\n\(server.output)")
        #expect(page.contains("The app was reloaded with a new build of Form"), "\(page)")
        // News, not an error: announced politely, with no reference to look up, and shown once.
        #expect(page.contains("role=\"status\"") && !page.contains("Reference:"), "\(page)")
        let again = try http.get(cookie: session.cookie).body
        #expect(!again.contains("The app was reloaded"), "\(again)")
        let output = try String(contentsOf: server.output, encoding: .utf8)
        #expect(output.contains("--watch: watching 1 plugin file for new builds (development only)"), "\(output)")
        #expect(output.contains("--watch: reloaded the new build of Form in "), "\(output)")

        try app.installBroken()
        var errors = ""
        let refused = ContinuousClock.now + Slack.scaled(.seconds(5))
        while !errors.contains("was refused"), ContinuousClock.now < refused {
            Thread.sleep(forTimeInterval: 0.05)
            errors = try String(contentsOf: server.errors, encoding: .utf8)
        }
        #expect(
            errors.contains("--watch: the new build of Form was refused; the old build keeps running:"), "\(errors)")
        page = try http.get(cookie: session.cookie).body
        #expect(page.contains("A new build of Form was refused") && page.contains("56 days"), "\(page)")
        // In a reload's words: nothing of a start that did not load (the old build runs on).
        #expect(
            !page.contains("so these are unknown too") && !page.contains("The host did not load")
                && !errors.contains("so these are unknown too"), "\(page)\n\(errors)")
        // The old build still answers.
        let acted = try http.act(cookie: session.cookie, token: session.token, "area.notes=after&action=tap%3Asave")
        #expect(acted.status == 303 || acted.status == 200, "\(acted.status) \(acted.body.prefix(300))")
        #expect(try http.get(cookie: session.cookie).body.contains("after"))
        // After an accepted and a refused reload, SIGTERM still drains and ends it (exit 0).
        #expect(server.stop() == 0, "\(server.output)")
    }

    @Test(
        "run --watch: a scene the new build cannot build again is cut off with the scenes above it, with the notice a crash restore gives"
    )
    func stackCutOnReload() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path("build"), withIntermediateDirectories: true)
        let plugin = folder.path("build/libFragile.so")
        try WatchedApp.install(BuildProducts.library("FixtureFragile"), at: plugin)
        let config = try folder.write(
            """
            initial = "FragileHome"

            [plugins.Fragile]
            path = "build/libFragile.so"

            [plugins.Fragile.settings]
            bomb = "bomb"
            """, to: "fragile.conf")
        let host = try TerminalHost(["run", "--watch", "--config", config])
        #expect(
            host.waitFor { $0.contains("== FragileHome ==") && $0.contains("> ") }, "\(host.screen)\n\(host.stderr)")
        // Depth 2 is armed: building it again crashes (its viewDidLoad reads the bomb file `arm` wrote).
        for command in ["tap deeper", "fill mode kept", "tap deeper", "fill mode arm", "tap strike"] {
            let mark = host.mark
            host.type(command + "\r")
            #expect(
                host.waitFor(after: mark) { $0.contains("> ") && $0.contains("== Fragile") },
                "\(host.shown(after: mark))")
        }
        let mark = host.mark
        // The same library written again as a new file: a new build to the watch, vouched for by the checks.
        try WatchedApp.install(BuildProducts.library("FixtureFragile"), at: plugin)
        #expect(
            host.waitFor(after: mark) { $0.contains("notice: reloaded") }, "\(host.shown(after: mark))\n\(host.stderr)")
        let shown = host.shown(after: mark)
        #expect(
            shown.contains(
                "notice: reloaded the new build of 'Fragile'; the stack was restored below 'Fragile', which could not be built again: building it again ended the new worker too (SIGSEGV)"
            ), "\(shown)")
        #expect(
            shown.contains("== Fragile 1 ==  (FragileHome › Fragile)") && shown.contains("field   mode      \"kept\""),
            "\(shown)")
        host.type("quit\r")
        #expect(host.finish() == 0, "\(host.stderr)")
    }

    @Test("--watch refuses --in-process and scripts; serve --watch off loopback warns")
    func refusals() throws {
        let app = try WatchedApp()
        let inProcess = try HostProcess.run(["run", "--watch", "--in-process", "--config", app.config], input: "")
        #expect(inProcess.status == 64, "\(inProcess.stderr)")
        #expect(inProcess.stderr.contains("--watch and --in-process exclude each other"), "\(inProcess.stderr)")
        let script = try HostProcess.run(["run", "--watch", "--config", app.config], input: "quit\n")
        #expect(script.status == 64, "\(script.stderr)")
        #expect(script.stderr.contains("--watch is for the interactive terminal"), "\(script.stderr)")
        let help = try HostProcess.run(["run", "--help"], input: "")
        #expect(help.stdout.contains("--watch") && help.stdout.contains("Development only"), "\(help.stdout)")
        let serveHelp = try HostProcess.run(["serve", "--help"], input: "")
        #expect(
            serveHelp.stdout.contains("--watch") && serveHelp.stdout.contains("Development only"), "\(serveHelp.stdout)"
        )
    }

    @MainActor
    @Test("serve --watch on an address that is not loopback warns that new builds go live for everyone")
    func offLoopbackWarns() throws {
        let app = try WatchedApp()
        let server = try ServeCommandTests.Server(["--watch", "--host", "0.0.0.0", "--config", app.config])
        defer { _ = server.stop() }
        let errors = try String(contentsOf: server.errors, encoding: .utf8)
        #expect(
            errors.contains(
                "warning: --watch on --host 0.0.0.0: every new build in the watched folders goes live for everyone who can reach this address."
            ), "\(errors)")
    }
}
