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
        try FixtureApp(
            initial: "Shelf", plugin: "Async", library: "FixtureAsync", host: "event-timeout = 2\nworkers = 1")
    }

    @Test(
        "a script's first screen shows the loaded books; an uncaught failure is a notice and the screen stays; a caught one is presented",
        arguments: [false, true])
    func script(inProcess: Bool) throws {
        let app = try Self.asyncApp()
        let result = try HostProcess.run(
            ["run", "--config", app.config] + (inProcess ? ["--in-process"] : []), input: "tap fail\ntap caught\n")
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(
            result.stdout.hasPrefix(
                """
                == Shelf ==  (Shelf)
                label   status    Loaded 3 books
                list    books
                                  0  Dune
                                  1  Emma
                                  2  Ulysses
                """), "\(result.stdout)")
        #expect(
            result.stdout.contains(
                """
                > tap fail
                notice: the background work of scene 'Shelf' failed: the shelf is locked. The screen is as it was; try again.
                == Shelf ==  (Shelf)
                label   status    Loaded 3 books
                """), "\(result.stdout)")
        #expect(
            result.stdout.contains(
                """
                > tap caught
                == Shelf ==  (Shelf)
                label   status    Could not reload: the shelf is locked
                """), "\(result.stdout)")
    }

    @Test("work that does not end within the event time limit leaves the screen busy, and going back cancels it")
    func slowWorkIsCancelledOnBack() throws {
        let app = try Self.asyncApp()
        // Typed one command at a time, so `tap slow` is timed on its own: the host's start, which a loaded
        // machine stretches most, is not part of it.
        let host = try PipedHost(["run", "--config", app.config])
        #expect(host.waitFor("== Shelf ==  (Shelf)\n"), "\(host.stdout)\n\(host.stderr)")
        let tapped = ContinuousClock.now
        host.type("tap slow\n")
        #expect(host.waitFor("busy    loading  Loading books …"), "\(host.stdout)")
        let waited = ContinuousClock.now - tapped
        host.type("back\n")
        let status = host.finish()
        let result = (stdout: host.stdout, stderr: host.stderr)
        #expect(status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(
            result.stdout.contains(
                """
                > tap slow
                == Slow ==  (Shelf › Slow)
                label   status   Loading
                busy    loading  Loading books …
                """), "\(result.stdout)")
        #expect(
            result.stdout.hasSuffix(
                """
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
        // The 30 s load was not waited for: `tap slow` waited one event time limit (2 s) for it, not thirty seconds.
        #expect(waited >= .seconds(2) && waited < .seconds(30), "tap slow took \(waited)")
    }

    @MainActor
    @Test("serve: one session's 30 s load holds up no other session's action on the same worker")
    func otherSessionsGoOn() throws {
        let app = try Self.asyncApp()
        let server = try ServeCommandTests.Server(["--config", app.config])
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: server.address)
        // Held up, the other session would be answered only once the slow load ended, 30 s after it began
        // (after this): the answer comes sooner, and the slow page is still busy after it.
        let started = ContinuousClock.now
        let slow = try http.newSession(firstAction: "action=tap%3Aslow")
        #expect(try http.get(cookie: slow.cookie).body.contains("<main aria-busy=\"true\""))
        let other = try http.newSession(firstAction: "action=tap%3Acaught")
        let page = try http.get(cookie: other.cookie).body
        #expect(ContinuousClock.now - started < .seconds(30), "another session waited for the slow load")
        #expect(
            try http.get(cookie: slow.cookie).body.contains("<main aria-busy=\"true\""),
            "another session waited for the slow load")
        #expect(page.contains("<h1 id=\"title\"><bdi>Shelf</bdi></h1>"), "\(page)")
    }

    @MainActor
    @Test(
        "serve: a load that ends after the action was answered shows on the next page load, without JavaScript; so does its failure"
    )
    func nextPageLoadShowsFinishedWork() throws {
        let app = try Self.asyncApp()
        let server = try ServeCommandTests.Server(["--config", app.config])
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: server.address)
        let session = try http.newSession(firstAction: "action=tap%3Aslow")
        _ = try http.act(cookie: session.cookie, token: session.token, "action=back")
        // Shelf's 50 ms load goes on while Slow covers it (Slow's 30 s load was cancelled): a page
        // load shows it busy until it ended, then the books, with no action in between.
        // Waited for (page loads until it shows), however long a loaded machine takes.
        var page = try http.get(cookie: session.cookie).body
        let loaded = ContinuousClock.now + .seconds(60)
        while !page.contains("Loaded 3 books"), ContinuousClock.now < loaded {
            Thread.sleep(forTimeInterval: 0.1)
            page = try http.get(cookie: session.cookie).body
        }
        #expect(page.contains("Loaded 3 books") && page.contains("<main>\n"), "\(page)")
        _ = try http.act(cookie: session.cookie, token: session.token, "action=tap%3Afail")
        let notice = "<div class=\"notice\" role=\"status\" id=\"error\">"
        page = try http.get(cookie: session.cookie).body
        let failed = ContinuousClock.now + .seconds(60)
        while !page.contains(notice), ContinuousClock.now < failed {
            Thread.sleep(forTimeInterval: 0.1)
            page = try http.get(cookie: session.cookie).body
        }
        #expect(page.contains(notice), "\(page)")
        #expect(page.contains("Loaded 3 books"))
    }

    @Test(
        "wait: a timer's count is waited for; a text that never comes fails after the event time limit; with no work running it fails at once"
    )
    func waitForTimer() throws {
        let app = try Self.asyncApp()
        // The script is typed once the first screen is shown: it is timed without the host's start, which a
        // loaded machine stretches most, up to its last line's error.
        let host = try PipedHost(["run", "--config", app.config])
        #expect(host.waitFor("== Shelf ==  (Shelf)\n"), "\(host.stdout)\n\(host.stderr)")
        let start = ContinuousClock.now
        host.type(
            """
            wait label ticks "ready"
            tap tick
            wait label ticks "ready"
            wait label status "Loading"

            """)
        #expect(host.waitFor("<stdin>:4: error: "), "\(host.stdout)")
        let took = ContinuousClock.now - start
        let status = host.finish()
        let result = (stdout: host.stdout, stderr: host.stderr)
        #expect(status == 1, "\(result.stdout)\n\(result.stderr)")
        #expect(
            result.stdout.contains(
                """
                > wait label ticks "ready"
                <stdin>:1: error: wait label 'ticks' "ready": it shows "idle", and no background work is running that could change it.
                """), "\(result.stdout)")
        // The timer never ends: the screen after `tap tick` waited the event time limit (2 s, at
        // 100 ms a tick: "ticking"); `wait` then waits until its 30th tick says "ready".
        let afterTick = try #require(result.stdout.components(separatedBy: "> tap tick\n").last)
        #expect(afterTick.contains("\n> wait label ticks \"ready\"\n== Shelf ==  (Shelf)\n"), "\(result.stdout)")
        #expect(result.stdout.components(separatedBy: ": error: wait").count == 3, "\(result.stdout)")
        #expect(
            result.stdout.contains(
                """
                > wait label status "Loading"
                <stdin>:4: error: wait label 'status' "Loading": it shows "Loaded 3 books", after 2.0 s (the event time limit).
                """), "\(result.stdout)")
        #expect(took < .seconds(20), "the script took \(took)")
    }
}
