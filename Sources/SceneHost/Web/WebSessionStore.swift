/// The sessions of `scene-host serve`: the one place where per-browser mutable state lives.
///
/// Main-actor isolated (every navigator call runs there), owned by the server, never global.
/// A session unused for `idleExpiry` is dropped (idle sessions are looked for at most once a
/// second, not on every request); past `limit` sessions the least recently used one nobody acted
/// in is dropped first, and only when there is none the least recently used of the others, so
/// memory stays bounded whatever clients do and a flood of page loads evicts no one's work.
@MainActor
public final class WebSessionStore {
    public let limit: Int
    public let idleExpiry: Duration
    private let clock: () -> ContinuousClock.Instant
    private let makeSession: @MainActor () async throws -> any WebAppSession
    private var sessions: [String: WebSession] = [:]
    /// When idle sessions were last looked for.
    private var lastSweep: ContinuousClock.Instant?

    /// `makeSession` returns a started session (the app's initial scene on screen).
    public init(limit: Int = 1000, idleExpiry: Duration = .seconds(30 * 60),
                clock: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now },
                makeSession: @escaping @MainActor () async throws -> any WebAppSession) {
        self.limit = max(1, limit)
        self.idleExpiry = idleExpiry
        self.clock = clock
        self.makeSession = makeSession
    }

    /// Sessions on navigators in this process (`serve --in-process`, tests).
    public convenience init(limit: Int = 1000, idleExpiry: Duration = .seconds(30 * 60),
                            clock: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now },
                            makeNavigator: @escaping @MainActor () throws -> Navigator) {
        self.init(limit: limit, idleExpiry: idleExpiry, clock: clock) { NavigatorWebSession(navigator: try makeNavigator()) }
    }

    public var count: Int { sessions.count }

    /// The live session named `id`, else a new one (with `created` true; `ended` true when `id`
    /// named a session that no longer lives, so its user can be told).
    public func session(id: String?) async throws -> (session: WebSession, created: Bool, ended: Bool) {
        let now = clock()
        expire(now: now)
        if let id, let session = sessions[id] {
            session.lastUsed = now
            return (session, false, false)
        }
        let session = WebSession(app: try await makeSession(), now: now)
        if sessions.count >= limit, let evicted = sessions.values.filter({ !$0.acted }).min(by: { $0.lastUsed < $1.lastUsed })
            ?? sessions.values.min(by: { $0.lastUsed < $1.lastUsed }) {
            sessions[evicted.id] = nil
            evicted.app.close()
        }
        sessions[session.id] = session
        return (session, true, id != nil)
    }

    /// The live session named `id`, without making one.
    public func existing(id: String?) -> WebSession? {
        let now = clock()
        expire(now: now)
        guard let id, let session = sessions[id] else { return nil }
        session.lastUsed = now
        return session
    }

    private func expire(now: ContinuousClock.Instant) {
        if let lastSweep, now - lastSweep < .seconds(1) { return }
        lastSweep = now
        for (id, session) in sessions where now - session.lastUsed > idleExpiry {
            sessions[id] = nil
            session.app.close()
        }
    }
}
