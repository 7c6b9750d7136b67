import Foundation
import Testing
import TestSupport

/// The caps on new sessions and the session cookie through the real `serve` binary: behind a
/// trusted proxy each forwarded client has its own bucket, and the same headers from an untrusted
/// peer are ignored; a client told 429 gets a `Retry-After` and a session once it has waited;
/// behind HTTPS the cookie is `__Host-` prefixed and `Secure`, and only that name is read.
@Suite("serve: caps on new sessions, proxies and cookies (end to end)")
struct ServeCapsTests {
    private func startToken(_ http: LoopbackHTTP) throws -> String {
        try #require(LoopbackHTTP.field(#"(?<=name="token" value=")[0-9a-f]+"#, in: try http.get("/").body))
    }

    /// The `Retry-After` of a refusal `gap` after the session that emptied a bucket refilling every
    /// `period`: the period less the whole seconds a loaded machine may have let pass in between
    /// (the period itself when they came within a second).
    private func expectedRetryAfter(period: Int, gap: Duration) -> ClosedRange<Int> {
        max(1, period - Int(gap.components.seconds))...period
    }

    /// A first action from the start page with `headers`: 303 and a cookie when a session was made.
    private func start(_ http: LoopbackHTTP, token: String, _ headers: [String] = []) throws -> LoopbackHTTP.Response {
        try http.post(
            "/", cookie: nil, body: "token=\(token)&screen=0&field.message=hi&action=tap%3AshowDetail", headers: headers
        )
    }

