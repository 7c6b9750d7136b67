/// One session as a store keeps it: the columns a store queries (key, state number, times, client,
/// actions) and the session's screens as one encoded body (`SessionBody`, the host's record format,
/// versioned), which only the web layer reads.
///
/// Times are milliseconds since 1970 (wall clock): instances on several machines compare them.
package struct StoredSession: Equatable, Sendable {
    package var key: SessionKey
    /// The form token every form of the session carries.
    package var token: String
    /// Advanced by every action, by compare-and-set (`SessionStore.claim`): a cache of the session is
    /// valid while its state number is the store's.
    package var state: Int64
    package var created: Int64
    /// Its last use, a page load or an action: what idle expiry counts from.
    package var lastUsed: Int64
    /// Its last action (a form post), never a page load: what eviction counts from, so loading a
    /// session's pages holds no place in a full store.
    package var lastAction: Int64
    /// The client address the session was made from (the per-client cap counts these).
    package var client: String
    /// How many actions its user took (sessions with fewer are evicted first).
    package var actions: Int64
    /// `SessionBody`, encoded: every screen's record, stamp and last screen, and a pending notice.
    package var body: [UInt8]

    package init(
        key: SessionKey, token: String, state: Int64, created: Int64, lastUsed: Int64, lastAction: Int64,
        client: String,
        actions: Int64, body: [UInt8]
    ) {
        self.key = key
        self.token = token
        self.state = state
        self.created = created
        self.lastUsed = lastUsed
        self.lastAction = lastAction
        self.client = client
        self.actions = actions
        self.body = body
    }
}

/// The caps a new session is checked against, across every instance that shares the store.
///
/// A session is *in use* once its user acted twice (`inUseActions`): one made and never used again
/// (a first action only, or none) counts in no per-client cap and is the first a full store evicts.
/// A full store evicts by least work: the session with the fewest actions, and of those the one whose
/// last action is oldest, among the sessions whose last action is at least `evictionGrace` old. Page
/// loads change neither, so loading a session's pages holds no place.
package struct SessionLimits: Equatable, Sendable {
    /// The most sessions the store keeps.
    package var total: Int
    /// The most sessions in use (`inUseActions` or more) one client address holds.
    package var perClient: Int
    /// A session whose last action is at least this old (milliseconds) may be evicted to make room for
    /// a new one: a user who just acted is never evicted.
    package var evictionGrace: Int64

    /// The actions that make a session in use.
    package static let inUseActions: Int64 = 2

    package init(total: Int, perClient: Int, evictionGrace: Int64) {
        self.total = total
        self.perClient = perClient
        self.evictionGrace = evictionGrace
    }
}

/// What a claim found (`SessionStore.claim`), in one request: the caller decides what a lost claim
/// means from where the session was at that moment, not from a later look that another action may
/// have moved on meanwhile.
package enum SessionClaim: Equatable, Sendable {
    /// The state number moved from the one asked to the next: the caller may apply its action.
    case claimed
    /// Not claimed: the session's state number at the time (`current`), nil when there is no such session.
    case lost(current: Int64?)
}

/// What became of a new session (`SessionStore.insert`).
package enum SessionInsertion: Equatable, Sendable {
    /// It is stored; `evicted` names the session dropped to make room for it, if any.
    case inserted(evicted: SessionKey?)
    /// The client holds its share of sessions in use already: nothing was stored.
    case tooManyForClient
    /// The store is full and every session acted within the eviction grace: nothing was stored.
    case full
}
