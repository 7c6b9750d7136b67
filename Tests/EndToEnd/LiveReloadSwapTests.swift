import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
import TestSupport

/// `serve --watch` when the plugin file is swapped right after the checks of a new build, before
/// its workers start (issue 46): the workers load the checked build from the descriptor the host
/// holds, never the path again, so every page answers 200 (the old build, then the checked one),
/// none 500; the swapped file is checked as a build of its own, and its refusal is logged. The
/// moment is made deterministic with the host's test hook `SCENE_HOST_TEST_RELOAD_HOLD`
/// (`ReloadTestHold`: it only delays a reload).
@Suite("live reload (--watch): a build swapped after its checks")
struct LiveReloadSwapTests {
    typealias WatchedApp = LiveReloadTests.WatchedApp

    @MainActor
    @Test(
        "serve --watch: a file swapped right after the checks: the checked build is loaded, pages answer 200 never 500, and the log says what happened"
    )
    func swappedAfterChecks() throws {
        let app = try WatchedApp()
        let release = app.folder.path("release-hold")
        let server = try ServeCommandTests.Server(
            ["--watch", "--config", app.config], environment: ["SCENE_HOST_TEST_RELOAD_HOLD": release])
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: server.address)
        let session = try http.newSession()
        _ = try http.act(cookie: session.cookie, token: session.token, "area.notes=kept+text&action=tap%3Asave")
        var statuses: [Int] = [try http.get(cookie: session.cookie).status]

        // A new build; its checks pass, and the host holds right after them.
        try WatchedApp.install(BuildProducts.library("FixtureFormReworded"), at: app.plugin)
        var errors = ""
        for _ in 0..<1200 where !errors.contains("test hook: the checks passed") {
            Thread.sleep(forTimeInterval: 0.05)
            errors = try String(contentsOf: server.errors, encoding: .utf8)
        }
        #expect(
            errors.contains(
                "scene-host serve: --watch: test hook: the checks passed and their files are held; waiting for \(release)"
            ), "\(errors)")
        // Swapped now, after the checks: a file that is no library takes the path.
        try app.installBroken()
        _ = FileManager.default.createFile(atPath: release, contents: nil)

        // Every page is the old build's or the checked one's; the swapped file never runs.
        var page = ""
        for _ in 0..<1200 {
            let answer = try http.get(cookie: session.cookie)
            statuses.append(answer.status)
            page = answer.body
            errors = try String(contentsOf: server.errors, encoding: .utf8)
            if page.contains("56 days"), errors.contains("was refused") { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(!statuses.contains(500), "\(statuses)\n\(errors)")
        #expect(statuses.allSatisfy { $0 == 200 }, "\(statuses)")
        #expect(
            page.contains("56 days") && page.contains("kept text"),
            "the checked build does not run: \(page.prefix(1500))\n\(errors)")
        let output = try String(contentsOf: server.output, encoding: .utf8)
        #expect(output.contains("--watch: reloaded the new build of Form in "), "\(output)")
        #expect(
            errors.contains("--watch: the new build of Form was refused; the old build keeps running:"), "\(errors)")
        #expect(errors.contains("libForm.so"), "the refusal does not name the file: \(errors)")
        #expect(!errors.contains("answered 500"), "\(errors)")

        // The checked build goes on answering actions.
        let acted = try http.act(cookie: session.cookie, token: session.token, "area.notes=after&action=tap%3Asave")
        #expect(acted.status == 303 || acted.status == 200, "\(acted.status) \(acted.body.prefix(300))")
        let last = try http.get(cookie: session.cookie)
        #expect(
            last.status == 200 && last.body.contains("after") && last.body.contains("56 days"),
            "\(last.status) \(last.body.prefix(1500))")
    }
}