    @Test(
        "behind a trusted proxy each forwarded client has its own bucket (X-Forwarded-For, Forwarded); hops a client wrote left of its own are ignored; from an untrusted peer the headers are ignored"
    )
    func proxies() throws {
        let trusting = try ServeCommandTests.Server([
            "--trusted-proxy", "127.0.0.0/8", "--session-burst", "1", "--session-rate", "0.1",
        ])
        defer { _ = trusting.stop() }
        let http = try LoopbackHTTP(address: trusting.address)
        let token = try startToken(http)
        let before = ContinuousClock.now
        #expect(try start(http, token: token, ["X-Forwarded-For: 198.51.100.1"]).status == 303)
        let slowed = try start(http, token: token, ["X-Forwarded-For: 198.51.100.1"])
        let wait = slowed.headers["retry-after"].flatMap { Int($0) } ?? 0
        #expect(
            slowed.status == 429 && expectedRetryAfter(period: 600, gap: ContinuousClock.now - before).contains(wait),
            "\(slowed.status) \(slowed.headers)")
        #expect(slowed.body.contains("try again in \(wait) seconds"))
        #expect(
            try start(http, token: token, ["X-Forwarded-For: 198.51.100.2"]).status == 303,
            "another client behind the proxy")
        #expect(try start(http, token: token, ["Forwarded: for=198.51.100.3;proto=http"]).status == 303)
        #expect(
            try start(http, token: token, ["X-Forwarded-For: 203.0.113.77, 198.51.100.1"]).status == 429,
            "a spoofed hop is not the client")
        #expect(
            try start(http, token: token, ["X-Forwarded-For: 198.51.100.4, 127.0.0.5"]).status == 303,
            "a trusted hop is skipped")
        #expect(try start(http, token: token).status == 303, "the proxy's own request is the proxy's")

        let untrusting = try ServeCommandTests.Server([
            "--trusted-proxy", "10.0.0.0/8", "--session-burst", "1", "--session-rate", "0.1",
        ])
        defer { _ = untrusting.stop() }
        let direct = try LoopbackHTTP(address: untrusting.address)
        let directToken = try startToken(direct)
        let directBefore = ContinuousClock.now
        #expect(try start(direct, token: directToken, ["X-Forwarded-For: 198.51.100.1"]).status == 303)
        let ignored = try start(
            direct, token: directToken,
            ["X-Forwarded-For: 198.51.100.2", "Forwarded: for=198.51.100.3", "X-Real-IP: 198.51.100.4"])
        let directWait = ignored.headers["retry-after"].flatMap { Int($0) } ?? 0
        #expect(
            ignored.status == 429
                && expectedRetryAfter(period: 600, gap: ContinuousClock.now - directBefore).contains(directWait),
            "headers from a peer that is no trusted proxy choose nothing: \(ignored.status) \(ignored.headers)")
    }

    @Test(
        "a client slowed by 429 is told when to come back; its existing session keeps working; after the Retry-After it starts one"
    )
    func retryAfter() throws {
        let server = try ServeCommandTests.Server(["--session-burst", "2", "--session-rate", "20"])
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: server.address)
        let first = try http.newSession()
        _ = try http.newSession()
        let token = try startToken(http)
        // The bucket refills every 3 s: on a loaded machine a start may come after a refill and be
        // admitted (taking it); the starts go on until one is refused.
        var refused = try start(http, token: token)
        for _ in 0..<20 where refused.status != 429 { refused = try start(http, token: token) }
        #expect(refused.status == 429)
        let wait = try #require(refused.headers["retry-after"].flatMap { Int($0) })
        #expect((1...3).contains(wait), "one session every three seconds: \(wait)")
        #expect(
            try http.act(cookie: first.cookie, token: first.token, "field.message=still&action=tap%3AshowDetail").status
                == 303)
        Thread.sleep(forTimeInterval: Double(wait) + 0.2)
        #expect(try start(http, token: token).status == 303)
    }

    @Test(
        "behind HTTPS (a trusted proxy's X-Forwarded-Proto or Forwarded proto, or --https) the cookie is __Host- prefixed and Secure, and only that name is read; over plain HTTP the plain name"
    )
    func cookies() throws {
        // The memory store: steady pages are answered on the event loop, which reads the cookie too.
        let server = try ServeCommandTests.Server(["--trusted-proxy", "127.0.0.1", "--session-store", "memory"])
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: server.address)
        let token = try startToken(http)
        let https = "X-Forwarded-Proto: https"
        let secure = try start(http, token: token, ["X-Forwarded-For: 198.51.100.1", https])
        let setCookie = try #require(secure.headers["set-cookie"])
        #expect(setCookie.hasPrefix("__Host-scene_host_session="), "\(setCookie)")
        for attribute in ["Secure", "HttpOnly", "SameSite=Lax", "Path=/"] {
            #expect(setCookie.contains(attribute), "\(attribute) in \(setCookie)")
        }
        #expect(!setCookie.contains("Domain"))
        let value = String(
            try #require(setCookie.split(separator: ";").first).dropFirst("__Host-scene_host_session=".count))
        func title(_ cookie: String, _ headers: [String]) throws -> String? {
            let page = try http.send(
                "GET /s/Home/Detail HTTP/1.1\r\nHost: 127.0.0.1:\(http.port)\r\nCookie: \(cookie)\r\n"
                    + headers.map { $0 + "\r\n" }.joined() + "Connection: close\r\n\r\n", limit: 30)
            // A cookie that names no session: a redirect to the start, the cookie cleared.
            if page.status == 303 { return "→ " + (page.headers["location"] ?? "") }
            return LoopbackHTTP.field(#"(?<=<h1 id="title"><bdi>)[^<]+"#, in: page.body)
        }
        #expect(try title("__Host-scene_host_session=\(value)", [https]) == "Detail")
        #expect(try title("__Host-scene_host_session=\(value)", [https]) == "Detail", "again, from the page's snapshot")
        #expect(
            try title("scene_host_session=\(value)", [https]) == "→ /", "over HTTPS the plain name names no session")
        #expect(
            try title("__Host-scene_host_session=\(value)", []) == "→ /",
            "over plain HTTP the __Host- name names no session")

        let forwarded = try start(http, token: token, ["Forwarded: for=198.51.100.2;proto=https"])
        #expect(forwarded.headers["set-cookie"]?.hasPrefix("__Host-scene_host_session=") == true)
        let plain = try #require(try start(http, token: token).headers["set-cookie"])
        #expect(plain.hasPrefix("scene_host_session=") && !plain.contains("Secure"), "\(plain)")
        // X-Forwarded-Proto from a peer that is no trusted proxy says nothing.
        let other = try ServeCommandTests.Server(["--session-store", "memory"])
        defer { _ = other.stop() }
        let direct = try LoopbackHTTP(address: other.address)
        #expect(
            try start(direct, token: try startToken(direct), [https]).headers["set-cookie"]?.hasPrefix(
                "scene_host_session=") == true)

        let flagged = try ServeCommandTests.Server(["--https"])
        defer { _ = flagged.stop() }
        let behindTLS = try LoopbackHTTP(address: flagged.address)
        let always = try #require(try start(behindTLS, token: try startToken(behindTLS)).headers["set-cookie"])
        #expect(always.hasPrefix("__Host-scene_host_session=") && always.contains("Secure"), "\(always)")
    }

    @Test(
        "a --trusted-proxy that is no address or block stops serve at start: exit 2, the flag, the value, why, the forms"
    )
    func badTrustedProxy() throws {
        let typo = try HostProcess.run([
            "serve", "--trusted-proxy", "10.0.0.0/8", "--trusted-proxy", "10.0.0.1/8", "--port", "0",
        ])
        #expect(typo.status == 2)
        #expect(
            typo.stderr
                == "error: --trusted-proxy '10.0.0.1/8': it has bits set past its /8 prefix. Did you mean '10.0.0.0/8'? Give an IPv4 or IPv6 address or CIDR block, such as 10.0.0.0/8, 192.0.2.7, fd00::/8 or ::1.\n"
        )
        let name = try HostProcess.run(["serve", "--trusted-proxy", "proxy.internal", "--port", "0"])
        #expect(
            name.status == 2
                && name.stderr.hasPrefix("error: --trusted-proxy 'proxy.internal': it is no IP address or CIDR block."))
        let burst = try HostProcess.run(["serve", "--session-burst", "0", "--port", "0"])
        #expect(
            burst.status == 64
                && burst.stderr.contains("--session-burst is 0; give a whole number from 1 to 100000 (default 30)."))
        let rate = try HostProcess.run(["serve", "--session-rate", "nan", "--port", "0"])
        #expect(rate.status == 64 && rate.stderr.contains("--session-rate is nan"))
    }
}
