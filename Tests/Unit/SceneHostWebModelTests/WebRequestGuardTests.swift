import Testing
@testable import SceneHostWebModel

/// Cross-site posts: Origin, Sec-Fetch-Site and the session's form token.
@Suite("Web request guard")
struct WebRequestGuardTests {
    let guardian = WebRequestGuard()

    @Test("a same-origin post with the session's token passes; without Origin (older clients) too")
    func passes() throws {
        try guardian.check(
            origin: "http://127.0.0.1:8080", fetchSite: "same-origin", host: "127.0.0.1:8080", token: "t0k",
            expectedToken: "t0k")
        try guardian.check(origin: nil, fetchSite: nil, host: "127.0.0.1:8080", token: "t0k", expectedToken: "t0k")
    }

    @Test("another site's Origin or Sec-Fetch-Site is refused even with the right token")
    func crossSite() {
        #expect(throws: WebError.crossSiteRequest(origin: "http://evil.example")) {
            try guardian.check(
                origin: "http://evil.example", fetchSite: nil, host: "127.0.0.1:8080", token: "t", expectedToken: "t")
        }
        #expect(throws: WebError.crossSiteRequest(origin: "cross-site")) {
            try guardian.check(
                origin: nil, fetchSite: "cross-site", host: "127.0.0.1:8080", token: "t", expectedToken: "t")
        }
        #expect(throws: WebError.crossSiteRequest(origin: "http://127.0.0.1:9999")) {
            try guardian.check(
                origin: "http://127.0.0.1:9999", fetchSite: "same-site", host: "127.0.0.1:8080", token: "t",
                expectedToken: "t")
        }
    }

    @Test("a missing or wrong token is refused", arguments: [nil, "", "t0l", "t0k0"] as [String?])
    func token(token: String?) {
        #expect(throws: WebError.invalidFormToken) {
            try guardian.check(origin: nil, fetchSite: "same-origin", host: "h", token: token, expectedToken: "t0k")
        }
    }
}
