@_spi(SceneHost) import SceneSDK

/// The sessions of `scene-host serve`: the one place where per-browser mutable state lives.
///
/// Main-actor isolated (every call into a session runs there), owned by the server, never global.
/// A session is made on a browser's first action, never by a page load: the start page of a
/// browser without a session is a shared preview of the initial scene (`startScreen`), made again
/// at most once a second. A session unused for `idleExpiry` is dropped (idle sessions are looked
/// for at most once a second, not on every request). One client address may hold at most
/// `perClient` sessions; a further one is refused (`WebError.tooManySessions`), nobody's evicted.
/// When `limit` sessions live, a new one evicts the least recently used session idle for at least
/// `evictionGrace`, those with one action first; when every session was used more recently, the
/// new one is refused (`WebError.serverFull`): a flood evicts no one who is at work.
@MainActor
public final class WebSessionStore {
    public let limit: Int
    public let perClient: Int
    public let idleExpiry: Duration
    public let evictionGrace: Duration
    private let clock: () -> ContinuousClock.Instant
    private let makeSession: @MainActor () async throws -> any WebAppSession
    private var sessions: [String: WebSession] = [:]
    private var perClientCount: [String: Int] = [:]
    /// When idle sessions were last looked for.
    private var lastSweep: ContinuousClock.Instant?
    /// The initial scene's screen for browsers without a session, and when it was made.
    private var preview: (start: StartScreen, made: ContinuousClock.Instant)?
    private var previewTask: Task<StartScreen, any Error>?
    /// The form token of the start page shown to browsers without a session.
    public let startToken = WebSession.randomHex()
    /// What GETs are answered with off the main actor (`WebPageSnapshots`).
    public let snapshots = WebPageSnapshots()

    /// `makeSession` returns a started session (the app's initial scene on screen).
    public init(limit: Int = 1000, perClient: Int = 100, idleExpiry: Duration = .seconds(30 * 60), evictionGrace: Duration = .seconds(60),
                clock: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now },
                makeSession: @escaping @MainActor () async throws -> any WebAppSession) {
        self.limit = max(1, limit)
        self.perClient = max(1, perClient)
        self.idleExpiry = idleExpiry
        self.evictionGrace = evictionGrace
        self.clock = clock
        self.makeSession = makeSession
    }

    /// Sessions on navigators in this process (`serve --in-process`, tests).
    public convenience init(limit: Int = 1000, perClient: Int = 100, idleExpiry: Duration = .seconds(30 * 60), evictionGrace: Duration = .seconds(60),
                            clock: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now },
                            makeNavigator: @escaping @MainActor () throws -> Navigator) {
        self.init(limit: limit, perClient: perClient, idleExpiry: idleExpiry, evictionGrace: evictionGrace, clock: clock) {
            NavigatorWebSession(navigator: try makeNavigator())
        }
    }

    public var count: Int { sessions.count }

    /// The live session named `id`, without making one.
    public func existing(id: String?) -> WebSession? {
        let now = clock()
        expire(now: now)
        guard let id, let session = sessions[id] else { return nil }
        session.lastUsed = now
        return session
    }

    /// A new session for `client`, its initial scene on screen; refused when `client` holds its
    /// share or when every session is at work.
    public func create(client: String) async throws -> WebSession {
        let now = clock()
        expire(now: now)
        let held = perClientCount[client, default: 0]
        guard held < perClient else { throw WebError.tooManySessions(limit: perClient) }
        if sessions.count >= limit {
            absorbUses()
            guard let evicted = evictable(now: now) else { throw WebError.serverFull(sessions: limit) }
            remove(evicted)
        }
        let session = WebSession(app: try await makeSession(), client: client, now: now)
        // Another request may have filled the store while this one waited for its scenes.
        guard sessions.count < limit, perClientCount[client, default: 0] < perClient else {
            session.app.close()
            throw sessions.count >= limit ? WebError.serverFull(sessions: limit) : WebError.tooManySessions(limit: perClient)
        }
        do {
            try session.refresh(actedAt: -1)
        } catch {
            // Its initial scene cannot be shown: the session is not kept, and its scenes are let go.
            session.app.close()
            throw error
        }
        session.snapshots = snapshots
        sessions[session.id] = session
        perClientCount[client, default: 0] += 1
        return session
    }

    /// The initial scene's screen for a browser without a session: made at most once a second by
    /// building a session and dropping it, so a flood of page loads holds no session.
    public func startScreen() async throws -> StartScreen {
        let now = clock()
        if let preview, now - preview.made < .seconds(1) { return preview.start }
        if let previewTask { return try await previewTask.value }
        let make = makeSession
        let task = Task { @MainActor () throws -> StartScreen in
            let app = try await make()
            defer { app.close() }
            let (screen, layers) = try app.view()
            return StartScreen(scene: layers.first?.first ?? screen.title, screen: screen)
        }
        previewTask = task
        defer { previewTask = nil }
        let screen = try await task.value
        preview = (screen, clock())
        return screen
    }

    /// What the deep link `link` opens, for a page that changes no session: a session is built, the
    /// link opened in it, its screens read, and the session dropped. Throws `LinkError` for a link that
    /// names nothing (a 404), or why the opening failed.
    public func preview(link: String) async throws -> (screen: Screen, layers: [[String]]) {
        let app = try await makeSession()
        defer { app.close() }
        try await app.open(link: link)
        return try app.view()
    }

    /// The initial scene and what it shows when it has just started.
    public struct StartScreen: Sendable {
        public let scene: String
        public let screen: Screen
    }

    /// Drops a session whose scenes are gone (its worker could not build them again).
    func drop(_ session: WebSession) {
        if sessions[session.id] === session { remove(session) }
    }

    private func evictable(now: ContinuousClock.Instant) -> WebSession? {
        var best: WebSession?
        for session in sessions.values where now - session.lastUsed >= evictionGrace {
            guard let current = best else {
                best = session
                continue
            }
            let (newer, older) = (min(session.actions, 2), min(current.actions, 2))
            if newer < older || (newer == older && session.lastUsed < current.lastUsed) { best = session }
        }
        return best
    }

    /// Makes `session`'s snapshot what its pages show now (none while it has a message to show).
    func publish(_ session: WebSession) {
        guard sessions[session.id] === session else { return }
        snapshots.publish(session.snapshot(), for: session.id)
    }

    /// Takes the uses of sessions whose pages were answered from their snapshots.
    private func absorbUses() {
        for (id, used) in snapshots.takeUses() {
            if let session = sessions[id], session.lastUsed < used { session.lastUsed = used }
        }
    }

    private func remove(_ session: WebSession) {
        snapshots.publish(nil, for: session.id)
        sessions[session.id] = nil
        if let held = perClientCount[session.client] {
            perClientCount[session.client] = held > 1 ? held - 1 : nil
        }
        session.app.close()
    }

    private func expire(now: ContinuousClock.Instant) {
        if let lastSweep, now - lastSweep < .seconds(1) { return }
        lastSweep = now
        absorbUses()
        for session in sessions.values where now - session.lastUsed > idleExpiry { remove(session) }
    }
}
