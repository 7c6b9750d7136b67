@_spi(SceneHost) import SceneSDK
import Synchronization
import SceneHostFrontend
import SceneHostNavigation
import SceneHostSessions
import SceneHostWorkers

/// One browser's app: its own session of scenes (stack, modals, DataStores: in a scene worker, or
/// on a navigator here), its form token, what its pages last showed, and the message of its last
/// failed action.
///
/// The one owner of its session in this instance: an actor, so the requests of one browser take
/// turns on it while other browsers' requests run beside them (no main actor in between). What the
/// instance's session registry (`WebSessionStore`) reads of it without taking a turn — the store's
/// state number, and when it was last used — is in `bookkeeping`, behind its own lock.
///
/// Made on the browser's first action (never by a page load), so page loads alone cost no session.
package actor WebSession {
    /// The first half of the cookie, naming the session: 32 random bytes, hex. Never stored: the
    /// store knows `key`.
    package nonisolated let id: String
    /// What the session store knows it by (the SHA-256 of `id`).
    package nonisolated let key: SessionKey
    /// The second half of the cookie: 32 random bytes, hex, replaced on every action applied
    /// (`rotate`), so a cookie planted in a browser (session fixation) stops working at its user's
    /// first action. Empty for a session built again from the store until a request shows it.
    package internal(set) var secret: String
    /// The digests of the secret and of the one it replaced, the last form applied, texts offered
    /// back: kept with the session in its store.
    package var guards: SessionGuards
    /// When it was made (milliseconds since 1970, the store's clock).
    package nonisolated let created: Int64
    /// Every form of this session carries it; a post without it is refused.
    package nonisolated let token: String
    package nonisolated let app: any AppSession
    /// The address the session was made from, for the per-client cap.
    package nonisolated let client: String
    /// The store's state number, its last use told to the store, and its last use here: read and
    /// moved by the registry (`WebSessionStore`) without a turn of this actor.
    nonisolated let bookkeeping: Mutex<Bookkeeping>
    /// The error of the last action, shown once on the next page: while there is one, pages take
    /// the router's path (the snapshot is withdrawn), so the message is shown.
    var pendingError: String? {
        didSet { if pendingError != nil { snapshots.withdraw(sessionID: id) } }
    }
    /// It was built again from the store and its note (`pendingError`) has not been shown yet.
    var justRebuilt = false
    /// The store's row holds a message for the next page (a notice, texts offered back, a field's
    /// problem): once a page showed it, the row must forget it too, or every instance that builds the
    /// session again from the row would show it again (`WebController.forgetShownNotice`).
    var rowHoldsNotice = false
    /// Where its snapshot is published (`WebSessionStore.publish`).
    nonisolated let snapshots: WebPageSnapshots
    /// The screens of its stacks, bottom to top (every layer's stack in turn).
    package private(set) var screens: [WebScreen] = []
    /// How many actions its user took: sessions with fewer are evicted first when the server is full.
    package internal(set) var actions = 0
    /// An action of the session is under way (waiting for its scenes): another form is out of date.
    var isActing = false
    /// The digest of the form whose action this copy applied last, whether it went through or failed
    /// (`guards.lastForm` keeps only one that went through, in the store): a form sent again with the
    /// secret that action replaced (a double click) is answered with its result, not as another tab's.
    var lastAttempt: String?
    private var nextStamp = 1
    /// The title each scene last showed here, by scene name: what a notice calls a screen that is
    /// gone (one name per screen: the title the user saw, never the URL's scene name).
    private(set) var titles: [String: String] = [:]
    /// The first stamp an action of this copy gave (`refresh(actedAt:)`): a page stamped before it
    /// was moved on by an action (another tab's, or this tab's own), one stamped after it by the
    /// app itself (its work). 0: no action since this copy was made; nil: built again from the
    /// store's row, where another instance may have acted (unknown).
    private(set) var lastActionStamp: Int? = 0

    /// Whether a page stamped `stamp` was moved on by the app itself: no action of this copy was
    /// taken since the stamp was given (and it was given here). False when unknown.
    func movedByItself(since stamp: Int?) -> Bool {
        guard let stamp, let lastActionStamp else { return false }
        return stamp >= lastActionStamp && stamp < nextStamp
    }
    /// The generation of the worker's records `screens` were read from (nil in process).
    private(set) var viewedGeneration: UInt64?

    /// What the registry keeps of a session beside its owner.
    struct Bookkeeping: Sendable {
        /// The store's state number this session's stacks match (`SessionStore.claim`): when the store's
        /// differs, another instance (or a restart) moved it on and the stacks are built again from the row.
        package var state: Int64
        /// The last use the store was told of (`SessionStore.touch`, `claim`).
        var storeUsed: Int64
        /// When a request last used it, for idle expiry.
        package var lastUsed: ContinuousClock.Instant
    }

    /// The store's state number this copy matches (see `Bookkeeping.state`).
    package nonisolated var state: Int64 { bookkeeping.withLock(\.state) }

    package init(
        app: any AppSession, client: String, now: ContinuousClock.Instant, wallNow: Int64, snapshots: WebPageSnapshots
    ) {
        self.id = Self.randomHex()
        self.key = SessionKey(secret: id)
        self.secret = Self.randomHex()
        self.guards = SessionGuards(secretDigest: SessionKey(secret: secret).hex)
        self.token = Self.randomHex()
        self.app = app
        self.client = client
        self.created = wallNow
        self.bookkeeping = Mutex(Bookkeeping(state: 0, storeUsed: wallNow, lastUsed: now))
        self.snapshots = snapshots
    }

    /// The session `row` describes, its scenes built again in `app` (from `body`'s records): its
    /// screens keep their stamps, so the forms of the pages its user holds still apply.
    package init(
        id: String, row: StoredSession, body: SessionBody, app: any AppSession, now: ContinuousClock.Instant,
        snapshots: WebPageSnapshots
    ) {
        self.id = id
        self.key = row.key
        self.secret = ""
        self.guards = body.guards
        self.token = row.token
        self.app = app
        self.client = row.client
        self.created = row.created
        self.bookkeeping = Mutex(Bookkeeping(state: row.state, storeUsed: row.lastUsed, lastUsed: now))
        self.snapshots = snapshots
        self.actions = Int(clamping: row.actions)
        let links = app.links
        screens = body.places.map { place in
            WebScreen(
                name: place.record.name, opensLayer: place.record.opensLayer,
                slot: place.record.opensLayer ? place.record.slot : nil, stamp: place.stamp,
                lastScreen: place.lastScreen,
                query: WebRecordLink(scene: place.record.name, input: place.record.input?.value, links: links)?.query
                    ?? "")
        }
        nextStamp = body.nextStamp
        lastActionStamp = nil
        rowHoldsNotice = body.notice != nil || !body.guards.offered.isEmpty || !body.guards.problems.isEmpty
    }

    /// The session as its store keeps it, at state number `state`: every screen's record (from the
    /// app), stamp and last screen, and the message its user has not seen yet.
    package func row(state: Int64, now: Int64) async -> StoredSession {
        let records = await app.records()
        var places: [SessionBody.Place] = []
        places.reserveCapacity(screens.count)
        for (screen, record) in zip(screens, records) {
            places.append(SessionBody.Place(record: record, stamp: screen.stamp, lastScreen: screen.lastScreen))
        }
        let body = SessionBody(places: places, nextStamp: nextStamp, notice: pendingError, guards: guards)
        rowHoldsNotice = pendingError != nil || !guards.offered.isEmpty || !guards.problems.isEmpty
        // Written when the session is made and after each action, never by a page load: `now` is its last action.
        return StoredSession(
            key: key, token: token, state: state, created: created, lastUsed: now, lastAction: now, client: client,
            actions: Int64(actions), body: body.encoded())
    }

    /// Reads the app's stacks again after `depth` (the screen an action came from) may have
    /// changed: screens above it are new; a screen at or below it keeps its stamp unless it is on
    /// top now and was not before, or (after an action) shows something else; the one on top takes
    /// what it shows now, and after an action (`depth` not `.max`) always a new stamp. On a page
    /// load (`.max`) the top that stayed on top keeps its stamp even when its work changed it.
    func refresh(actedAt depth: Int) async throws {
        if depth != .max { lastActionStamp = nextStamp }
        // Read before the view: a change made meanwhile leaves a generation that no longer matches.
        let generation = app.screenVersion?.generation
        let (screen, layers, appTitles) = try await app.view()
        viewedGeneration = generation
        let records = await app.records()
        let links = app.links
        let slots = Self.slots(of: layers, records: records)
        var fresh: [WebScreen] = []
        for (index, stack) in layers.enumerated() {
            for (position, name) in stack.enumerated() {
                let place = fresh.count
                let opensLayer = index > 0 && position == 0
                let slot = position == 0 ? slots[index] : nil
                let isTop = index == layers.count - 1 && position == stack.count - 1
                let same =
                    place < screens.count && screens[place].name == name && screens[place].opensLayer == opensLayer
                    && screens[place].slot == slot
                // A screen shown again after the ones above it went (results handed back, viewWillAppear
                // run) is a new state of it, as is the top one showing something else.
                if place <= depth, same, !isTop || (place == screens.count - 1 && screens[place].lastScreen == screen) {
                    fresh.append(screens[place])
                } else if depth == .max, isTop, place == screens.count - 1, same {
                    // The screen on top changed on its own (its background work, a timer): the same
                    // state of the app shown anew. Its forms still apply (what was typed on a page
                    // while a total updated is not refused as stale); their events are checked
                    // against the screen as it is now, as every event is.
                    var kept = screens[place]
                    kept.lastScreen = screen
                    fresh.append(kept)
                } else {
                    // Below the top, a screen not shown yet (a deep link's stack) keeps what it showed here,
                    // if it was here, or when its tab was last shown; else its title, as the app names it
                    // (one name per screen).
                    let chain = fresh.map(\.segment) + [WebPath.Segment(slot: slot, name: name)]
                    let known =
                        place < screens.count && screens[place].name == name
                        ? screens[place].lastScreen
                        : parked.first { $0.chain == chain }?.screen
                            ?? Screen(title: place < appTitles.count ? appTitles[place] : WebPage.humanized(name))
                    let input = place < records.count && records[place].name == name ? records[place].input?.value : nil
                    fresh.append(
                        WebScreen(
                            name: name, opensLayer: opensLayer, slot: slot, stamp: takeStamp(),
                            lastScreen: isTop ? screen : known,
                            query: WebRecordLink(scene: name, input: input, links: links)?.query ?? ""))
                }
            }
        }
        // After an action the screen on top is a new state even when it shows the same (a save that
        // met the same conflict again): a form sent from it again is a new request, not a repeat of the
        // one just applied, and a tab still showing the page before the action holds an older state.
        if depth != .max, let top = fresh.indices.last, top < screens.count, fresh[top].stamp == screens[top].stamp {
            fresh[top].stamp = takeStamp()
        }
        park(screens, leaving: fresh)
        screens = fresh
        for screen in fresh { titles[screen.name] = screen.lastScreen.title }
    }

    /// What the screens of slots not shown now (a hidden tab's stack, a pane that lost the focus)
    /// last showed here, by their chain: the earlier page of such a screen, once its tab is shown
    /// again, is what its user saw and left, not its title alone. At most `maximumParked`, the
    /// oldest forgotten first; kept in this copy only (a session built again from the store shows
    /// such a page by its title, as a deep link's way).
    private var parked: [(chain: [WebPath.Segment], screen: Screen)] = []
    static let maximumParked = 32

    /// Keeps what each screen of `old` that `fresh` no longer has at its place showed, by its chain.
    /// A screen shown again is no longer kept so (what it shows now is in `fresh`).
    private func park(_ old: [WebScreen], leaving fresh: [WebScreen]) {
        let shown = fresh.indices.map { fresh[...$0].map(\.segment) }
        parked.removeAll { shown.contains($0.chain) }
        var chain: [WebPath.Segment] = []
        for screen in old {
            chain.append(screen.segment)
            guard !shown.contains(chain) else { continue }
            parked.append((chain, screen.lastScreen))
        }
        if parked.count > Self.maximumParked { parked.removeFirst(parked.count - Self.maximumParked) }
    }

    /// The slot each of `layers` is of its container (`SceneRecord.slot` of its first record): nil
    /// for the root and for each modal. Records that do not match the layers (read a moment apart)
    /// name no slot.
    nonisolated static func slots(of layers: [[String]], records: [SceneRecord]) -> [String?] {
        let recorded = SceneRecord.layers(records)
        guard recorded.map({ $0.map(\.name) }) == layers else { return layers.map { _ in nil } }
        return recorded.enumerated().map { $0.offset > 0 ? $0.element.first?.slot : nil }
    }

    /// What a notice calls the scene `name`: the title it last showed here, else its name in words.
    func title(ofScene name: String) -> String {
        titles[name] ?? WebPage.humanized(name)
    }

    /// Reads the stacks built again from the store's row, and keeps for the next page what its user
    /// must be told: what the row held for it, and how the rebuild went (a page that shows other texts
    /// than the user last saw is said to: what the user last saw is the truth).
    package func rebuilt(note: RestoreNote, body: SessionBody) async throws {
        try await refresh(actedAt: .max)
        let settling = await app.isSettling
        let unlike =
            note == .restored && !settling
            && body.places.last.map { !WebSessionStore.showsAlike($0.lastScreen, screens.last?.lastScreen) } == true
        let changed = unlike ? WebError.pageNotAsShown(title: screens.last?.lastScreen.title ?? "").message : nil
        let told = [body.notice, note == .restored ? changed : WebError.sessionRebuilt(note).message].compactMap { $0 }
            .joined(separator: "\n")
        pendingError = told.isEmpty ? nil : told
        justRebuilt = pendingError != nil
    }

    /// What a GET may be answered with on the connection's thread: nil when the session has a message
    /// to show once, or no worker records to compare with (`WebPageSnapshots`).
    /// `checked`: the store is shared, so the snapshot names the state number it shows (at rest only).
    package func snapshot(checked: Bool) -> WebPageSnapshots.Snapshot? {
        let state = self.state
        let check = checked ? WebPageSnapshots.StoreCheck(key: key, state: state) : nil
        if checked, !state.isMultiple(of: 2) { return nil }
        // A session whose scenes were working at the last report is asked again on its next page
        // (`WebController.sync`): its snapshot may show a screen the work has changed since.
        guard pendingError == nil, !isActing, let version = app.screenVersion, let viewedGeneration, !version.busy
        else { return nil }
        return WebPageSnapshots.Snapshot(
            screens: screens, token: token, source: version, generation: viewedGeneration, check: check)
    }

    /// Keeps the texts a form sent for the screen at `depth` (still open, no longer on top) as its
    /// earlier page shows them: what its user saw when they left it.
    func keepFilled(_ fills: [FrontendCommand], at depth: Int) {
        guard depth < screens.count - 1, !fills.isEmpty else { return }
        var texts: [String: String] = [:], toggles: [String: Bool] = [:], choices: [String: Int] = [:]
        for fill in fills {
            switch fill {
            case .fill(let field, let text): texts[field] = text
            case .toggle(let toggle, let isOn?): toggles[toggle] = isOn
            case .choose(let choice, let option): choices[choice] = Int(option)
            case .tap, .select, .toggle, .back, .backTo, .dismiss, .print, .call, .wait: continue
            }
        }
        func kept(_ element: ScreenElement) -> ScreenElement {
            switch element {
            case .textField(let id, let placeholder, _, let label, let problem):
                guard let text = texts[id] else { return element }
                return .textField(id: id, placeholder: placeholder, text: text, label: label, problem: problem)
            case .textArea(let id, let label, _, let problem):
                guard let text = texts[id] else { return element }
                return .textArea(id: id, label: label, text: text, problem: problem)
            case .toggle(let id, let title, _):
                guard let isOn = toggles[id] else { return element }
                return .toggle(id: id, title: title, isOn: isOn)
            case .choice(let id, let label, let options, _):
                guard let option = choices[id], options.indices.contains(option) else { return element }
                return .choice(id: id, label: label, options: options, selected: option)
            case .section(let id, let title, let elements):
                return .section(id: id, title: title, elements: elements.map(kept))
            case .secureField, .label, .alert, .button, .list, .progress:
                return element
            }
        }
        screens[depth].lastScreen.elements = screens[depth].lastScreen.elements.map(kept)
    }

    /// The depth of the screen named by a screen path: the path must be the chain of scenes (each
    /// slot's first with its slot) from the bottom up to it. Nil when no screen of the session is
    /// there now.
    package func depth(of segments: [WebPath.Segment]) -> Int? {
        guard !segments.isEmpty, segments.count <= screens.count else { return nil }
        for (index, segment) in segments.enumerated() where screens[index].segment != segment { return nil }
        return segments.count - 1
    }

    /// The slot a screen path names that is not the one open now, where the chain it names leaves
    /// the session's: its name, to show that slot again (`Navigator.selectSlot(named:)`: the tab
    /// is selected, the pane focused). Nil when the path names no other slot of a container the
    /// session shows there.
    func otherSlot(in segments: [WebPath.Segment]) -> String? {
        for (index, segment) in segments.enumerated() {
            guard index < screens.count else { return nil }
            if screens[index].segment == segment { continue }
            // A slot of the same container: the screen below both is that container.
            guard let slot = segment.slot, screens[index].slot != nil, screens[index].slot != slot else { return nil }
            return slot
        }
        return nil
    }

    /// The URL of the screen at `depth`, with the query naming its record, if any.
    package func url(at depth: Int) -> String {
        WebScreen.url(of: screens, at: depth)
    }

    /// The commands that bring the screen at `depth` back on top, handing results back on the way
    /// as the app's own back does: each modal above its stack is dismissed, then its stack is popped.
    /// Nil for a screen no back reaches that way: a container below the open slot it is shown with
    /// (its page is that slot's screen, never its own).
    func commandsBack(to depth: Int) -> [FrontendCommand]? {
        guard depth < screens.count - 1 else { return [] }
        var commands: [FrontendCommand] = []
        var top = screens.count - 1
        while top > depth {
            // The root of the modal the top screen is in.
            var root = top
            while root > 0, !screens[root].opensLayer { root -= 1 }
            if screens[root].opensLayer, root > depth {
                guard screens[root].isModal else { return nil }
                commands.append(.dismiss)
                top = root - 1
            } else {
                commands.append(contentsOf: repeatElement(FrontendCommand.back, count: top - depth))
                top = depth
            }
        }
        return commands
    }

    // MARK: The cookie

    /// The value of the session's cookie.
    package var cookie: String { id + "." + secret }

    /// How the secret of a request's cookie stands, learning the current one from it when this copy
    /// was built from the store and has not seen it yet.
    package func check(secret given: String, now: Int64) -> SecretMatch {
        let match = match(secret: given, now: now)
        if match == .current, secret.isEmpty { secret = given }
        if match == .previous { learnSecret(fromPrevious: given) }
        return match
    }

    /// How a request's cookie secret stands against the session's.
    package enum SecretMatch: Equatable {
        case current
        /// The secret the last rotation replaced, within `previousSecretGrace` of it: a request sent
        /// before its browser had the new one (a double click, a second tab).
        case previous
        case none
    }

    /// How long the replaced secret is still recognised after a rotation.
    static let previousSecretGrace: Int64 = 10_000

    /// How `secret` (the cookie's second half) stands, at `now` (milliseconds since 1970). A
    /// session written before secrets takes any.
    package func match(secret given: String, now: Int64) -> SecretMatch {
        guard let digest = guards.secretDigest else { return .current }
        let givenDigest = SessionKey(secret: given).hex
        if givenDigest == digest { return .current }
        if givenDigest == guards.previousDigest, now - guards.rotatedAt <= Self.previousSecretGrace { return .previous }
        return .none
    }

    /// Gives the session a new secret (the reply sets it in the browser); the old one is recognised
    /// for `previousSecretGrace` more, for repeats of the form just applied only.
    func rotate(now: Int64) {
        let salt = Self.randomHex()
        guards.previousDigest = guards.secretDigest
        guards.rotatedAt = now
        guards.rotationSalt = salt
        secret = Self.rotated(secret, salt: salt)
        guards.secretDigest = SessionKey(secret: secret).hex
    }

    /// Learns the current secret from the one the last rotation replaced (`given` matched as
    /// `.previous`), when this copy was built from the store and never saw it.
    func learnSecret(fromPrevious given: String) {
        guard secret.isEmpty, let salt = guards.rotationSalt else { return }
        let candidate = Self.rotated(given, salt: salt)
        if SessionKey(secret: candidate).hex == guards.secretDigest { secret = candidate }
    }

    /// The secret that follows `secret` under `salt`.
    package nonisolated static func rotated(_ secret: String, salt: String) -> String {
        SessionKey(secret: secret + ":" + salt).hex
    }

    // MARK: Actions under way

    /// Requests that wait for the action under way to end (a double click, a second tab).
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Returns when no action of the session is under way.
    func actionEnded() async {
        guard isActing else { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Marks the action under way as ended and lets the requests that waited for it go on.
    func endAction() {
        isActing = false
        let waiters = waiting
        waiting = []
        for waiter in waiters { waiter.resume() }
    }

    private func takeStamp() -> Int {
        defer { nextStamp += 1 }
        return nextStamp
    }

    /// 32 bytes from the system's secure generator, as 64 hex digits.
    nonisolated static func randomHex() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }
}
