import Foundation
import Testing
import HostTestSupport
import TestSupport

/// Work in the background (`SceneInteractor.perform`) through the real binaries and a scene
/// worker (the Async fixture): a script prints each screen after its work ended, an error the
/// work did not catch is a notice, and in `serve` one session's slow work holds up no other.
@Suite("Background work: run and serve (end to end)")
struct BackgroundWorkTests {
    /// The Async fixture on one worker, with a 2 s event time limit.
    static func asyncApp() throws -> FixtureApp {
        try FixtureApp(initial: "Shelf", plugin: "Async", library: "FixtureAsync", host: "event-timeout = 2\nworkers = 1")
    }

    @Test("a script's first screen shows the loaded books; an uncaught failure is a notice and the screen stays; a caught one is presented", arguments: [false, true])
    func script(inProcess: Bool) throws {
        let app = try Self.asyncApp()
        let result = try HostProcess.run(["run", "--config", app.config] + (inProcess ? ["--in-process"] : []), input: "tap fail\ntap caught\n")
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.hasPrefix("""
            == Shelf ==  (Shelf)
            label   status    Loaded 3 books
            list    books
                              0  Dune
                              1  Emma
                              2  Ulysses
            """), "\(result.stdout)")
        #expect(result.stdout.contains("""
            > tap fail
            notice: the background work of scene 'Shelf' failed: the shelf is locked. The screen is as it was; try again.
            == Shelf ==  (Shelf)
            label   status    Loaded 3 books
            """), "\(result.stdout)")
        #expect(result.stdout.contains("""
            > tap caught
            == Shelf ==  (Shelf)
            label   status    Could not reload: the shelf is locked
            """), "\(result.stdout)")
    }

    @Test("work that does not end within the event time limit leaves the screen busy, and going back cancels it")
    func slowWorkIsCancelledOnBack() throws {
        let app = try Self.asyncApp()
        let start = ContinuousClock.now
        let result = try HostProcess.run(["run", "--config", app.config], input: "tap slow\nback\n")
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("""
            > tap slow
            == Slow ==  (Shelf › Slow)
            label   status   Loading
            busy    loading  Loading books …
            """), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("""
            > back
            == Shelf ==  (Shelf)
            label   status    Loaded 3 books
            list    books
                              0  Dune
                              1  Emma
                              2  Ulysses
            button  fail      [Fail]
            button  caught    [Fail and catch]
            button  slow      [Slow shelf]
            button  tick      [Tick]
            label   ticks     idle
            button  follow    [Follow]
            label   followed  Followed 0
            button  soon      [Reload in a second]
            button  time      [Clock]
            label   clock    \u{20}
            button  flood     [Flood]
            label   flooded  \u{20}
            button  quiet     [Wait quietly]
            field   note      ""

            """), "\(result.stdout)")
        // The 30 s load was cancelled: the run waited one event time limit for it, not thirty seconds.
        #expect(ContinuousClock.now - start < .seconds(20))
    }

    @MainActor
    @Test("serve: one session's 30 s load holds up no other session's action on the same worker")
    func otherSessionsGoOn() throws {
        let app = try Self.asyncApp()
        let server = try ServeCommandTests.Server(["--config", app.config])
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: server.address)
        let slow = try http.newSession(firstAction: "action=tap%3Aslow")
        #expect(try http.get(cookie: slow.cookie).body.contains("<main aria-busy=\"true\""))
        let started = ContinuousClock.now
        let other = try http.newSession(firstAction: "action=tap%3Acaught")
        let page = try http.get(cookie: other.cookie).body
        #expect(ContinuousClock.now - started < .seconds(10), "another session waited for the slow load")
        #expect(page.contains("<h1 id=\"title\"><bdi>Shelf</bdi></h1>"), "\(page)")
    }

    @MainActor
    @Test("serve: a load that ends after the action was answered shows on the next page load, without JavaScript; so does its failure")
    func nextPageLoadShowsFinishedWork() throws {
        let app = try Self.asyncApp()
        let server = try ServeCommandTests.Server(["--config", app.config])
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: server.address)
        let session = try http.newSession(firstAction: "action=tap%3Aslow")
        _ = try http.act(cookie: session.cookie, token: session.token, "action=back")
        // Shelf's 50 ms load goes on while Slow covers it (Slow's 30 s load was cancelled): a page
        // load shows it busy until it ended, then the books, with no action in between.
        var page = try http.get(cookie: session.cookie).body
        for _ in 0..<50 where !page.contains("Loaded 3 books") {
            Thread.sleep(forTimeInterval: 0.1)
            page = try http.get(cookie: session.cookie).body
        }
        #expect(page.contains("Loaded 3 books") && page.contains("<main>\n"), "\(page)")
        _ = try http.act(cookie: session.cookie, token: session.token, "action=tap%3Afail")
        Thread.sleep(forTimeInterval: 0.2)
        page = try http.get(cookie: session.cookie).body
        #expect(page.contains("<div class=\"notice\" role=\"status\" id=\"error\">"), "\(page)")
        #expect(page.contains("Loaded 3 books"))
    }

    @Test("wait: a timer's count is waited for; a text that never comes fails after the event time limit; with no work running it fails at once")
    func waitForTimer() throws {
        let app = try Self.asyncApp()
        let start = ContinuousClock.now
        let result = try HostProcess.run(["run", "--config", app.config], input: """
            wait label ticks "ready"
            tap tick
            wait label ticks "ready"
            wait label status "Loading"

            """)
        #expect(result.status == 1, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("""
            > wait label ticks "ready"
            <stdin>:1: error: wait label 'ticks' "ready": it shows "idle", and no background work is running that could change it.
            """), "\(result.stdout)")
        // The timer never ends: the screen after `tap tick` waited the event time limit (2 s, at
        // 100 ms a tick: "ticking"); `wait` then waits until its 30th tick says "ready".
        let afterTick = try #require(result.stdout.components(separatedBy: "> tap tick\n").last)
        #expect(afterTick.contains("\n> wait label ticks \"ready\"\n== Shelf ==  (Shelf)\n"), "\(result.stdout)")
        #expect(result.stdout.components(separatedBy: ": error: wait").count == 3, "\(result.stdout)")
        #expect(result.stdout.contains("""
            > wait label status "Loading"
            <stdin>:4: error: wait label 'status' "Loading": it shows "Loaded 3 books", after 2.0 s (the event time limit).
            """), "\(result.stdout)")
        #expect(ContinuousClock.now - start < .seconds(20))
    }
}
