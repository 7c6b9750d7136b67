/// Where `scene-host serve` keeps its sessions so they outlive its process: an embedded SQLite file
/// (the default), PostgreSQL (many instances), or memory (they end with the process).
///
/// Every method is one transaction. A store never decodes a session's body; it keeps it with the
/// columns it queries. The state number is advanced only by compare-and-set, so one form posted to
/// two instances at once is applied by one of them at most (`claim`). The web layer keeps it even
/// while the session is at rest and odd while an action is under way (`claim` from even, `write` from
/// odd, `reclaim` from an odd number whose claimant will never write it, `release` from an odd number
/// this instance let go of). Errors are `SessionStoreError` and never carry a password.
///
/// **Who holds a claim.** Each store object is one *instance* (one `serve` process): an identity
/// drawn at random when it is made, written with every claim (`claim`, `reclaim`) and cleared by the
/// write that ends it (`write`, `release`). A claim is taken over at once when its holder is no longer
/// running, and the store knows that without waiting: SQLite (one machine) by a lock file beside the
/// database that each instance holds an `flock` on while it runs; PostgreSQL by a session-level
/// advisory lock each instance holds on a connection of its own; memory by being this process (every
/// holder is running). The kernel or the server lets go of those locks the moment a process ends,
/// however it ends (`kill -9` included), so a dead instance's claim is taken over by the next request
/// and never waits for the lease (`reclaim`'s `staleBefore`), which stays only for a claimant that runs but
/// is stuck, or a claim that names no holder (made by an older build). Liveness only decides how soon a
/// claim may be taken over; one action per state number is kept by the compare-and-set alone, so a
/// claimant wrongly thought gone loses no data: its write finds the state moved and keeps nothing.
///
/// A store serves one app (`app`): every row it writes carries the app's identity, and every method
/// sees only that app's rows (loads, claims, writes, deletes, the caps, the count, expiry). A key
/// another app stored reads as no session; another app's sessions are never shown, changed, counted
/// or evicted. Rows written before sessions had an app belong to no app: no method finds them, and
/// `expire` drops them like the app's own once they are idle.
package protocol SessionStore: Sendable {
    /// Where the sessions are kept, for messages and logs (a PostgreSQL URL without its password).
    var location: String { get }
    /// The app whose sessions this store reads and writes.
    var app: SessionApp { get }
    /// Makes the schema when missing, and checks its version: a newer one than this build knows is refused.
    func prepare() async throws(SessionStoreError)
    /// The session stored under `key`, or nil.
    func load(_ key: SessionKey) async throws(SessionStoreError) -> StoredSession?
    /// The state number of the session under `key` (nil: no such session): what a cache is checked against.
    func state(of key: SessionKey) async throws(SessionStoreError) -> Int64?
    /// The same, read at once on the caller's thread without waiting for anything (a lock, a
    /// connection, the network): `.unknown` when it cannot be read so now, and the caller asks
    /// `state(of:)`. A page snapshot's check on the connection's event loop (`serve`) reads it.
    func stateAtOnce(of key: SessionKey) -> StateAtOnce
    /// Stores a new session, within `limits` counted over the whole store: refused when its client holds
    /// `perClient` sessions in use; at the total it evicts the session with the fewest actions (then the
    /// oldest last action) whose last action is at least the grace old, or refuses (`SessionLimits`).
    func insert(
        _ session: StoredSession, limits: SessionLimits, now: Int64
    ) async throws(SessionStoreError) -> SessionInsertion
    /// Advances the state number of `key` from `state` to `state + 1`, marks it used at `now` and held
    /// by this instance, only if it is `state`: `.claimed` when this caller won (it may then apply its
    /// action), else where the session was (`.lost(current:)`; under concurrency `current` may still
    /// read `state`).
    func claim(_ key: SessionKey, from state: Int64, now: Int64) async throws(SessionStoreError) -> SessionClaim
    /// Advances the state number of `key` from the odd `state` to `state + 2` (an odd number still: an
    /// action under way, now this instance's), marks it used at `now` and held by this instance, only if
    /// it is `state` and the claim on it will never be written by its holder: the holder is another
    /// instance that is no longer running; or it is this instance and `includingOwn` (the caller knows
    /// none of its requests has that claim under way: its write failed, its request ended); or the claim
    /// was made before `staleBefore` (the lease: a holder that runs but is stuck, or a claim naming no
    /// holder). False, changing nothing, otherwise.
    func reclaim(
        _ key: SessionKey, from state: Int64, now: Int64, staleBefore: Int64, includingOwn: Bool
    ) async throws(SessionStoreError) -> Bool
    /// Lets go of this instance's own claim at the odd `state` without writing the session: the state
    /// number moves to `state + 1` (at rest) and the row is otherwise as it was before the claim, its
    /// last use the claim's (an action that changed nothing). False, changing nothing, when the state is not `state` or the claim
    /// is not this instance's. For an action whose write failed: the next one, on any instance, need not
    /// wait for it.
    func release(_ key: SessionKey, from state: Int64) async throws(SessionStoreError) -> Bool
    /// Writes every column of `session` if the stored state number is `expected`, and clears the claim's
    /// holder: false when the session is gone or another caller advanced it.
    func write(_ session: StoredSession, expecting expected: Int64) async throws(SessionStoreError) -> Bool
    /// Marks the session used at `now` (page loads), without touching its state, actions or last action;
    /// never moves its last use back, and leaves a session with an action under way (an odd state) alone, since its last use
    /// is then when the action was claimed (`reclaim`'s lease reads it).
    func touch(_ key: SessionKey, now: Int64) async throws(SessionStoreError)
    /// Drops the session under `key` (nothing when there is none).
    func delete(_ key: SessionKey) async throws(SessionStoreError)
    /// Drops every session of the app last used before `cutoff`, and rows of no app (written before
    /// sessions had one) last used before it; returns how many.
    func expire(usedBefore cutoff: Int64) async throws(SessionStoreError) -> Int
    /// How many sessions of the app the store holds.
    func count() async throws(SessionStoreError) -> Int
    /// The form token of start pages, one for every instance on this store (a first action may be
    /// posted to another instance than the one that showed the page): the stored one, or `proposed`,
    /// stored now when there is none. One per store, shared by its apps too: it is no secret (every
    /// start page shows it), and one name keeps instances of an older build on the store agreeing.
    func startToken(proposed: String) async throws(SessionStoreError) -> String
    /// Answers when the store can be used now (`/readyz`).
    func ping() async throws(SessionStoreError)
    /// Runs what the store needs running while it is used (PostgreSQL: its connection pool and its
    /// requests) until the task is cancelled or the store is closed; returns at once for a store that
    /// needs nothing running (memory, SQLite).
    ///
    /// `serve` runs it as the first service of its one `ServiceGroup`, so it ends last; whoever else
    /// makes a store runs it beside the store's use (a task group), or its requests fail.
    func run() async
    /// Lets go of connections and files.
    func close() async
}

extension SessionStore {
    /// Nothing to run: the store's requests run in their callers' tasks.
    package func run() async {}

    /// No read at once: a remote store always waits for its server.
    package func stateAtOnce(of key: SessionKey) -> StateAtOnce { .unknown }
}

/// A state number read at once (`SessionStore.stateAtOnce`), or why it was not.
package enum StateAtOnce: Equatable, Sendable {
    /// The session's state number; nil: no such session.
    case state(Int64?)
    /// It cannot be read without waiting now (or by this store at all): ask `state(of:)`.
    case unknown
}
