@testable import SceneHost
@testable import SceneHostWebModel

/// A browser's session cookie in the web tests: it takes the new value every reply sets (the secret
/// half changes on every action applied), as a browser's cookie jar does.
@MainActor
final class CookieJar: CustomStringConvertible {
    var cookie: String

    init(_ cookie: String) {
        self.cookie = cookie
    }

    /// The session's ID half (what its store key is made from).
    var id: String { WebCookie.split(cookie).id }

    /// `reply`, after taking the cookie it sets.
    @discardableResult
    func take(_ reply: WebReply) -> WebReply {
        if case .set(let value) = reply.cookie { cookie = value }
        return reply
    }

    nonisolated var description: String { "CookieJar" }
}
