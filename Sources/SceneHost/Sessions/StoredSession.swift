/// One session as a store keeps it: the columns a store queries (key, state number, times, client,
/// actions) and the session's screens as one encoded body (`SessionBody`, the host's record format,
/// versioned), which only the web layer reads.
///
/// Times are milliseconds since 1970 (wall clock): instances on several machines compare them.
public struct StoredSession: Equatable, Sendable {
    public var key: SessionKey
    /// The form token every form of the session carries.
    public var token: String
    /// Advanced by every action, by compare-and-set (`SessionStore.claim`): a cache of the session is
    /// valid while its state number is the store's.
    public var state: Int64
    public var created: Int64
    public var lastUsed: Int64
    /// The client address the session was made from (the per-client cap counts these).
    public var client: String
    /// How many actions its user took (sessions with fewer are evicted first).
    public var actions: Int64
    /// `SessionBody`, encoded: every screen's record, stamp and last screen, and a pending notice.
    public var body: [UInt8]

    public init(key: SessionKey, token: String, state: Int64, created: Int64, lastUsed: Int64, client: String, actions: Int64, body: [UInt8]) {
        self.key = key
        self.token = token
        self.state = state
        self.created = created
        self.lastUsed = lastUsed
        self.client = client
        self.actions = actions
        self.body = body
    }
}

/// The caps a new session is checked against, across every instance that shares the store.
public struct SessionLimits: Equatable, Sendable {
    /// The most sessions the store keeps.
    public var total: Int
    /// The most sessions one client address holds.
    public var perClient: Int
    /// A session idle at least this long (milliseconds) may be evicted to make room for a new one.
    public var evictionGrace: Int64

    public init(total: Int, perClient: Int, evictionGrace: Int64) {
        self.total = total
        self.perClient = perClient
        self.evictionGrace = evictionGrace
    }
}

/// What a claim found (`SessionStore.claim`), in one request: the caller decides what a lost claim
/// means from where the session was at that moment, not from a later look that another action may
/// have moved on meanwhile.
public enum SessionClaim: Equatable, Sendable {
    /// The state number moved from the one asked to the next: the caller may apply its action.
    case claimed
    /// Not claimed: the session's state number at the time (`current`), nil when there is no such session.
    case lost(current: Int64?)
}

/// What became of a new session (`SessionStore.insert`).
public enum SessionInsertion: Equatable, Sendable {
    /// It is stored; `evicted` names the session dropped to make room for it, if any.
    case inserted(evicted: SessionKey?)
    /// The client holds its share already: nothing was stored.
    case tooManyForClient
    /// The store is full and every session was used within the eviction grace: nothing was stored.
    case full
}
