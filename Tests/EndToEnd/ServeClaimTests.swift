import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
import TestSupport

/// Concurrent writers of one session, through the real binary (issue 47): of two posts of one session
/// at once, on one instance or two on one SQLite file, exactly one applies and the other's next page
/// says what was not saved and offers its text back; a claim left by an instance killed while it held
/// it is taken over at once by the next action, on another instance or the instance started again
/// (a 303, never the 409 that waiting for it would end in). The kill lands while the claim is held
/// through the host's test hook `SCENE_HOST_TEST_ACTION_HOLD` (`ActionTestHold`).
@Suite("serve: concurrent writers of one session (end to end)")
struct ServeClaimTests {
    typealias Server = ServeCommandTests.Server

    /// What the demo's Home page shows a new session: its cookie (`NAME=VALUE`, as first set), form token and stamp.
    private struct Held {
        let cookie: String
        let token: String
        let stamp: String
    }

    private func home(_ http: LoopbackHTTP) throws -> Held {
        let session = try http.newSession()
        let page = try http.get("/s/Home", cookie: session.cookie).body
        return Held(
            cookie: http.jar.current(session.cookie), token: session.token, stamp: LoopbackHTTP.version(in: page))
    }

    /// Home's form as a browser sends it, with `held`'s cookie exactly as it was (a tab that has not
    /// seen the other tab's answer yet), and `message` typed.
    private static func save(_ http: LoopbackHTTP, _ held: Held, message: String) throws -> LoopbackHTTP.Response {
        let body =
            "token=\(held.token)&screen=\(held.stamp)&title=Home&label.message=Message%20for%20Detail"
            + "&field.message=\(message.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? message)&action=tap%3AshowDetail"
        let response = try http.send(
            "POST /s/Home HTTP/1.1\r\nHost: 127.0.0.1:\(http.port)\r\nCookie: \(held.cookie)\r\nOrigin: \(http.origin)\r\n"
                + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)",
            limit: 60)
        // The browser's jar keeps the new cookie an applied action sets (both tabs share it).
        http.jar.take(response)
        return response
    }

    /// Sends `requests` at the same moment (one thread each), and returns their answers in order.
    private static func atOnce(
        _ requests: [@Sendable () throws -> LoopbackHTTP.Response]
    ) -> [Result<LoopbackHTTP.Response, any Error>] {
        let results = Locked<[Int: Result<LoopbackHTTP.Response, any Error>]>([:])
        let start = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        for (index, request) in requests.enumerated() {
            group.enter()
            Thread.detachNewThread {
                start.wait()
                let result = Result { try request() }
                results.update { $0[index] = result }
                group.leave()
            }
        }
        for _ in requests { start.signal() }
        group.wait()
        return results.value.sorted { $0.key < $1.key }.map(\.value)
    }

    /// Two tabs' saves of Home, at once, through `first` and `second` (one server or two): exactly one
    /// applies (its answer sets the new cookie); the other is a 303 to the current screen without one,
    /// and that screen's page, loaded with the browser's cookie (one jar for both tabs), names what was
    /// not saved and offers the other tab's text.
    private func twoTabs(_ first: LoopbackHTTP, _ second: LoopbackHTTP) throws {
        let held = try home(first)
        let replies = Self.atOnce([
            { try Self.save(first, held, message: "From tab A") },
            { try Self.save(second, held, message: "From tab B") },
        ])
        .map { try? $0.get() }
        let (a, b) = (try #require(replies[0]), try #require(replies[1]))
        #expect(
            a.status == 303 && b.status == 303, "\(a.status) \(a.body.prefix(300)) | \(b.status) \(b.body.prefix(300))")
        let setting = [a, b].indices.filter { [a, b][$0].headers["set-cookie"] != nil }
        try #require(
            setting.count == 1, "exactly one applies: \([a, b].map { $0.headers["set-cookie"] ?? "no cookie" })")
        let (winner, loser) = setting[0] == 0 ? (a, b) : (b, a)
        let (won, lost) = setting[0] == 0 ? ("From tab A", "From tab B") : ("From tab B", "From tab A")
        #expect(
            loser.headers["location"] == "/s/Home/Detail" && winner.headers["location"] == "/s/Home/Detail",
            "\(loser.headers) \(winner.headers)")
        let cookie = try #require(winner.headers["set-cookie"]?.split(separator: ";").first.map(String.init))
        let loserServer = setting[0] == 0 ? second : first
        let next = try loserServer.get("/s/Home/Detail", cookie: cookie, follow: false)
        #expect(next.status == 200, "\(next.status) \(next.body.prefix(300))")
        #expect(
            next.body.contains(
                "Your changes on “Home” were not saved: another tab or window moved the app on. This is the current screen; what you typed is shown below, to copy."
            ),
            "\(next.body)")
        #expect(next.body.contains("id=\"offered\"") && next.body.contains(lost), "\(next.body)")
        #expect(next.body.contains(won), "the winner's text is what was saved: \(next.body)")
        #expect(!next.body.contains("is no longer open"))
        // Shown once by the instance that showed it: its page after it is plain.
        let after = try loserServer.get("/s/Home/Detail", cookie: cookie, follow: false)
        #expect(after.status == 200 && !after.body.contains("were not saved"))
    }

    @Test(
        "two tabs save one screen at the same moment, one instance: one applies, the other's next page says what was not saved and offers its text"
    )
    func twoTabsOneInstance() throws {
        let server = try Server([])
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: server.address)
        try twoTabs(http, http)
    }

    @Test("two tabs save one screen at the same moment, on two instances sharing one SQLite file: the same")
    func twoTabsTwoInstances() throws {
        let folder = try TemporaryFolder()
        let store = "sqlite:" + folder.path("shared/sessions.sqlite")
        let one = try Server(["--session-store", store])
        defer { _ = one.stop() }
        let two = try Server(["--session-store", store])
        defer { _ = two.stop() }
        try twoTabs(try LoopbackHTTP(address: one.address), try LoopbackHTTP(address: two.address))
    }

    /// Holds an action on `holder` (the hook's file removed), says where: once the instance says it
    /// holds the claim, it is killed (`kill -9`) with the claim left in the store.
    private func killHoldingAClaim(
        _ holder: Server, _ http: LoopbackHTTP, _ held: Held, release: String, at step: String = "claimed",
        message: String = "Never saved"
    ) throws {
        try FileManager.default.removeItem(atPath: release)
        let posting = Thread { _ = try? Self.save(http, held, message: message) }
        posting.start()
        var said = false
        for _ in 0..<600 where !said {
            said = ((try? String(contentsOf: holder.errors, encoding: .utf8)) ?? "").contains(
                "test hook: an action is held once \(step)")
            if !said { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(said, "the instance never said it held the claim")
        holder.kill9()
    }

    /// The next action after the kill, through `http` (a live instance on the same store): applies at once.
    private func nextActionApplies(_ http: LoopbackHTTP, _ held: Held) throws {
        let clock = ContinuousClock()
        let started = clock.now
        let reply = try Self.save(http, held, message: "After the kill")
        let took = clock.now - started
        // Waiting for the dead instance's claim would end in a 409 after the 5 s patience.
        #expect(
            reply.status == 303 && reply.headers["location"] == "/s/Home/Detail",
            "\(reply.status) after \(took): \(reply.body.prefix(300))")
        print("ServeClaimTests: the action after the kill was answered in \(took)")
        let cookie = try #require(reply.headers["set-cookie"]?.split(separator: ";").first.map(String.init))
        let page = try http.get("/s/Home/Detail", cookie: cookie, follow: false)
        #expect(
            page.status == 200 && page.body.contains("After the kill") && !page.body.contains("Never saved"),
            "\(page.body)")
    }

    @Test(
        "kill -9 of an instance holding a claim: the next action, on another instance on the same SQLite file, applies at once"
    )
    func killedHolderOtherInstance() throws {
        let folder = try TemporaryFolder()
        let store = "sqlite:" + folder.path("shared/sessions.sqlite")
        let release = try folder.write("", to: "release")
        let holder = try Server(["--session-store", store], environment: ["SCENE_HOST_TEST_ACTION_HOLD": release])
        defer { if holder.process.isRunning { holder.kill9() } }
        let other = try Server(["--session-store", store])
        defer { _ = other.stop() }
        let http = try LoopbackHTTP(address: holder.address)
        let held = try home(http)
        // The other instance has the session cached from before the claim: its copy is the row's.
        #expect(
            try LoopbackHTTP(address: other.address).get("/s/Home", cookie: held.cookie, follow: false).status == 200)
        try killHoldingAClaim(holder, http, held, release: release)
        try nextActionApplies(try LoopbackHTTP(address: other.address), held)
    }

    @Test("kill -9 of an instance holding a claim: the next action, on the instance started again, applies at once")
    func killedHolderRestarted() throws {
        let folder = try TemporaryFolder()
        let state = ["XDG_STATE_HOME": folder.path("state")]
        let release = try folder.write("", to: "release")
        let holder = try Server(
            [], environment: state.merging(["SCENE_HOST_TEST_ACTION_HOLD": release]) { _, new in new })
        defer { if holder.process.isRunning { holder.kill9() } }
        let http = try LoopbackHTTP(address: holder.address)
        let held = try home(http)
        try killHoldingAClaim(holder, http, held, release: release)
        let again = try Server([], environment: state)
        defer { _ = again.stop() }
        try nextActionApplies(try LoopbackHTTP(address: again.address), held)
        // The killed instance's lock file was found free and removed; the running one's is there.
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path("state/scene-host")).filter {
            $0.contains("-instance-")
        }
        #expect(files.count == 1, "\(files)")
    }
}

