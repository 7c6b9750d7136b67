@testable import SceneHostWebModel

/// A browser's session cookie in the web tests: it takes the new value every reply sets (the secret
/// half changes on every action applied), as a browser's cookie jar does.
@MainActor
package final class CookieJar: CustomStringConvertible {
    package var cookie: String

    package init(_ cookie: String) {
        self.cookie = cookie
    }

    /// The session's ID half (what its store key is made from).
    package var id: String { WebCookie.split(cookie).id }

    /// `reply`, after taking the cookie it sets.
    @discardableResult
    package func take(_ reply: WebReply) -> WebReply {
        if case .set(let value) = reply.cookie { cookie = value }
        return reply
    }

    package nonisolated var description: String { "CookieJar" }
}
