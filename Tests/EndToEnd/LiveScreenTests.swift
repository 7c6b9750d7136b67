import Foundation
import Testing
import HostTestSupport
import TestSupport

/// Screens that change on their own (the Async fixture's `observe` counter, its one-second
/// reload) through the real binaries: the terminal redraws them and keeps the line being typed,
/// a script does not wait for `observe` work, and `serve` streams a live page's changes
/// (Server-Sent Events) while its forms keep applying.
@Suite("Screens that change on their own (end to end)")
struct LiveScreenTests {
    /// The Async fixture on one worker, with a 2 s event time limit (as the background work tests have it).
    static func asyncApp() throws -> FixtureApp { try BackgroundWorkTests.asyncApp() }

    @Test(
        "the terminal redraws a screen that changes on its own and keeps the line being typed",
        arguments: [false, true])
    func terminalKeepsTyping(inProcess: Bool) throws {
        let app = try Self.asyncApp()
        let host = try TerminalHost(["run", "--config", app.config] + (inProcess ? ["--in-process"] : []))
        #expect(host.waitFor { $0.contains("Loaded 3 books") }, "\(host.screen)\n\(host.stderr)")
        host.type("tap follow\r")
        #expect(host.waitFor { $0.contains("Followed 1") }, "\(host.screen)")
        let mark = host.mark
        host.type("fill no")
        // Each redraw ends with the prompt and what was typed so far, which nothing was sent for yet.
        #expect(
            host.waitFor(after: mark) { $0.components(separatedBy: "== Shelf ==").count - 1 >= 3 },
            "\(host.shown(after: mark))")
        let redrawn = host.shown(after: mark)
        let draws = redrawn.components(separatedBy: "== Shelf ==").dropFirst()
        #expect(draws.dropLast().allSatisfy { $0.contains("Followed") && $0.contains("> fill no") }, "\(redrawn)")
        host.type("te kept\r")
        #expect(host.waitFor(after: mark) { $0.contains("field   note      \"kept\"") }, "\(host.shown(after: mark))")
        host.type("quit\r")
        #expect(host.finish() == 0, "\(host.stderr)")
    }

    @Test(
        "the terminal draws a scene at once with its progress element while its work runs, and again when it ends",
        arguments: [false, true])
    func terminalDrawsAtOnce(inProcess: Bool) throws {
        // Slow's load takes 30 s and an event may take an hour: a first draw that waited for the
        // work would show "Loaded 3 books", never "Loading".
        let app = try FixtureApp(
            initial: "Slow", plugin: "Async", library: "FixtureAsync", host: "event-timeout = 3600\nworkers = 1")
        let host = try TerminalHost(["run", "--config", app.config] + (inProcess ? ["--in-process"] : []))
        #expect(host.waitFor { $0.contains("== Slow ==") }, "\(host.screen)\n\(host.stderr)")
        let first = host.screen
        #expect(first.contains("Loading") && !first.contains("Loaded"), "\(first)")
        host.type("quit\r")
        #expect(host.finish() == 0, "\(host.stderr)")
    }

    @Test("a script does not wait for observe work, and `wait` waits for what it shows")
    func scriptAndObserve() throws {
        // A long event time limit (30 s on a quiet machine, scaled: `Slack`): a script that waited for the
        // never-ending work would take it at least once, so the run must end before one has passed.
        let eventTimeout = Slack.scaled(.seconds(30))
        let app = try FixtureApp(
            initial: "Shelf", plugin: "Async", library: "FixtureAsync",
            host: "event-timeout = \(eventTimeout.components.seconds)\nworkers = 1")
        let started = ContinuousClock.now
        let result = try HostProcess.run(
            ["run", "--config", app.config], input: "tap follow\nwait label followed \"Followed 3\"\n",
            timeLimit: eventTimeout + .seconds(120))
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("> tap follow\n== Shelf ==  (Shelf)\n"), "\(result.stdout)")
        #expect(result.stdout.contains("label   followed  Followed 3\n"), "\(result.stdout)")
        #expect(ContinuousClock.now - started < eventTimeout)
    }

    @MainActor
    @Test(
        "serve: a live page's changes stream as Server-Sent Events of whole pages; a page at rest is 204; the form still applies"
    )
    func liveStream() throws {
        let app = try Self.asyncApp()
        let server = try ServeCommandTests.Server(["--config", app.config])
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: server.address)
        let resting = try http.newSession()
        #expect(!(try http.get(cookie: resting.cookie).body.contains("data-live")))
        #expect(
            try http.events("/s/Shelf", cookie: resting.cookie, seconds: 60, until: LoopbackHTTP.headRead).hasPrefix(
                "HTTP/1.1 204"))
        #expect(
            try http.events("/s/Shelf", cookie: nil, seconds: 60, until: LoopbackHTTP.headRead).hasPrefix(
                "HTTP/1.1 204"))

        let session = try http.newSession(firstAction: "action=tap%3Afollow")
        let page = try http.get(cookie: session.cookie).body
        #expect(page.contains("<main data-live>"), "\(page)")
        let stamp = LoopbackHTTP.version(in: page)
        // Read until three pages came (the count changes every 100 ms), however long a loaded machine takes.
        let stream = Self.whole(
            try http.events("/s/Shelf", cookie: session.cookie, seconds: 60) {
                Self.followed(in: Self.whole($0)).count >= 3
            })
        #expect(
            stream.contains("content-type: text/event-stream") || stream.contains("Content-Type: text/event-stream"),
            "\(stream.prefix(300))")
        #expect(stream.contains("retry: 2000\n"))
        let counts = Self.followed(in: stream)
        #expect(counts.count >= 3 && counts == counts.sorted() && Set(counts).count == counts.count, "\(counts)")
        #expect(stream.components(separatedBy: "event: screen\n").count - 1 == counts.count, "one event per new page")
        // The screen changed on its own: its stamp did not, so the page's form still applies.
        let later = try http.get(cookie: session.cookie).body
        #expect(LoopbackHTTP.version(in: later) == stamp)
        let posted = try http.post(
            "/s/Shelf", cookie: session.cookie,
            body: "token=\(session.token)&screen=\(stamp)&field.note=typed&action=tap%3Acaught")
        #expect(posted.status == 303)
        let after = try http.get(cookie: session.cookie).body
        #expect(
            after.contains("Could not reload: the shelf is locked") && after.contains("value=\"typed\""), "\(after)")
        #expect(!after.contains("id=\"offered\""), "nothing was refused as stale")
        // A page of the state before that action (another tab's, say) is not followed: `end`, and no page
        // (read to the stream's end: nothing can follow it).
        let old = try http.events(
            "/s/Shelf?live=\(stamp)", cookie: session.cookie, seconds: 60, until: LoopbackHTTP.streamEnded)
        #expect(old.contains("event: end\ndata: \n\n") && !old.contains("event: screen"), "\(old.suffix(300))")
        let current = LoopbackHTTP.version(in: after)
        #expect(
            try http.events("/s/Shelf?live=\(current)", cookie: session.cookie, seconds: 60) {
                $0.contains("event: screen")
            }.contains("event: screen"))
    }

    @MainActor
    @Test("serve: when the work ends the stream sends the last page and `end`")
    func streamEnds() throws {
        let app = try Self.asyncApp()
        let server = try ServeCommandTests.Server(["--config", app.config])
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: server.address)
        let session = try http.newSession(firstAction: "action=tap%3Asoon")
        #expect(try http.get(cookie: session.cookie).body.contains("Reloading"))
        // Read to the stream's end (its last chunk), however long a loaded machine takes the one-second work.
        let stream = try http.events("/s/Shelf", cookie: session.cookie, seconds: 60, until: LoopbackHTTP.streamEnded)
        #expect(LoopbackHTTP.streamEnded(stream), "the stream did not end: \(stream.suffix(400))")
        let end = try #require(stream.range(of: "event: end\ndata: \n\n"), "\(stream.suffix(400))")
        #expect(stream[..<end.lowerBound].contains("Reloaded"), "the last page comes before `end`")
        #expect(!stream[end.upperBound...].contains("event:"), "nothing after `end`")
        #expect(!(try http.get(cookie: session.cookie).body.contains("data-live")), "the page is at rest again")
    }

    @Test(
        "serve: a screen that leaves by itself sends its page where the app went (`location`), and a form from the old page says the app moved on by itself"
    )
    func streamFollowsLeaving() throws {
        let app = try Self.asyncApp()
        let server = try ServeCommandTests.Server(["--config", app.config])
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: server.address)
        let session = try http.newSession(firstAction: "action=tap%3Aslow")
        let slow = try http.get(cookie: session.cookie).body
        #expect(slow.contains("Leave soon"), "\(slow)")
        let path = LoopbackHTTP.formAction(in: slow)
        _ = try http.act(cookie: session.cookie, token: session.token, "action=tap%3Aleave")
        let stamp = LoopbackHTTP.version(in: try http.get(path, cookie: session.cookie).body)
        // Slow's work routes back two seconds after the tap; the stream is open long before.
        let stream = try http.events(path, cookie: session.cookie, seconds: 60, until: LoopbackHTTP.streamEnded)
        let shelf = LoopbackHTTP.formAction(in: try http.get("/", cookie: session.cookie).body)
        let location = try #require(stream.range(of: "event: location\ndata: \(shelf)\n\n"), "\(stream.suffix(600))")
        #expect(stream[location.upperBound...].contains("event: end\n"), "`end` follows: \(stream.suffix(600))")
        #expect(!stream[..<location.lowerBound].contains("event: end"), "\(stream.suffix(600))")
        // Without the script, the old page's form is refused as stale, with the true reason.
        let posted = try http.post(
            path, cookie: session.cookie, body: "token=\(session.token)&screen=\(stamp)&action=tap%3Aleave")
        #expect(posted.status == 303, "\(posted.status)")
        let shown = try http.get(cookie: session.cookie).body
        #expect(shown.contains("the app moved on by itself meanwhile"), "\(shown)")
        #expect(!shown.contains("another tab"), "\(shown)")
    }

    @Test(
        "serve: the start page of a browser without a session shows quick work done, and follows slower work to its end"
    )
    func startPageFollowsWork() throws {
        // Shelf loads in 50 ms: the start page waits for it (as a deep link's does).
        let quick = try Self.asyncApp()
        let server = try ServeCommandTests.Server(["--config", quick.config])
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: server.address)
        let start = try http.get("/").body
        #expect(start.contains("Loaded 3 books") && !start.contains("data-live"), "\(start)")
        // Steady loads in two seconds: its start page is live, and its stream (no session) follows the load.
        let slow = try FixtureApp(
            initial: "Steady", plugin: "Async", library: "FixtureAsync", host: "event-timeout = 10\nworkers = 1")
        let slowServer = try ServeCommandTests.Server(["--config", slow.config])
        defer { _ = slowServer.stop() }
        let slowHTTP = try LoopbackHTTP(address: slowServer.address)
        let loading = try slowHTTP.get("/").body
        #expect(loading.contains("Loading") && loading.contains("data-live"), "\(loading)")
        #expect(loading.contains("id=\"live-news\""), "a live page has its news region")
        let stream = try slowHTTP.events("/", cookie: nil, seconds: 60, until: LoopbackHTTP.streamEnded)
        let end = try #require(stream.range(of: "event: end\ndata: \n\n"), "\(stream.suffix(600))")
        #expect(stream[..<end.lowerBound].contains("Loaded 3 books"), "the loaded page comes before `end`")
        #expect(!stream.lowercased().contains("set-cookie"), "following the start page makes no session")
    }

    @MainActor
    @Test("serve: a screen that changes a thousand times a second makes at most 50 pages a second on a stream")
    func streamIsThrottled() throws {
        let app = try Self.asyncApp()
        let server = try ServeCommandTests.Server(["--config", app.config])
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: server.address)
        let session = try http.newSession(firstAction: "action=tap%3Aflood")
        // At least 2 s and at least 5 pages, however long a loaded machine takes; the pages are counted
        // against the time the stream was read (no page can come before the request or after the reading).
        func pages(_ text: some StringProtocol) -> Int { text.components(separatedBy: "event: screen\n").count - 1 }
        let started = ContinuousClock.now
        let stream = Self.whole(
            try http.events("/s/Shelf", cookie: session.cookie, seconds: 60) {
                ContinuousClock.now - started >= .seconds(2) && pages(Self.whole($0)) >= 5
            })
        let read = (ContinuousClock.now - started) / .seconds(1)
        let pages = pages(stream)
        #expect(pages >= 5 && Double(pages) <= 50 * read + 5, "\(pages) pages in \(read) s")
        let counts = stream.components(separatedBy: "id=\"flooded\">Flooded ").dropFirst().compactMap {
            Int($0.prefix { $0.isNumber })
        }
        #expect(
            counts == counts.sorted() && (counts.last ?? 0) > pages,
            "each page shows the latest count: \(counts.suffix(5))")
    }

    @MainActor
    @Test("serve: a session has at most 8 live streams; the 9th is 429 with Retry-After")
    func streamsPerSession() throws {
        let app = try Self.asyncApp()
        let server = try ServeCommandTests.Server(["--config", app.config])
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: server.address)
        let session = try http.newSession(firstAction: "action=tap%3Afollow")
        var open: [Int32] = []
        defer { open.forEach { close($0) } }
        for _ in 0..<8 {
            let socket = try http.connect()
            let request = Array(
                "GET /s/Shelf HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nCookie: \(session.cookie)\r\n\r\n"
                    .utf8)
            _ = request.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            open.append(socket)
        }
        // Every one of them admitted and counted (its `retry` line came): the 9th is refused.
        for socket in open {
            let text = Self.readUntilAdmitted(socket)
            #expect(Self.admitted(text), "a stream was not opened: \(text.prefix(300))")
        }
        let refused = try http.events("/s/Shelf", cookie: session.cookie, seconds: 60, until: LoopbackHTTP.headRead)
        #expect(
            refused.hasPrefix("HTTP/1.1 429") && refused.lowercased().contains("retry-after: 5"),
            "\(refused.prefix(300))")
    }

    /// The follow counts of a stream's pages (`follow` counts every 100 ms).
    static func followed(in stream: Substring) -> [Int] {
        stream.components(separatedBy: "data: <p dir=\"auto\" id=\"followed\">Followed ").dropFirst().compactMap {
            Int($0.prefix { $0.isNumber })
        }
    }

    /// A stream read raw up to its last whole event (an event ends with an empty line): a read cut
    /// short in an event shows no half page.
    static func whole(_ stream: String) -> Substring {
        stream.range(of: "\n\n", options: .backwards).map { stream[..<$0.upperBound] } ?? stream[...]
    }

    /// Reads `socket`, a stream request already sent, until its `retry` line came (it was admitted
    /// and counted), it was answered otherwise or closed, or 60 s passed: what came.
    static func readUntilAdmitted(_ socket: Int32) -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline, !String(decoding: received, as: UTF8.self).contains("retry: 2000\n\n") {
            var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 50) > 0 else { continue }
            let count = recv(socket, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            received += buffer[0..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// Whether a stream's answer so far says it was admitted: 200, and its `retry` line.
    static func admitted(_ text: String) -> Bool { text.hasPrefix("HTTP/1.1 200") && text.contains("retry: 2000\n\n") }

    /// Opens a live stream on `cookie`'s session and reads until it waits (its `retry` line came).
    static func openStream(_ http: LoopbackHTTP, cookie: String) throws -> Int32 {
        let socket = try http.connect()
        let request = Array(
            "GET /s/Shelf HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nCookie: \(cookie)\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        let text = Self.readUntilAdmitted(socket)
        guard Self.admitted(text) else {
            close(socket)
            throw LoopbackHTTP.Failure(description: "the stream did not open: \(text.prefix(300))")
        }
        return socket
    }

    /// Waits until `socket` is readable (bytes or its end): what came, and whether the server closed it.
    static func next(_ socket: Int32, within seconds: Double) -> (text: String, closed: Bool)? {
        var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, Int32(seconds * 1000)) > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = recv(socket, &buffer, buffer.count, 0)
        return (String(decoding: buffer.prefix(max(0, count)), as: UTF8.self), count <= 0)
    }

    @MainActor
    @Test(
        "serve: an idle live stream sleeps (nothing sent while nothing changes); a closed tab frees its slot without a keep-alive; a drain ends it at once"
    )
    func idleStream() throws {
        let app = try Self.asyncApp()
        let server = try ServeCommandTests.Server(["--config", app.config, "--drain-delay", "5"])
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: server.address)
        // `quiet` work runs and never changes the screen: the page is live and idle.
        let session = try http.newSession(firstAction: "action=tap%3Aquiet")
        #expect(try http.get(cookie: session.cookie).body.contains("<main data-live>"))
        var open = try (0..<8).map { _ in try Self.openStream(http, cookie: session.cookie) }
        defer { open.forEach { close($0) } }
        // Nothing changes: no page, no comment (the keep-alive is every 25 s).
        for socket in open { #expect(Self.next(socket, within: 0.2) == nil, "an idle stream sends nothing") }
        // Its tabs closed: the server hears each connection end and frees its slot at once, not at
        // its next keep-alive (25 s): a new stream is admitted, not refused 429.
        open.forEach { close($0) }
        open = []
        var admitted: Int32?
        var refused = ""
        let until = ContinuousClock.now + .seconds(20)
        while admitted == nil, ContinuousClock.now < until {
            do {
                admitted = try Self.openStream(http, cookie: session.cookie)
            } catch {
                refused = "\(error)"
                Thread.sleep(forTimeInterval: 0.1)
            }
        }
        let stream = try #require(admitted, "the closed streams' slots were not freed; the last answer: \(refused)")
        open = [stream]
        // SIGTERM: the drain wakes the sleeping stream, which ends, while the instance still drains (5 s).
        server.process.terminate()
        let ended = Self.next(stream, within: 20)
        #expect(
            ended != nil && server.process.isRunning,
            "the stream ended while the instance drained: \(String(describing: ended))")
        if let ended, !ended.closed {
            // The chunked body's last chunk, then the end of the connection (it drains).
            let more = Self.next(stream, within: 20)
            #expect((ended.text + (more?.text ?? "")).hasSuffix("0\r\n\r\n") || more?.closed == true, "\(ended.text)")
        }
        #expect(server.stop() == 0)
    }
}
