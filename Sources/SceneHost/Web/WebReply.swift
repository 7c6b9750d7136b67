/// What `scene-host serve` answers a request with, without HTTP: a page, a redirect or a refusal,
/// with its status and what happens to the session cookie.
public struct WebReply: Sendable {
    public enum Body: Sendable {
        /// A page of the app.
        case page(WebPage)
        /// See Other: the browser loads `location` next (post/redirect/get).
        case redirect(location: String)
        /// A page that only says why the request was refused.
        case refusal(message: String)
    }

    /// What the reply does to the browser's session cookie.
    public enum Cookie: Sendable, Equatable {
        case keep
        /// The session just made for this browser.
        case set(sessionID: String)
        /// The cookie names a session that ended: the browser forgets it.
        case clear
    }

    public let status: Int
    public let body: Body
    public var cookie: Cookie = .keep

    static func page(_ page: WebPage, status: Int = 200, cookie: Cookie = .keep) -> WebReply {
        WebReply(status: status, body: .page(page), cookie: cookie)
    }

    static func redirect(_ location: String, cookie: Cookie = .keep) -> WebReply {
        WebReply(status: 303, body: .redirect(location: location), cookie: cookie)
    }

    static func refusal(_ status: Int, _ message: String) -> WebReply {
        WebReply(status: status, body: .refusal(message: message))
    }
}
