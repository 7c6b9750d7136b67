import Foundation
import Testing
@testable import SceneHostSessions

/// Two apps on one store (`SessionStore`, "a store serves one app"): neither sees, changes, counts,
/// evicts or expires the other's sessions.
extension SessionStoreContract {
    /// The app the contract's stores serve, unless a test names another.
    package static let app = SessionApp(name: "contract")
    /// Another app on the same store.
    package static let otherApp = SessionApp(name: "contract-other")

    /// `store` and `other` are two apps' stores on the same rows (one file, one database), both empty.
    package static func appsAreApart(_ store: any SessionStore, _ other: any SessionStore) async throws {
        try await store.prepare()
        try await other.prepare()
        #expect(store.app != other.app, "the check needs two apps")
        #expect(try await store.count() == 0, "the check needs an empty store")
        #expect(try await other.count() == 0, "the check needs an empty store")
        let mine = session("app-mine", client: "203.0.113.77", state: 4, lastUsed: now - 120_000, actions: 3)
        try await insertRoomy(store, mine)

        // Its cookie at the other app names no session there, and nothing the other app does with it reaches the row.
        #expect(try await other.load(mine.key) == nil)
        #expect(try await other.state(of: mine.key) == nil)
        #expect(try await other.claim(mine.key, from: 4, now: now) == .lost(current: nil))
        #expect(try await other.reclaim(mine.key, from: 4, now: now, staleBefore: now + 1, includingOwn: true) == false)
        #expect(try await other.release(mine.key, from: 4) == false)
        var changed = mine
        changed.body = [6, 6, 6]
        changed.state = 5
        #expect(try await other.write(changed, expecting: 4) == false)
        try await other.touch(mine.key, now: now + 5_000)
        try await other.delete(mine.key)
        #expect(try await other.count() == 0)
        #expect(try await store.load(mine.key) == mine, "the other app changed nothing of it")

        // The other app's caps count its own sessions only: a full store of one, and one session in use per
        // client, still takes the same client's session, and evicts nothing of the first app's.
        let tight = SessionLimits(total: 1, perClient: 1, evictionGrace: 0)
        let theirs = session("app-theirs", client: mine.client, actions: 2)
        #expect(try await other.insert(theirs, limits: tight, now: now) == .inserted(evicted: nil))
        #expect(try await other.count() == 1)
        #expect(try await store.count() == 1)
        #expect(try await store.load(theirs.key) == nil, "and the first app does not see the other's")
        #expect(try await store.load(mine.key) == mine)

        // Expiry by the other app drops its own idle sessions only.
        #expect(try await other.expire(usedBefore: now + 1) == 1)
        #expect(try await store.load(mine.key) == mine)

        // The start pages' token is shared by the store's apps: it is no secret (every start page shows it).
        let token = try await store.startToken(proposed: "app-token-\(UUID().uuidString)")
        #expect(try await other.startToken(proposed: "another") == token)

        try await store.delete(mine.key)
        #expect(try await store.count() == 0)
        #expect(try await other.count() == 0)
    }
}
