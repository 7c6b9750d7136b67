import SceneHostCore
/// What `scene-host serve` answers a request with, without HTTP: a page, a redirect or a refusal,
/// with its status and what happens to the session cookie.
package struct WebReply: Sendable {
    package enum Body: Sendable {
        /// A page of the app.
        case page(WebPage)
        /// See Other: the browser loads `location` next (post/redirect/get).
        case redirect(location: String)
        /// A page that only says why the request was refused.
        case refusal(message: String)
    }

    /// What the reply does to the browser's session cookie.
    package enum Cookie: Sendable, Equatable {
        case keep
        /// The session just made for this browser.
        case set(sessionID: String)
        /// The cookie names a session that ended: the browser forgets it.
        case clear
    }

    package let status: Int
    package let body: Body
    package var cookie: Cookie = .keep
    /// Seconds the client should wait before it tries again, when the refusal knows (a 429 or 503).
    package var retryAfter: Int?

    /// What a 429 or a 503 says when its refusal does not know better: every one carries a
    /// `Retry-After`, so a client (a browser, a script, a load balancer) is told when to come back.
    package static let defaultRetryAfter = 5

    /// The `Retry-After` of this reply: its own, the default for a 429 or a 503, nil otherwise.
    package var retryAfterSeconds: Int? {
        retryAfter ?? (Self.asksToWait(status) ? Self.defaultRetryAfter : nil)
    }

    /// 429 (too many requests) and 503 (unavailable): the statuses that always carry `Retry-After`.
    package static func asksToWait(_ status: Int) -> Bool { status == 429 || status == 503 }

    package static func page(_ page: WebPage, status: Int = 200, cookie: Cookie = .keep) -> WebReply {
        WebReply(status: status, body: .page(page), cookie: cookie)
    }

    package static func redirect(_ location: String, cookie: Cookie = .keep) -> WebReply {
        WebReply(status: 303, body: .redirect(location: location), cookie: cookie)
    }

    package static func refusal(_ status: Int, _ message: String, retryAfter: Int? = nil) -> WebReply {
        WebReply(status: status, body: .refusal(message: message), retryAfter: retryAfter)
    }

    /// A new session refused: 429 for the client's own limits, 503 when the server is full or its
    /// store is away, each with when to try again.
    package static func refusal(newSession error: WebError) -> WebReply {
        let message = ErrorMessage.render(error)
        if case .startingTooFast(let seconds) = error { return .refusal(429, message, retryAfter: seconds) }
        // A session in use ends when it is idle long enough or evicted: polling once a minute is enough.
        if case .tooManySessions = error { return .refusal(429, message, retryAfter: 60) }
        if case .serverFull(_, let seconds) = error { return .refusal(503, message, retryAfter: seconds) }
        return .refusal(503, message)
    }
}
