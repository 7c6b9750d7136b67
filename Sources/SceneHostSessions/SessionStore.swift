/// Where `scene-host serve` keeps its sessions so they outlive its process: an embedded SQLite file
/// (the default), PostgreSQL (many instances), or memory (they end with the process).
///
/// Every method is one transaction. A store never decodes a session's body; it keeps it with the
/// columns it queries. The state number is advanced only by compare-and-set, so one form posted to
/// two instances at once is applied by one of them at most (`claim`). The web layer keeps it even
/// while the session is at rest and odd while an action is under way (`claim` from even, `write` from
/// odd, `reclaim` from an odd number left by an instance that died mid-action). Errors are `SessionStoreError`
/// and never carry a password.
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
    /// Stores a new session, within `limits` counted over the whole store: refused when its client holds
    /// `perClient` sessions in use; at the total it evicts the session with the fewest actions (then the
    /// oldest last action) whose last action is at least the grace old, or refuses (`SessionLimits`).
    func insert(_ session: StoredSession, limits: SessionLimits, now: Int64) async throws(SessionStoreError) -> SessionInsertion
    /// Advances the state number of `key` from `state` to `state + 1` and marks it used at `now`,
    /// only if it is `state`: `.claimed` when this caller won (it may then apply its action), else
    /// where the session was (`.lost(current:)`; under concurrency `current` may still read `state`).
    func claim(_ key: SessionKey, from state: Int64, now: Int64) async throws(SessionStoreError) -> SessionClaim
    /// Advances the state number of `key` from `state` to `state + 2` and marks it used at `now`, only
    /// if it is `state` and was last used before `staleBefore`: takes over an action an instance claimed
    /// and never finished (it died), keeping an odd number as the mark of an action under way.
    func reclaim(_ key: SessionKey, from state: Int64, now: Int64, staleBefore: Int64) async throws(SessionStoreError) -> Bool
    /// Writes every column of `session` if the stored state number is `expected`: false when the
    /// session is gone or another caller advanced it.
    func write(_ session: StoredSession, expecting expected: Int64) async throws(SessionStoreError) -> Bool
    /// Marks the session used at `now` (page loads), without touching its state, actions or last action;
    /// never moves its last use back, and leaves a session with an action under way (an odd state) alone, since its last use
    /// is then when the action was claimed (`reclaim` reads it).
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
    /// Lets go of connections and files.
    func close() async
}
