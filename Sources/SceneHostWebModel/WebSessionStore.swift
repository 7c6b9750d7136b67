import Foundation
@_spi(SceneHost) import SceneSDK
import SceneHostCore
import SceneHostFrontend
import SceneHostLoading
import SceneHostNavigation
import SceneHostSessions
import SceneHostWorkers
import CoreMetrics
import Synchronization

/// The sessions of `scene-host serve`: the one place where per-browser mutable state lives.
///
/// An actor, owned by the server, never global: it holds the registry (which sessions this instance
/// holds, claims under way, caps, the start page), while each session's own state is its owner's
/// (`WebSession`), so the requests of different browsers run side by side. Each session is kept in a session store (`SessionStore`: SQLite by default, PostgreSQL, or
/// memory), and its live stacks here only as a cache of the stored row: the cache stands while its
/// state number is the store's (checked on every request when another process may share the store),
/// and otherwise its stacks are built again from the row, in a scene worker, lazily. So a restart, a
/// `kill -9` or another instance loses no session whose page its user saw.
///
/// A session is made on a browser's first action, never by a page load: the start page of a
/// browser without a session is a shared preview of the initial scene (`startScreen`), made again
/// at most once a second. A session unused for `idleExpiry` is dropped (idle sessions are looked
/// for at most once a second here, and in the store at most every ten seconds).
///
/// New sessions are limited three ways. Per client address, by rate: a token bucket (`rate`, kept
/// by this instance) refuses a start past it with `WebError.startingTooFast` and when to try again.
/// Per client address, by sessions in use (two actions or more, counted over the app's sessions in the
/// whole store; another app on it counts its own, `SessionStore`): at most `perClient`
/// (`WebError.tooManySessions`); a session used once or never counts in no cap. In total, over the
/// app's sessions in the whole store: when `limit` sessions are stored, a new one evicts the session with
/// the fewest actions, then the oldest last action, among those whose last action is at least
/// `evictionGrace` old; page loads move neither, so loading pages holds no place. When every session
/// acted within the grace, the new one is refused (`WebError.serverFull`).
package actor WebSessionStore {
    package nonisolated let limit: Int
    package nonisolated let perClient: Int
    /// How fast one client address may start sessions on this instance.
    package nonisolated let rate: WebSessionRate
    nonisolated let idleExpiry: Duration
    package nonisolated let evictionGrace: Duration
    /// How long an action claimed by an instance may stay under way before another instance may take
    /// the session over whatever its holder: longer than any action may take. Only the last resort, for
    /// a holder that runs but is stuck (or a claim of an older build, which names no holder): a claim
    /// whose holder is gone (killed, its store connection lost) is taken over at once, and so is one of
    /// this instance's own that none of its requests has under way (`claim`, `SessionStore`).
    package nonisolated let actionLease: Duration
    /// How long a post waits for another instance's action on its session before it is refused (409).
    nonisolated let patience: Duration
    /// A test hook (`serve`'s `SCENE_HOST_TEST_ACTION_HOLD`): awaited after each step of an action
    /// (its claim won, its plugin code run, its row written), so a test can kill the instance there. Nil in use.
    package private(set) var afterStep: (@Sendable (ActionStep) async -> Void)?

    /// Sets the test hook `afterStep`.
    package func holdActions(_ hold: @escaping @Sendable (ActionStep) async -> Void) {
        afterStep = hold
    }

    /// Awaits the test hook after `step`, when one is set.
    package func reached(_ step: ActionStep) async {
        await afterStep?(step)
    }

    /// The steps of an action a fault-injection test may stop an instance after (`afterStep`).
    package enum ActionStep: String, Sendable, CaseIterable {
        /// The session's next state is claimed in the store; nothing ran yet.
        case claimed
        /// The action ran in the worker; nothing is written yet.
        case applied
        /// The session's row is written; the answer has not left yet.
        case written
    }
    /// Where sessions are kept.
    package nonisolated let durable: any SessionStore
    /// Another process may change the stored sessions (every store but memory): each request checks
    /// the state number, and a page answered from a snapshot only once one read of the store found the
    /// state number it shows (`WebPageSnapshots.StoreCheck`).
    package nonisolated let shared: Bool
    private let clock: @Sendable () -> ContinuousClock.Instant
    /// The store's clock (milliseconds since 1970), moving with `clock` so tests that move one move both.
    private let origin: (instant: ContinuousClock.Instant, wall: Int64)
    private let makeSession: @Sendable () async throws -> any AppSession
    private let restoreSession: @Sendable ([SceneRecord]) async throws -> (any AppSession, RestoreNote)
    private var sessions: [String: WebSession] = [:]
    /// Each client's token bucket for new sessions (`rate`).
    private var buckets: WebSessionBuckets
    /// Sessions being built again from the store, so two requests of one session build it once.
    private var rebuilding: [String: Task<Resolution, Never>] = [:]
    /// How many of this instance's requests have a claim of each session under way (asked for, or won
    /// and not yet written or let go of): a claim of this instance's own found in the store while none
    /// has is left over (its write failed, its request ended), and is taken over at once.
    private var claiming: [SessionKey: Int] = [:]
    /// When idle sessions were last looked for here, and in the store.
    private var lastSweep: ContinuousClock.Instant?
    private var lastStoreSweep: ContinuousClock.Instant?
    /// This instance's claims to let go of once the store answers (`releaseLater`), until their deadline.
    private var releases: [(key: SessionKey, state: Int64, deadline: ContinuousClock.Instant)] = []
    /// Wakes the upkeep when a release is asked for.
    private let upkeepWake = Wakeup()
    /// The initial scene's screen for browsers without a session, and when it was made.
    private var preview: (start: StartScreen, made: ContinuousClock.Instant)?
    private var previewTask: Task<(start: StartScreen, live: (any AppSession)?), any Error>?
    /// The preview whose work (a load) still ran when it was made: kept open, so the start pages
    /// that show it follow it to its end (`livePreviewChange`), then closed. At most one at a time,
    /// for at most `livePreviewLimit`.
    private var livePreview: (app: any AppSession, scene: String, made: ContinuousClock.Instant)?
    /// The longest a preview's work is followed; its page is at rest after it (a reload shows more).
    static let livePreviewLimit: Duration = .seconds(60)
    /// The app's deep links, once `links()` read them.
    private var knownLinks: LinkTable?
    /// The form token of the start page shown to browsers without a session: one for every
    /// instance on the store once `prepare` ran (a first action may reach another instance).
    package private(set) var startToken = WebSession.randomHex()
    /// What GETs are answered with on the connection's thread (`WebPageSnapshots`).
    package nonisolated let snapshots = WebPageSnapshots()
    /// What the store and the sessions did, for `/metrics`.
    package nonisolated let counters: WebSessionCounters
    /// The plugin that registers a scene (the host's probe records): a deep link's faults count
    /// against its plugin's links for the client that opened it. Nil: the scene's own name stands in.
    package nonisolated let pluginOfScene: @Sendable (String) -> String?
    /// Deep-link GETs whose opening ended a scene worker, per client address and plugin.
    private var linkFaults: WebLinkFaults

    /// `makeSession` returns a started session (the app's initial scene on screen); `restoreSession`
    /// one whose stacks are built from records, and what became of them.
    /// `faultsPerClient`: the deep-link GETs of one plugin from one address that may end a scene worker
    /// within a minute before that address is refused that plugin's links (`[host] faults-per-session`).
    package init(
        limit: Int = 1000, perClient: Int = 100, rate: WebSessionRate = .standard,
        idleExpiry: Duration = .seconds(30 * 60),
        evictionGrace: Duration = .seconds(60), actionLease: Duration = .seconds(30), patience: Duration = .seconds(5),
        durable: any SessionStore = MemorySessionStore(), counters: WebSessionCounters = WebSessionCounters(),
        faultsPerClient: Int = 3, pluginOfScene: @escaping @Sendable (String) -> String? = { _ in nil },
        clock: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now },
        makeSession: @escaping @Sendable () async throws -> any AppSession,
        restoreSession: @escaping @Sendable ([SceneRecord]) async throws -> (any AppSession, RestoreNote)
    ) {
        self.limit = max(1, limit)
        self.perClient = max(1, perClient)
        self.rate = rate
        self.buckets = WebSessionBuckets(rate: rate)
        self.idleExpiry = idleExpiry
        self.evictionGrace = evictionGrace
        self.actionLease = actionLease
        self.patience = patience
        self.durable = durable
        self.counters = counters
        self.pluginOfScene = pluginOfScene
        self.linkFaults = WebLinkFaults(limit: faultsPerClient)
        self.shared = !(durable is MemorySessionStore)
        self.clock = clock
        self.origin = (clock(), Int64((Date().timeIntervalSince1970 * 1000).rounded()))
        // A session's first screen often loads in the background (the orders list): the start page,
        // a link's page and a first action see it loaded when that is quick (`awaitQuickWork`).
        self.makeSession = {
            let app = try await makeSession()
            await WebController.awaitQuickWork(of: app)
            return app
        }
        self.restoreSession = { records in
            let (app, note) = try await restoreSession(records)
            await WebController.awaitQuickWork(of: app)
            return (app, note)
        }
    }

    /// Sessions on navigators in this process (`serve --in-process`, tests).
    package init(
        limit: Int = 1000, perClient: Int = 100, rate: WebSessionRate = .standard,
        idleExpiry: Duration = .seconds(30 * 60),
        evictionGrace: Duration = .seconds(60), patience: Duration = .seconds(5),
        durable: any SessionStore = MemorySessionStore(),
        clock: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now },
        makeNavigator: @escaping @Sendable @MainActor () throws -> Navigator
    ) {
        self.init(
            limit: limit, perClient: perClient, rate: rate, idleExpiry: idleExpiry, evictionGrace: evictionGrace,
            patience: patience,
            durable: durable, clock: clock,
            makeSession: { @MainActor in InProcessSession(navigator: try makeNavigator()) },
            restoreSession: { @MainActor records in try InProcessSession.restoring(records, make: makeNavigator) })
    }

    /// Makes the store ready (its schema) and takes the start pages' token every instance on it shares.
    package func prepare() async throws(SessionStoreError) {
        try await durable.prepare()
        startToken = try await durable.startToken(proposed: startToken)
    }

    /// How many sessions this instance holds live.
    package var count: Int { sessions.count }

    /// Now on the store's clock.
    nonisolated var wallNow: Int64 { origin.wall + (clock() - origin.instant).wholeMilliseconds }

    /// The live session named `id` held here, without asking the store or making one.
    package func existing(id: String?) async -> WebSession? {
        let now = clock()
        await sweep(now: now)
        guard let id, let session = sessions[id] else { return nil }
        session.bookkeeping.withLock { $0.lastUsed = now }
        return session
    }

    /// What a request's cookie names now.
    package enum Resolution: Sendable {
        case session(WebSession)
        /// No cookie.
        case none
        /// The cookie names no session now (expired, evicted, unreadable, or its scenes cannot be built):
        /// `notice` says why when it is not the usual.
        case ended(notice: String?)
        /// The store did not answer: the cached session, if any, may be out of date.
        case unavailable(SessionStoreError, cached: WebSession?)
    }

    /// The session `id` names: the cached one while the store's state number matches it, else built
    /// again from the store's row (a restart, another instance). `verify` false trusts a cached copy
    /// without asking the store: a post's claim compares the state number anyway (`claim`).
    package func resolve(id: String?, verify: Bool = true) async -> Resolution {
        let now = clock()
        await sweep(now: now)
        guard let id else { return .none }
        let cached = sessions[id]
        cached?.bookkeeping.withLock { $0.lastUsed = now }
        guard shared else {
            if let cached { return .session(cached) }
            // This process holds every session of a memory store: a cookie it does not know ended.
            return .ended(notice: nil)
        }
        if let running = rebuilding[id] { return await running.value }
        if !verify, let cached { return .session(cached) }
        let key = cached?.key ?? SessionKey(secret: id)
        let stored: Int64?
        do {
            stored = try await timed { () async throws(SessionStoreError) in try await durable.state(of: key) }
        } catch {
            counters.storeErrors.increment()
            return .unavailable(error, cached: sessions[id])
        }
        guard let stored else {
            if let cached = sessions[id] { await forget(cached) }
            return .ended(notice: nil)
        }
        if let current = sessions[id], current.state == stored { return .session(current) }
        let task = Task { await self.rebuild(id: id, key: key) }
        rebuilding[id] = task
        let resolution = await task.value
        rebuilding[id] = nil
        return resolution
    }

    /// Builds the session `id` again from its row; a row that does not read, or whose scenes cannot
    /// be built, ends that session (its row is deleted) with a notice.
    private func rebuild(id: String, key: SessionKey) async -> Resolution {
        let row: StoredSession?
        do {
            row = try await timed { () async throws(SessionStoreError) in try await durable.load(key) }
        } catch {
            counters.storeErrors.increment()
            return .unavailable(error, cached: sessions[id])
        }
        if let cached = sessions[id] { await forget(cached) }
        guard let row else { return .ended(notice: nil) }
        do {
            let body = try SessionBody(decoding: row.body)
            let (app, note) = try await restoreSession(body.places.map(\.record))
            let session = WebSession(id: id, row: row, body: body, app: app, now: clock(), snapshots: snapshots)
            do {
                try await session.rebuilt(note: note, body: body)
            } catch {
                await app.close()
                throw error
            }
            sessions[id] = session
            counters.live.record(sessions.count)
            counters.rebuilt.increment()
            return .session(session)
        } catch {
            try? await durable.delete(key)
            counters.ended.increment()
            return .ended(notice: ErrorMessage.render(error))
        }
    }

    /// A new session for `client`, its initial scene on screen, stored; refused when `client` starts
    /// sessions faster than `rate` (before any is made), holds its share of sessions in use, or when
    /// every session is at work, counted over the whole store.
    package func create(client: String) async throws -> WebSession {
        let now = clock()
        await sweep(now: now)
        if let wait = buckets.take(client, now: now) {
            counters.refusedRate.increment()
            throw WebError.startingTooFast(retryAfter: wait.retryAfterSeconds)
        }
        let app = try await makeSession()
        let session = WebSession(app: app, client: client, now: now, wallNow: wallNow, snapshots: snapshots)
        do {
            try await session.refresh(actedAt: -1)
        } catch {
            // Its initial scene cannot be shown: the session is not kept, and its scenes are let go.
            await app.close()
            throw error
        }
        let insertion: SessionInsertion
        do {
            insertion = try await durable.insert(
                await session.row(state: 0, now: wallNow),
                limits: SessionLimits(
                    total: limit, perClient: perClient, evictionGrace: evictionGrace.wholeMilliseconds),
                now: wallNow)
        } catch {
            await app.close()
            counters.storeErrors.increment()
            throw error
        }
        switch insertion {
        case .tooManyForClient:
            await app.close()
            counters.refusedClient.increment()
            throw WebError.tooManySessions(limit: perClient)
        case .full:
            await app.close()
            counters.refusedFull.increment()
            throw WebError.serverFull(sessions: limit, retryAfter: evictionGrace.retryAfterSeconds)
        case .inserted(let evicted):
            if let evicted, let gone = sessions.values.first(where: { $0.key == evicted }) { await forget(gone) }
        }
        sessions[session.id] = session
        counters.live.record(sessions.count)
        counters.created.increment()
        return session
    }

    /// Whether a screen built again shows the texts `shown` showed: its title, labels and inputs' values
    /// (a secret only as typed or not is left out: it is never kept, and the user is told so apart).
    /// Lists and progress are left out: they follow data that may move on by itself.
    nonisolated static func showsAlike(_ shown: Screen, _ rebuilt: Screen?) -> Bool {
        guard let rebuilt else { return false }
        func texts(_ screen: Screen) -> [String] {
            [screen.title]
                + screen.allElements.compactMap { element in
                    switch element {
                    case .label(let id, let text), .alert(let id, let text): return id + "=" + text
                    case .textField(let id, _, let text, _, _), .textArea(let id, _, let text, _):
                        return id + "=" + text
                    case .toggle(let id, _, let isOn): return id + "=" + String(isOn)
                    case .choice(let id, _, _, let selected): return id + "=" + (selected.map(String.init) ?? "")
                    case .secureField, .button, .list, .progress, .section: return nil
                    }
                }
        }
        return texts(shown) == texts(rebuilt)
    }

    /// Claims the session's next state in the store before an action applies (compare-and-set). An
    /// even state is at rest (`n → n+1`). An odd one is an action claimed and not written yet, taken over
    /// (`n → n+2`) when its claim will never be written (`SessionStore.reclaim`): its holder is another
    /// instance that is gone, or this one while none of its requests has that claim under way (a write
    /// that failed, a request that ended), or the claim is older than `actionLease`. That is asked of the
    /// store at once, without waiting: for a copy built from a row left odd, and for a claim lost to a
    /// claim made on top of this very copy (the row's stacks are this copy's).
    ///
    /// When the claim loses, `.lost(current:)` says where the session was at that moment: an odd or
    /// unchanged number is an action under way whose holder runs (the form is out of date); another
    /// even one means this copy was out of date before the form came (the caller builds it again and
    /// looks at the form once more). A claim won is this instance's until `persist` or `letGo`.
    package func claim(_ session: WebSession) async throws(SessionStoreError) -> SessionClaim {
        let now = wallNow
        let (from, key) = (session.state, session.key)
        let staleBefore = now - actionLease.wholeMilliseconds
        // None of this instance's requests has a claim of this session under way: one of its own is left over.
        let ownLeftOver = claiming[key, default: 0] == 0
        claiming[key, default: 0] += 1
        // The state this request's last store request would have made, had its answer been lost.
        var asked = from.isMultiple(of: 2) ? from + 1 : from + 2
        let won: Int64?
        let outcome: SessionClaim
        do {
            (outcome, won) = try await timed { () async throws(SessionStoreError) -> (SessionClaim, Int64?) in
                if from.isMultiple(of: 2) {
                    let first = try await durable.claim(key, from: from, now: now)
                    guard case .lost(let current?) = first, current == from + 1 else {
                        return (first, first == .claimed ? from + 1 : nil)
                    }
                    asked = current + 2
                    let taken = try await durable.reclaim(
                        key, from: current, now: now, staleBefore: staleBefore, includingOwn: ownLeftOver)
                    return taken ? (.claimed, current + 2) : (first, nil)
                }
                let taken = try await durable.reclaim(
                    key, from: from, now: now, staleBefore: staleBefore, includingOwn: ownLeftOver)
                return taken ? (.claimed, from + 2) : (.lost(current: from), nil)
            }
        } catch {
            counters.storeErrors.increment()
            endClaim(key)
            // The store may have made the claim and lost only its answer: let go of it once it answers.
            releaseLater(key, state: asked)
            throw error
        }
        guard let won else {
            endClaim(key)
            return outcome
        }
        session.bookkeeping.withLock { ($0.state, $0.storeUsed) = (won, now) }
        return .claimed
    }

    /// Writes the session after its action (before the response leaves), which ends its claim: false
    /// when the store no longer holds the state it claimed. `row` is the session as its owner holds it
    /// now (`WebSession.row`, at the claimed state + 1, its last use `now`). A write that fails leaves
    /// the claim in the store: this instance lets go of it once the store answers again
    /// (`releaseLater`), and its next request of the session takes it over at once meanwhile (`claim`).
    func persist(_ session: WebSession, row: StoredSession, now: Int64) async throws(SessionStoreError) -> Bool {
        let claimed = session.state
        let written: Bool
        defer { endClaim(session.key) }
        do {
            written = try await timed { () async throws(SessionStoreError) in
                try await durable.write(row, expecting: claimed)
            }
        } catch {
            counters.storeErrors.increment()
            releaseLater(session.key, state: claimed)
            throw error
        }
        guard written else { return false }
        session.bookkeeping.withLock { ($0.state, $0.storeUsed) = (row.state, now) }
        return true
    }

    /// Ends the claim `session` won without writing it (its action left nothing to keep: its session
    /// was dropped): the store's row goes back to rest as it was, when there still is one.
    func letGo(_ session: WebSession) {
        endClaim(session.key)
        releaseLater(session.key, state: session.state)
    }

    /// One request fewer with a claim of `key` under way.
    private func endClaim(_ key: SessionKey) {
        let left = claiming[key, default: 1] - 1
        claiming[key] = left > 0 ? left : nil
    }

    /// Lets go of this instance's claim of `key` at `state` (`SessionStore.release`), if it still holds
    /// it, as soon as the store answers: tried by the upkeep (`upkeep`) at once, then every half second
    /// for `actionLease` (after which any instance may take it over anyway). Another instance's next
    /// action then need not wait for a claim no request of this instance will write. Beside the
    /// request, which it never holds up, and not its task: a request that was cancelled still lets go.
    private func releaseLater(_ key: SessionKey, state: Int64) {
        guard !state.isMultiple(of: 2) else { return }
        releases.append((key, state, ContinuousClock.now + actionLease))
        upkeepWake.wakeAll()
    }

    /// What this instance does for its sessions beside requests, until its task is cancelled (`serve`
    /// runs it as a service of its group): lets go of the claims `releaseLater` keeps, and every ten
    /// seconds tells the store of the uses it has not heard of and drops the sessions unused for
    /// `idleExpiry` across every instance. It sleeps between (no busy timer): until the next of those
    /// is due, or a release is asked for.
    package func upkeep() async {
        while !Task.isCancelled {
            await releaseWaiting()
            await sweepStoreIfDue(now: clock())
            let sweepDue = (lastStoreSweep ?? clock()) + .seconds(10) - clock()
            let wait = releases.isEmpty ? sweepDue : min(sweepDue, .milliseconds(500))
            guard wait > .zero else { continue }
            let wake = upkeepWake
            await Wakeup.race({ await wake.wait() }, within: wait)
        }
    }

    /// Tries each waiting release once; keeps those the store did not answer, until their deadline.
    /// Given up once a request of this instance has a claim of the session under way: that request
    /// takes a claim of its own left over at once, and must not find its own claim let go of.
    private func releaseWaiting() async {
        let waiting = releases
        releases = []
        for release in waiting where claiming[release.key] == nil {
            do {
                _ = try await durable.release(release.key, from: release.state)
            } catch {
                if ContinuousClock.now < release.deadline { releases.append(release) }
            }
        }
    }

    /// The initial scene's screen for a browser without a session: made at most once a second by
    /// building a session and dropping it, so a flood of page loads holds no session. Quick work
    /// (a load of a quarter of a second) is waited for; slower work leaves the preview open and its
    /// page live, followed to its end (`livePreviewChange`), so a start page never stays at
    /// "Loading" for ever.
    func startScreen() async throws -> StartScreen {
        // A flood of page loads costs one look at the preview a second, live or not.
        let now = clock()
        if let preview, now - preview.made < .seconds(1) { return preview.start }
        if let live = await currentLivePreview() { return live }
        if let previewTask { return try await previewTask.value.start }
        let make = makeSession
        let task = Task { () throws -> (start: StartScreen, live: (any AppSession)?) in
            let app = try await make()
            await WebController.awaitQuickWork(of: app)
            let view: (screen: Screen, layers: [[String]], titles: [String])
            do {
                view = try await app.view()
            } catch {
                await app.close()
                throw error
            }
            let start = StartScreen(scene: view.layers.first?.first ?? view.screen.title, screen: view.screen)
            guard await app.isSettling else {
                await app.close()
                return (start, nil)
            }
            return (StartScreen(scene: start.scene, screen: start.screen, live: true), app)
        }
        previewTask = task
        defer { previewTask = nil }
        let made = try await task.value
        if let app = made.live {
            if let old = livePreview { await old.app.close() }
            livePreview = (app, made.start.scene, clock())
        }
        preview = (made.start, clock())
        return made.start
    }

    /// The live preview as it is now (nil without one). Once its work ended (or it ran past
    /// `livePreviewLimit`), its last screen is the preview, at rest, and the preview's session is closed.
    private func currentLivePreview() async -> StartScreen? {
        guard let live = livePreview else { return nil }
        let view = try? await live.app.view()
        let running = await live.app.isSettling && clock() - live.made < Self.livePreviewLimit
        // Another request may have replaced or closed it meanwhile (the actor was free during the reads).
        guard let current = livePreview, current.app === live.app else { return preview?.start }
        guard let view else {
            livePreview = nil
            await live.app.close()
            return nil
        }
        let start = StartScreen(scene: live.scene, screen: view.screen, live: running)
        preview = (start, clock())
        if !running {
            livePreview = nil
            await live.app.close()
        }
        return start
    }

    /// The preview's screen now: the live one as its work left it, else the last made (its work's
    /// end, once a stream's wait saw it end).
    package func previewNow() async -> StartScreen? {
        if let live = await currentLivePreview() { return live }
        return preview?.start
    }

    /// For a start page's live stream: waits until the live preview changes past `count` (its
    /// change count; nil: the first look), and answers its screen now with the count to wait past
    /// next; nil when no preview is live (the stream ends). It sleeps meanwhile (no timer).
    package func livePreviewChange(after count: UInt64?) async -> (start: StartScreen, count: UInt64)? {
        guard let live = livePreview else { return nil }
        if let count { _ = await live.app.change(after: count, within: Self.livePreviewLimit) }
        let next = live.app.changeCount
        guard let start = await currentLivePreview() else { return nil }
        return (start, next)
    }

    /// What the deep link `link` opens, for a page that changes no session: a session is built, the
    /// link opened in it, its screens read, and the session dropped. Throws `LinkError` for a link that
    /// names nothing (a 404), or why the opening failed.
    /// `client`: whose faults the opening's are toward refusing the plugin for everyone (one source
    /// per address, however many GETs it sends).
    /// `slots`: the slot each layer is of its container (`WebSession.slots(of:records:)`).
    func preview(
        link: String, client: String? = nil
    ) async throws
        -> (screen: Screen, layers: [[String]], slots: [String?], titles: [String])
    {
        let app = try await makeSession()
        if let client { app.attribute(to: client) }
        do {
            try await app.open(link: link)
        } catch {
            await app.close()
            throw error
        }
        await WebController.awaitQuickWork(of: app)
        return try await Self.lastView(of: app)
    }

    /// What `app` shows, read once before it is closed; it is closed whether the read works or not.
    private static func lastView(
        of app: any AppSession
    ) async throws
        -> (screen: Screen, layers: [[String]], slots: [String?], titles: [String])
    {
        do {
            let view = try await app.view()
            let slots = WebSession.slots(of: view.layers, records: await app.records())
            await app.close()
            return (view.screen, view.layers, slots, view.titles)
        } catch {
            await app.close()
            throw error
        }
    }

    /// The plugin of the scene the deep link `link` opens; nil when it names no link.
    package func plugin(ofLink link: String) async -> String? {
        guard let opening = try? await links().resolve(link) else { return nil }
        return pluginOfScene(opening.scene) ?? opening.scene
    }

    /// Whether `client`'s GETs of `plugin`'s links are refused now (`WebLinkFaults`).
    package func linkRefusal(client: String, plugin: String) -> (faults: Int, retryAfter: Int)? {
        linkFaults.refusal(client: client, plugin: plugin, at: clock())
    }

    /// Counts a deep-link GET of `plugin` from `client` that ended a scene worker.
    func noteLinkFault(client: String, plugin: String) {
        linkFaults.note(client: client, plugin: plugin, at: clock())
    }

    /// The app's deep links (for a screen URL's query in a browser without a session): read from a
    /// session made for it once, then kept.
    package func links() async -> LinkTable {
        if let knownLinks { return knownLinks }
        guard let app = try? await makeSession() else { return LinkTable() }
        let links = app.links
        await app.close()
        knownLinks = links
        return links
    }

    /// Whether the store's state of `key` moved on from `leaving` (another instance's action under
    /// way ended, or its lease ran out) within `patience`, polling every 20 ms. Real time, not `clock`:
    /// a request waits at most that long whatever the lease says.
    func waitAtRest(_ key: SessionKey, leaving: Int64) async -> Bool {
        let deadline = ContinuousClock.now + patience
        while ContinuousClock.now < deadline {
            guard let state = try? await durable.state(of: key), state == leaving else { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    /// The initial scene and what it shows when it has just started.
    package struct StartScreen: Sendable {
        package let scene: String
        package let screen: Screen
        /// Its work still runs: the page follows it (`livePreviewChange`).
        package var live = false
    }

    /// Drops a session whose scenes are gone (its worker could not build them again), here and in the store.
    package func drop(_ session: WebSession) async {
        guard sessions[session.id] === session else { return }
        await forget(session)
        try? await durable.delete(session.key)
    }

    /// `body`, a request to the store, timed for `/metrics`.
    private func timed<T>(_ body: () async throws(SessionStoreError) -> T) async throws(SessionStoreError) -> T {
        let start = ContinuousClock.now
        defer { counters.storeLatency.recordNanoseconds((ContinuousClock.now - start).wholeNanoseconds) }
        return try await body()
    }

    /// Whether `session` is this instance's live copy of its session.
    package func holds(_ session: WebSession) -> Bool { sessions[session.id] === session }

    /// Lets go of this instance's cache of `session` (its stacks in the worker); the store keeps its row.
    package func forget(_ session: WebSession) async {
        guard sessions[session.id] === session else { return }
        snapshots.withdraw(sessionID: session.id)
        sessions[session.id] = nil
        counters.live.record(sessions.count)
        await session.app.close()
    }

    /// Makes `snapshot` what the pages of `session` (its cookie now `cookie`) show, while this instance
    /// holds it: its owner made it (`WebSession.snapshot`); nil while it has a message to show.
    func publish(_ session: WebSession, _ snapshot: WebPageSnapshots.Snapshot?, cookie: String) {
        guard sessions[session.id] === session else { return }
        // Under the whole cookie: a page is answered there only for the current secret.
        snapshots.publish(snapshot, for: cookie)
    }

    /// Takes the uses of sessions whose pages were answered from their snapshots.
    private func absorbUses() {
        for (id, used) in snapshots.takeUses() {
            sessions[id]?.bookkeeping.withLock { if $0.lastUsed < used { $0.lastUsed = used } }
        }
    }

    /// Drops this instance's cache of sessions idle here for `idleExpiry` (the store's own sweep
    /// decides when a session ends, since another instance may have served it meanwhile).
    private func sweep(now: ContinuousClock.Instant) async {
        if let lastSweep, now - lastSweep < .seconds(1) { return }
        lastSweep = now
        absorbUses()
        for session in Array(sessions.values) where now - session.bookkeeping.withLock(\.lastUsed) > idleExpiry {
            await forget(session)
        }
    }

    /// At most every ten seconds (`upkeep`): tells the store of the uses it has not heard of (pages
    /// answered without a write) and drops the sessions unused for `idleExpiry` across every instance.
    private func sweepStoreIfDue(now: ContinuousClock.Instant) async {
        if let lastStoreSweep, now - lastStoreSweep < .seconds(10) { return }
        lastStoreSweep = now
        await sweepStoreNow()
    }

    private func sweepStoreNow() async {
        let wall = wallNow
        do {
            for session in Array(sessions.values) {
                let kept = session.bookkeeping.withLock { $0 }
                let used = origin.wall + (kept.lastUsed - origin.instant).wholeMilliseconds
                // An action under way (an odd state) keeps its claim's time: the lease counts from it.
                guard used - kept.storeUsed >= 5_000, kept.state.isMultiple(of: 2) else { continue }
                try await durable.touch(session.key, now: used)
                session.bookkeeping.withLock { $0.storeUsed = used }
            }
            let expired = try await durable.expire(usedBefore: wall - idleExpiry.wholeMilliseconds)
            counters.expired.increment(by: expired)
        } catch {
            // Tried again at the next sweep; requests report the store's state themselves.
            counters.storeErrors.increment()
        }
    }
}
