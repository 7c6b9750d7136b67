import Synchronization

/// `--session-store memory`: sessions end with the process (one instance only). Behind one `Mutex`,
/// so it keeps every promise of `SessionStore` (compare-and-set, caps, one app's rows only) the
/// durable stores keep.
///
/// Each store object is an instance of its own (`instance`), and a claim names its holder as in the
/// other stores; every holder is this process, so every holder is running: a claim is taken over only
/// as this instance's own (`reclaim`'s `includingOwn`) or by the lease.
///
/// `sharing(as:)` gives another view of the same rows (another app's, or another instance of the same
/// app): one process serves one app, so `serve` never needs it; the tests of the contract do.
package final class MemorySessionStore: SessionStore {
    /// Each app's rows by key, and who holds the claim of each row claimed and not written yet.
    private struct Tables {
        var rows: [SessionApp: [SessionKey: StoredSession]] = [:]
        var holders: [SessionApp: [SessionKey: Int64]] = [:]
    }

    /// The rows and the start token, shared by every view `sharing(as:)` made.
    private final class Shelf: Sendable {
        let tables = Mutex(Tables())
        let start = Mutex<String?>(nil)
    }

    private let shelf: Shelf
    package let app: SessionApp
    /// This store's identity as a claim's holder: random, never 0 (a claim that names no holder).
    package let instance = Int64.random(in: 1...Int64.max)

    package convenience init(app: SessionApp = SessionApp(name: "memory")) {
        self.init(app: app, shelf: Shelf())
    }

    private init(app: SessionApp, shelf: Shelf) {
        self.app = app
        self.shelf = shelf
    }

    /// A store of `other` on the same rows as this one: another instance (another holder of claims), of
    /// another app or the same.
    package func sharing(as other: SessionApp) -> MemorySessionStore {
        MemorySessionStore(app: other, shelf: shelf)
    }

    package var location: String { "memory" }

    package func prepare() async throws(SessionStoreError) {}

    /// This app's rows, by key, with a way to change them; another app's rows are not in it.
    private func withOwnRows<T: Sendable>(_ body: (inout [SessionKey: StoredSession]) -> T) -> T {
        shelf.tables.withLock { all in body(&all.rows[app, default: [:]]) }
    }

    /// This app's rows and the holders of their claims, with a way to change them.
    private func withOwnRowsAndHolders<T: Sendable>(
        _ body: (inout [SessionKey: StoredSession], inout [SessionKey: Int64]) -> T
    ) -> T {
        shelf.tables.withLock { all in body(&all.rows[app, default: [:]], &all.holders[app, default: [:]]) }
    }

    package func load(_ key: SessionKey) async throws(SessionStoreError) -> StoredSession? {
        withOwnRows { $0[key] }
    }

    package func state(of key: SessionKey) async throws(SessionStoreError) -> Int64? {
        withOwnRows { $0[key]?.state }
    }

    package func insert(
        _ session: StoredSession, limits: SessionLimits, now: Int64
    ) async throws(SessionStoreError) -> SessionInsertion {
        withOwnRowsAndHolders { rows, holders in
            let inUse = rows.values.count { $0.client == session.client && $0.actions >= SessionLimits.inUseActions }
            guard inUse < limits.perClient else { return .tooManyForClient }
            var evicted: SessionKey?
            if rows.count >= limits.total {
                let (cutoff, overflow) = now.subtractingReportingOverflow(limits.evictionGrace)
                let evictable = rows.values.filter { overflow ? limits.evictionGrace < 0 : $0.lastAction <= cutoff }
                // Least work first: fewest actions, then the oldest last action; the key orders ties as the other stores do.
                guard
                    let victim = evictable.min(by: {
                        ($0.actions, $0.lastAction) < ($1.actions, $1.lastAction)
                            || ($0.actions, $0.lastAction) == ($1.actions, $1.lastAction)
                                && $0.key.digest.lexicographicallyPrecedes($1.key.digest)
                    })
                else { return .full }
                rows[victim.key] = nil
                holders[victim.key] = nil
                evicted = victim.key
            }
            rows[session.key] = session
            holders[session.key] = nil
            return .inserted(evicted: evicted)
        }
    }

    package func claim(_ key: SessionKey, from state: Int64, now: Int64) async throws(SessionStoreError) -> SessionClaim
    {
        let instance = self.instance
        return withOwnRowsAndHolders { rows, holders in
            guard var row = rows[key] else { return .lost(current: nil) }
            guard row.state == state else { return .lost(current: row.state) }
            row.state = state + 1
            row.lastUsed = now
            rows[key] = row
            holders[key] = instance
            return .claimed
        }
    }

    package func reclaim(
        _ key: SessionKey, from state: Int64, now: Int64, staleBefore: Int64, includingOwn: Bool
    ) async throws(SessionStoreError) -> Bool {
        let instance = self.instance
        return withOwnRowsAndHolders { rows, holders in
            guard var row = rows[key], row.state == state, !state.isMultiple(of: 2) else { return false }
            // Every holder is this process, so running: only this instance's own claim, or the lease.
            guard row.lastUsed < staleBefore || includingOwn && holders[key] == instance else { return false }
            row.state = state + 2
            row.lastUsed = now
            rows[key] = row
            holders[key] = instance
            return true
        }
    }

    package func release(_ key: SessionKey, from state: Int64) async throws(SessionStoreError) -> Bool {
        let instance = self.instance
        return withOwnRowsAndHolders { rows, holders in
            guard var row = rows[key], row.state == state, !state.isMultiple(of: 2), holders[key] == instance else {
                return false
            }
            row.state = state + 1
            rows[key] = row
            holders[key] = nil
            return true
        }
    }

    package func write(_ session: StoredSession, expecting expected: Int64) async throws(SessionStoreError) -> Bool {
        withOwnRowsAndHolders { rows, holders in
            guard rows[session.key]?.state == expected else { return false }
            rows[session.key] = session
            holders[session.key] = nil
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
        withOwnRowsAndHolders { rows, holders in
            rows[key] = nil
            holders[key] = nil
        }
    }

    package func expire(usedBefore cutoff: Int64) async throws(SessionStoreError) -> Int {
        withOwnRowsAndHolders { rows, holders in
            let old = rows.values.filter { $0.lastUsed < cutoff }.map(\.key)
            for key in old {
                rows[key] = nil
                holders[key] = nil
            }
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