/// A value behind a lock, for the threads of `ServeClaimTests.atOnce`.
private final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    var value: Value { lock.withLock { stored } }

    func update(_ body: (inout Value) -> Void) {
        lock.withLock { body(&stored) }
    }
}

extension ServeClaimTests {
    /// Fault injection: the instance is killed after each step of an action (its claim won; its
    /// plugin code run; its row written, before the answer leaves), and another instance on the same
    /// store answers what the user does next: a Reload shows the last state the store holds, with no
    /// notice; after `written`, the form sent again (the browser's retry of a post that got no answer)
    /// is answered with its result, not applied twice; and the next action applies at once.
    @Test(
        "kill -9 after each step of an action: the next page is the store's truth with no notice, a retry is not applied twice, the next action applies",
        arguments: ["claimed", "applied", "written"])
    func killedAtEachStep(_ step: String) throws {
        let folder = try TemporaryFolder()
        let store = "sqlite:" + folder.path("shared/sessions.sqlite")
        let release = try folder.write("", to: "release")
        let holder = try Server(
            ["--session-store", store],
            environment: ["SCENE_HOST_TEST_ACTION_HOLD": release, "SCENE_HOST_TEST_ACTION_HOLD_AT": step])
        defer { if holder.process.isRunning { holder.kill9() } }
        let other = try Server(["--session-store", store])
        defer { _ = other.stop() }
        let http = try LoopbackHTTP(address: holder.address)
        let held = try home(http)
        try killHoldingAClaim(holder, http, held, release: release, at: step, message: "Sent before the kill")
        let next = try LoopbackHTTP(address: other.address)
        if step == "written" {
            // The post got no answer (nginx's 502): the browser sends it again, with the cookie it had
            // (its Reload of that page re-sends the form). Answered with its result and the new secret, once.
            let retry = try Self.save(next, held, message: "Sent before the kill")
            #expect(
                retry.status == 303 && retry.headers["location"] == "/s/Home/Detail",
                "\(retry.status) \(retry.body.prefix(300))")
            let cookie = try #require(retry.headers["set-cookie"]?.split(separator: ";").first.map(String.init))
            let page = try next.get("/s/Home/Detail", cookie: cookie, follow: false)
            #expect(
                page.status == 200 && page.body.contains("Sent before the kill") && !page.body.contains("id=\"error\""),
                "\(page.body.prefix(600))")
            // Detail is on the stack once: its Back leads to Home.
            let back = try next.post(
                "/s/Home/Detail", cookie: cookie,
                body: "token=\(held.token)&screen=\(LoopbackHTTP.version(in: page.body))&action=back")
            #expect(back.status == 303 && back.headers["location"] == "/s/Home", "\(back.status) \(back.headers)")
        } else {
            // A Reload: the page before the action, as the store holds it, with no notice; the next action applies at once.
            let reload = try next.get("/s/Home", cookie: http.jar.current(held.cookie), follow: false)
            #expect(
                reload.status == 200 && !reload.body.contains("id=\"error\"")
                    && !reload.body.contains("Sent before the kill"),
                "\(reload.body.components(separatedBy: "id=\"error\"").dropFirst().first?.prefix(400) ?? reload.body.prefix(300))"
            )
            try nextActionApplies(next, held)
        }
    }
}
