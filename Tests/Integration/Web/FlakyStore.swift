import Synchronization
@testable import SceneHostSessions

/// A session store that fails on demand, around a real one: `down` makes every call throw
/// `unavailable` (a stopped server); `failWrites` only the writes after a claim, `write` and `release`
/// (the store went away mid-action).
final class FlakyStore: SessionStore {
    let inner: any SessionStore
    private let switches = Mutex<(down: Bool, failWrites: Bool)>((false, false))

    init(_ inner: any SessionStore) {
        self.inner = inner
    }

    var down: Bool {
        get { switches.withLock { $0.down } }
        set { switches.withLock { $0.down = newValue } }
    }

    var failWrites: Bool {
        get { switches.withLock { $0.failWrites } }
        set { switches.withLock { $0.failWrites = newValue } }
    }

    var location: String { "flaky:" + inner.location }

    var app: SessionApp { inner.app }

    private func check(writing: Bool = false) throws(SessionStoreError) {
        let (down, failWrites) = switches.withLock { ($0.down, $0.failWrites) }
        if down || (writing && failWrites) { throw .unavailable(location: location, reason: "connection refused") }
    }

    func prepare() async throws(SessionStoreError) { try check(); try await inner.prepare() }
    func load(_ key: SessionKey) async throws(SessionStoreError) -> StoredSession? {
        try check(); return try await inner.load(key)
    }
    func state(of key: SessionKey) async throws(SessionStoreError) -> Int64? {
        try check(); return try await inner.state(of: key)
    }
    func insert(
        _ session: StoredSession, limits: SessionLimits, now: Int64
    ) async throws(SessionStoreError) -> SessionInsertion {
        try check()
        return try await inner.insert(session, limits: limits, now: now)
    }
    func claim(_ key: SessionKey, from state: Int64, now: Int64) async throws(SessionStoreError) -> SessionClaim {
        try check()
        return try await inner.claim(key, from: state, now: now)
    }
    func reclaim(
        _ key: SessionKey, from state: Int64, now: Int64, staleBefore: Int64, includingOwn: Bool
    ) async throws(SessionStoreError) -> Bool {
        try check()
        return try await inner.reclaim(key, from: state, now: now, staleBefore: staleBefore, includingOwn: includingOwn)
    }
    func release(_ key: SessionKey, from state: Int64) async throws(SessionStoreError) -> Bool {
        try check(writing: true)
        return try await inner.release(key, from: state)
    }
    func write(_ session: StoredSession, expecting expected: Int64) async throws(SessionStoreError) -> Bool {
        try check(writing: true)
        return try await inner.write(session, expecting: expected)
    }
    func touch(_ key: SessionKey, now: Int64) async throws(SessionStoreError) {
        try check(); try await inner.touch(key, now: now)
    }
    func delete(_ key: SessionKey) async throws(SessionStoreError) { try check(); try await inner.delete(key) }
    func expire(usedBefore cutoff: Int64) async throws(SessionStoreError) -> Int {
        try check(); return try await inner.expire(usedBefore: cutoff)
    }
    func count() async throws(SessionStoreError) -> Int { try check(); return try await inner.count() }
    func startToken(proposed: String) async throws(SessionStoreError) -> String {
        try check()
        return try await inner.startToken(proposed: proposed)
    }
    func ping() async throws(SessionStoreError) { try check(); try await inner.ping() }
    func close() async { await inner.close() }
}
