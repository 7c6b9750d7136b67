import Synchronization

/// `--session-store memory`: sessions end with the process (one instance only). Behind one `Mutex`,
/// so it keeps every promise of `SessionStore` (compare-and-set, caps, one app's rows only) the
/// durable stores keep.
///
/// `sharing(as:)` gives another app's view of the same rows: one process serves one app, so `serve`
/// never needs it; the tests of the contract do (two apps on one store).
package final class MemorySessionStore: SessionStore {
    /// The rows and the start token, shared by every view `sharing(as:)` made.
    private final class Shelf: Sendable {
        /// Each app's rows, by key.
        let rows = Mutex<[SessionApp: [SessionKey: StoredSession]]>([:])
        let start = Mutex<String?>(nil)
    }

    private let shelf: Shelf
    package let app: SessionApp

    package convenience init(app: SessionApp = SessionApp(name: "memory")) {
        self.init(app: app, shelf: Shelf())
    }

    private init(app: SessionApp, shelf: Shelf) {
        self.app = app
        self.shelf = shelf
    }

    /// A store of `other` on the same rows as this one.
    package func sharing(as other: SessionApp) -> MemorySessionStore {
        MemorySessionStore(app: other, shelf: shelf)
    }

    package var location: String { "memory" }

    package func prepare() async throws(SessionStoreError) {}

    /// This app's rows, by key, with a way to change them; another app's rows are not in it.
    private func withOwnRows<T: Sendable>(_ body: (inout [SessionKey: StoredSession]) -> T) -> T {
        shelf.rows.withLock { all in body(&all[app, default: [:]]) }
    }

    package func load(_ key: SessionKey) async throws(SessionStoreError) -> StoredSession? {
        withOwnRows { $0[key] }
    }

    package func state(of key: SessionKey) async throws(SessionStoreError) -> Int64? {
        withOwnRows { $0[key]?.state }
    }

    package func insert(_ session: StoredSession, limits: SessionLimits, now: Int64) async throws(SessionStoreError) -> SessionInsertion {
        withOwnRows { rows in
            let inUse = rows.values.count { $0.client == session.client && $0.actions >= SessionLimits.inUseActions }
            guard inUse < limits.perClient else { return .tooManyForClient }
            var evicted: SessionKey?
            if rows.count >= limits.total {
                let (cutoff, overflow) = now.subtractingReportingOverflow(limits.evictionGrace)
                let evictable = rows.values.filter { overflow ? limits.evictionGrace < 0 : $0.lastAction <= cutoff }
                // Least work first: fewest actions, then the oldest last action; the key orders ties as the other stores do.
                guard let victim = evictable.min(by: { ($0.actions, $0.lastAction) < ($1.actions, $1.lastAction)
                    || ($0.actions, $0.lastAction) == ($1.actions, $1.lastAction) && $0.key.digest.lexicographicallyPrecedes($1.key.digest) })
                else { return .full }
                rows[victim.key] = nil
                evicted = victim.key
            }
            rows[session.key] = session
            return .inserted(evicted: evicted)
        }
    }

    package func claim(_ key: SessionKey, from state: Int64, now: Int64) async throws(SessionStoreError) -> SessionClaim {
        withOwnRows { rows in
            guard var row = rows[key] else { return .lost(current: nil) }
            guard row.state == state else { return .lost(current: row.state) }
            row.state = state + 1
            row.lastUsed = now
            rows[key] = row
            return .claimed
        }
    }

    package func reclaim(_ key: SessionKey, from state: Int64, now: Int64, staleBefore: Int64) async throws(SessionStoreError) -> Bool {
        withOwnRows { rows in
            guard var row = rows[key], row.state == state, row.lastUsed < staleBefore else { return false }
            row.state = state + 2
            row.lastUsed = now
            rows[key] = row
            return true
        }
    }

    package func write(_ session: StoredSession, expecting expected: Int64) async throws(SessionStoreError) -> Bool {
        withOwnRows { rows in
            guard rows[session.key]?.state == expected else { return false }
            rows[session.key] = session
            return true
        }
    }

    package func touch(_ key: SessionKey, now: Int64) async throws(SessionStoreError) {
        withOwnRows { rows in
            guard var row = rows[key], row.state.isMultiple(of: 2) else { return }
            row.lastUsed = max(row.lastUsed, now)
            rows[key] = row
        }
    }

    package func delete(_ key: SessionKey) async throws(SessionStoreError) {
        _ = withOwnRows { $0.removeValue(forKey: key) }
    }

    package func expire(usedBefore cutoff: Int64) async throws(SessionStoreError) -> Int {
        withOwnRows { rows in
            let old = rows.values.filter { $0.lastUsed < cutoff }.map(\.key)
            for key in old { rows[key] = nil }
            return old.count
        }
    }

    package func count() async throws(SessionStoreError) -> Int {
        withOwnRows { $0.count }
    }

    package func startToken(proposed: String) async throws(SessionStoreError) -> String {
        shelf.start.withLock { stored in
            if let stored { return stored }
            stored = proposed
            return proposed
        }
    }

    package func ping() async throws(SessionStoreError) {}

    package func close() async {}
}
