import Foundation
import Testing
@testable import SceneHostSessions

/// The promises of `SessionStore` every backend keeps, as checks a backend's tests run on a store
/// of their own: `try await SessionStoreContract.check(store)`.
///
/// The store must hold none of its app's sessions (the caps count them all); every check removes what it stored,
/// so the checks may also be called one by one, in any order. Times are arbitrary milliseconds.
package enum SessionStoreContract {
    /// Every check below, in turn.
    package static func check(_ store: any SessionStore) async throws {
        try await prepareTwice(store)
        #expect(try await store.count() == 0, "the contract needs an empty store")
        try await unknownKey(store)
        try await insertThenLoad(store)
        try await claimOnce(store)
        try await concurrentClaims(store)
        try await writeComparesState(store)
        try await touchChangesLastUsedOnly(store)
        try await deleteDropsOne(store)
        try await expireDropsOnlyOld(store)
        try await perClientCap(store)
        try await totalCapEvictsIdle(store)
        try await totalCapWithNoneIdleIsFull(store)
        try await evictionPrefersFewerActionsThenOlder(store)
        try await pageLoadsHoldNoPlace(store)
        try await bodiesRoundTrip(store)
        try await textRoundTrips(store)
        try await startTokenIsShared(store)
        try await reclaimOnlyWhenStale(store)
        try await ownClaimTakenOverWhenLeftOver(store)
        try await releaseLetsGoOfOwnClaimOnly(store)
        #expect(try await store.count() == 0)
    }

    /// An action left under way (an odd state) whose claim names no holder (an older build's) is taken
    /// over only once it is stale, by two, once.
    package static func reclaimOnlyWhenStale(_ store: any SessionStore) async throws {
        let stored = session("reclaim", state: 7, lastUsed: now)
        try await insertRoomy(store, stored)
        #expect(
            try await store.reclaim(stored.key, from: 7, now: now + 10, staleBefore: now, includingOwn: true) == false,
            "not stale yet, and a claim of no holder is not this instance's own")
        #expect(
            try await store.reclaim(stored.key, from: 6, now: now + 10, staleBefore: now + 1, includingOwn: true)
                == false, "another state")
        #expect(try await store.reclaim(stored.key, from: 7, now: now + 10, staleBefore: now + 1, includingOwn: false))
        #expect(try await store.state(of: stored.key) == 9)
        #expect(try await store.load(stored.key)?.lastUsed == now + 10)
        #expect(
            try await store.reclaim(stored.key, from: 7, now: now + 20, staleBefore: now + 100, includingOwn: true)
                == false, "only once")
        try await store.delete(stored.key)
    }

    /// This instance's own claim is taken over at once when its caller says none of its requests has
    /// it under way (`includingOwn`), and kept otherwise until the lease; the write that follows ends it.
    package static func ownClaimTakenOverWhenLeftOver(_ store: any SessionStore) async throws {
        let stored = session("own", state: 4, lastUsed: now)
        try await insertRoomy(store, stored)
        #expect(try await store.claim(stored.key, from: 4, now: now + 10) == .claimed)
        #expect(
            try await store.reclaim(stored.key, from: 5, now: now + 20, staleBefore: now, includingOwn: false) == false,
            "its own claim, under way: kept")
        #expect(
            try await store.reclaim(stored.key, from: 4, now: now + 20, staleBefore: now, includingOwn: true) == false,
            "an even state is at rest")
        #expect(
            try await store.reclaim(stored.key, from: 5, now: now + 20, staleBefore: now, includingOwn: true),
            "its own claim, left over: taken at once")
        #expect(try await store.state(of: stored.key) == 7)
        #expect(try await store.load(stored.key)?.lastUsed == now + 20)
        // Taken over, the claim is still its own: left over again, taken again.
        #expect(try await store.reclaim(stored.key, from: 7, now: now + 30, staleBefore: now, includingOwn: true))
        var written = stored
        written.state = 10
        written.body = [4, 5, 6]
        #expect(try await store.write(written, expecting: 9))
        #expect(try await store.load(stored.key) == written)
        try await store.delete(stored.key)
    }

    /// `release` lets go of this instance's own claim without a write: the row is at rest again, one
    /// state on, otherwise as before the claim; not a claim of no holder, not a state at rest, not twice.
    package static func releaseLetsGoOfOwnClaimOnly(_ store: any SessionStore) async throws {
        let stored = session("release", state: 2, lastUsed: now, actions: 3)
        try await insertRoomy(store, stored)
        #expect(try await store.release(stored.key, from: 2) == false, "at rest: nothing to let go of")
        #expect(try await store.claim(stored.key, from: 2, now: now + 10) == .claimed)
        #expect(try await store.release(stored.key, from: 1) == false, "another state")
        #expect(try await store.release(stored.key, from: 3))
        var expected = stored
        expected.state = 4
        expected.lastUsed = now + 10
        #expect(try await store.load(stored.key) == expected, "the row as before the claim, at rest one state on")
        #expect(try await store.release(stored.key, from: 3) == false, "only once")
        #expect(
            try await store.claim(stored.key, from: 4, now: now + 20) == .claimed,
            "at rest: the next claim wins at once")
        try await store.delete(stored.key)
        let unheld = session("release-unheld", state: 5, lastUsed: now)
        try await insertRoomy(store, unheld)
        #expect(
            try await store.release(unheld.key, from: 5) == false, "a claim that names no holder is not this instance's"
        )
        #expect(try await store.state(of: unheld.key) == 5)
        try await store.delete(unheld.key)
        #expect(
            try await store.release(SessionKey(secret: "contract-release-nothing-\(UUID().uuidString)"), from: 1)
                == false)
    }

    /// `store` and `other` are two running instances of one app on the same rows (one file, one
    /// database): neither takes the other's claim over, whatever it says of its own, until the lease
    /// runs out; neither lets go of the other's; a write by the claimant ends its claim.
    package static func claimsOfRunningInstancesAreKept(
        _ store: any SessionStore, _ other: any SessionStore
    ) async throws {
        try await store.prepare()
        try await other.prepare()
        let stored = session("running", state: 8, lastUsed: now)
        try await insertRoomy(store, stored)
        #expect(try await store.claim(stored.key, from: 8, now: now + 10) == .claimed)
        #expect(try await other.claim(stored.key, from: 8, now: now + 20) == .lost(current: 9))
        #expect(
            try await other.reclaim(stored.key, from: 9, now: now + 20, staleBefore: now + 10, includingOwn: true)
                == false,
            "its holder runs and its lease has not run out")
        #expect(try await other.release(stored.key, from: 9) == false, "not the other's to let go of")
        #expect(
            try await other.reclaim(stored.key, from: 9, now: now + 20, staleBefore: now + 11, includingOwn: false),
            "the lease, the last resort, takes it over")
        #expect(try await store.state(of: stored.key) == 11)
        // Now the other's claim: the first instance's own no longer.
        #expect(
            try await store.reclaim(stored.key, from: 11, now: now + 30, staleBefore: now, includingOwn: true) == false)
        #expect(try await store.release(stored.key, from: 11) == false)
        var written = stored
        written.state = 12
        #expect(try await other.write(written, expecting: 11))
        #expect(try await store.load(stored.key) == written)
        try await store.delete(stored.key)
    }

    /// The first proposal is kept; every later caller (another instance) is given it, and it is no session.
    package static func startTokenIsShared(_ store: any SessionStore) async throws {
        let first = try await store.startToken(proposed: "first-\(UUID().uuidString)")
        #expect(try await store.startToken(proposed: "second") == first)
        #expect(try await store.startToken(proposed: first) == first)
        #expect(first != "second")
    }

    package static let now: Int64 = 1_700_000_000_000
    package static let roomy = SessionLimits(total: 1000, perClient: 1000, evictionGrace: 60_000)

    /// A session with a key of its own; the other columns from the arguments.
    /// `lastAction` defaults to `lastUsed` (a session last used by an action).
    package static func session(
        _ name: String, client: String = "192.0.2.1", state: Int64 = 0, lastUsed: Int64 = now, lastAction: Int64? = nil,
        actions: Int64 = 0, body: [UInt8] = [1, 2, 3]
    ) -> StoredSession {
        StoredSession(
            key: SessionKey(secret: "contract-\(name)-\(UUID().uuidString)"), token: "token-\(name)", state: state,
            created: lastUsed - 1000, lastUsed: lastUsed, lastAction: lastAction ?? lastUsed, client: client,
            actions: actions, body: body)
    }

    /// Inserts `session` with room to spare, expecting it stored with nothing evicted.
    package static func insertRoomy(_ store: any SessionStore, _ session: StoredSession) async throws {
        #expect(try await store.insert(session, limits: roomy, now: session.lastUsed) == .inserted(evicted: nil))
    }

    package static func prepareTwice(_ store: any SessionStore) async throws {
        try await store.prepare()
        try await store.prepare()
    }

    package static func unknownKey(_ store: any SessionStore) async throws {
        let key = SessionKey(secret: "contract-never-stored-\(UUID().uuidString)")
        #expect(try await store.load(key) == nil)
        #expect(try await store.state(of: key) == nil)
        #expect(try await store.claim(key, from: 0, now: now) == .lost(current: nil))
        var ghost = session("ghost")
        ghost = StoredSession(
            key: key, token: ghost.token, state: 1, created: ghost.created, lastUsed: ghost.lastUsed,
            lastAction: ghost.lastAction, client: ghost.client, actions: 0, body: [])
        #expect(try await store.write(ghost, expecting: 0) == false)
        try await store.touch(key, now: now)
        try await store.delete(key)
        #expect(try await store.load(key) == nil, "write, touch and delete of an unknown key store nothing")
        #expect(try await store.count() == 0)
    }

    package static func insertThenLoad(_ store: any SessionStore) async throws {
        let stored = session("load", state: 7, actions: 3)
        try await insertRoomy(store, stored)
        #expect(try await store.load(stored.key) == stored)
        #expect(try await store.state(of: stored.key) == 7)
        #expect(try await store.count() == 1)
        try await store.delete(stored.key)
        #expect(try await store.count() == 0)
    }

    package static func claimOnce(_ store: any SessionStore) async throws {
        let stored = session("claim", state: 4)
        try await insertRoomy(store, stored)
        #expect(try await store.claim(stored.key, from: 4, now: now + 500) == .claimed)
        var expected = stored
        expected.state = 5
        expected.lastUsed = now + 500
        #expect(try await store.load(stored.key) == expected, "a claim changes the state and last use only")
        #expect(
            try await store.claim(stored.key, from: 4, now: now + 600) == .lost(current: 5),
            "a second claim from the old state loses, saying where it is")
        #expect(try await store.load(stored.key) == expected)
        try await store.delete(stored.key)
    }

    /// Instances posting the same form at once: of the claims from one state, exactly one wins.
    package static func concurrentClaims(_ store: any SessionStore) async throws {
        let stored = session("race", state: 10)
        try await insertRoomy(store, stored)
        for round in Int64(0)..<5 {
            async let first = store.claim(stored.key, from: 10 + round, now: now + round)
            async let second = store.claim(stored.key, from: 10 + round, now: now + round)
            async let third = store.claim(stored.key, from: 10 + round, now: now + round)
            let outcomes = try await [first, second, third]
            let winners = outcomes.filter { $0 == .claimed }.count
            #expect(winners == 1, "round \(round): \(winners) claims from one state won")
            // A loser reads the state the winner made, or (racing it) the one it asked for.
            #expect(
                outcomes.allSatisfy {
                    $0 == .claimed || $0 == .lost(current: 11 + round) || $0 == .lost(current: 10 + round)
                })
        }
        #expect(try await store.state(of: stored.key) == 15)
        try await store.delete(stored.key)
    }

    package static func writeComparesState(_ store: any SessionStore) async throws {
        let stored = session("write", state: 2, actions: 1)
        try await insertRoomy(store, stored)
        let changed = StoredSession(
            key: stored.key, token: "token-rewritten", state: 3, created: stored.created + 1,
            lastUsed: stored.lastUsed + 2, lastAction: stored.lastAction + 3, client: "198.51.100.9", actions: 2,
            body: [9, 8, 7, 6])
        #expect(try await store.write(changed, expecting: 1) == false, "a stale expected state writes nothing")
        #expect(try await store.load(stored.key) == stored)
        #expect(try await store.write(changed, expecting: 2))
        #expect(try await store.load(stored.key) == changed, "a write sets every column, the state number included")
        #expect(try await store.write(changed, expecting: 2) == false, "the state moved on with the write")
        try await store.delete(stored.key)
    }

    package static func touchChangesLastUsedOnly(_ store: any SessionStore) async throws {
        let stored = session("touch", state: 6, actions: 2)
        try await insertRoomy(store, stored)
        try await store.touch(stored.key, now: now + 9000)
        var expected = stored
        expected.lastUsed = now + 9000
        #expect(try await store.load(stored.key) == expected)
        try await store.touch(stored.key, now: now + 10)
        #expect(try await store.load(stored.key) == expected, "a touch never moves the last use back")
        try await store.delete(stored.key)
        // An action under way (an odd state): its last use is the claim's, which a page load leaves alone.
        let acting = session("touch-acting", state: 7)
        try await insertRoomy(store, acting)
        try await store.touch(acting.key, now: now + 9000)
        #expect(try await store.load(acting.key) == acting)
        try await store.delete(acting.key)
    }

    package static func deleteDropsOne(_ store: any SessionStore) async throws {
        let kept = session("kept")
        let dropped = session("dropped")
        try await insertRoomy(store, kept)
        try await insertRoomy(store, dropped)
        try await store.delete(dropped.key)
        #expect(try await store.load(dropped.key) == nil)
        #expect(try await store.load(kept.key) == kept)
        #expect(try await store.count() == 1)
        try await store.delete(dropped.key)
        try await store.delete(kept.key)
        #expect(try await store.count() == 0)
    }

    package static func expireDropsOnlyOld(_ store: any SessionStore) async throws {
        let oldest = session("oldest", lastUsed: now - 3000)
        let old = session("old", lastUsed: now - 2000)
        let recent = session("recent", lastUsed: now - 1000)
        for each in [oldest, old, recent] { try await insertRoomy(store, each) }
        #expect(try await store.expire(usedBefore: now - 1000) == 2, "strictly before the cutoff")
        #expect(try await store.load(oldest.key) == nil)
        #expect(try await store.load(old.key) == nil)
        #expect(try await store.load(recent.key) == recent)
        #expect(try await store.expire(usedBefore: now - 1000) == 0)
        #expect(try await store.count() == 1)
        try await store.delete(recent.key)
    }

    /// The per-client cap counts sessions in use (two actions or more): sessions used once or never
    /// (a flood of first actions, a neighbour behind the same address who looked once) fill no share.
    package static func perClientCap(_ store: any SessionStore) async throws {
        let limits = SessionLimits(total: 100, perClient: 2, evictionGrace: 0)
        let first = session("client-1", client: "203.0.113.5", actions: 2)
        let second = session("client-2", client: "203.0.113.5", actions: 7)
        let third = session("client-3", client: "203.0.113.5")
        let fourth = session("client-4", client: "203.0.113.5")
        let other = session("client-other", client: "203.0.113.6")
        let once = (0..<3).map { session("client-once-\($0)", client: "203.0.113.5", actions: 1) }
        for each in once { #expect(try await store.insert(each, limits: limits, now: now) == .inserted(evicted: nil)) }
        #expect(
            try await store.insert(first, limits: limits, now: now) == .inserted(evicted: nil),
            "sessions used once count in no share")
        #expect(try await store.insert(second, limits: limits, now: now) == .inserted(evicted: nil))
        #expect(
            try await store.insert(third, limits: limits, now: now) == .tooManyForClient,
            "two sessions in use: the share is held")
        #expect(try await store.load(third.key) == nil, "a refused session is not stored")
        #expect(try await store.count() == 5)
        #expect(
            try await store.insert(other, limits: limits, now: now) == .inserted(evicted: nil),
            "another client has its own share")
        // One of the sessions in use ends: the client may start another.
        try await store.delete(first.key)
        #expect(try await store.insert(fourth, limits: limits, now: now) == .inserted(evicted: nil))
        for each in [second, fourth, other] + once { try await store.delete(each.key) }
    }

    package static func totalCapEvictsIdle(_ store: any SessionStore) async throws {
        let limits = SessionLimits(total: 2, perClient: 10, evictionGrace: 60_000)
        let idle = session("idle", lastUsed: now - 60_000)
        let busy = session("busy", lastUsed: now - 59_999)
        let newcomer = session("newcomer")
        try await insertRoomy(store, idle)
        try await insertRoomy(store, busy)
        #expect(
            try await store.insert(newcomer, limits: limits, now: now) == .inserted(evicted: idle.key),
            "a last action exactly the grace ago may be evicted")
        #expect(try await store.load(idle.key) == nil)
        #expect(try await store.load(busy.key) == busy)
        #expect(try await store.load(newcomer.key) == newcomer)
        #expect(try await store.count() == 2)
        for each in [busy, newcomer] { try await store.delete(each.key) }
    }

    package static func totalCapWithNoneIdleIsFull(_ store: any SessionStore) async throws {
        let limits = SessionLimits(total: 2, perClient: 10, evictionGrace: 60_000)
        let one = session("full-1", lastUsed: now - 59_999)
        let two = session("full-2", lastUsed: now, actions: 1)
        let refused = session("full-refused")
        try await insertRoomy(store, one)
        try await insertRoomy(store, two)
        #expect(try await store.insert(refused, limits: limits, now: now) == .full)
        #expect(try await store.load(refused.key) == nil)
        #expect(try await store.load(one.key) == one)
        #expect(try await store.load(two.key) == two)
        for each in [one, two] { try await store.delete(each.key) }
    }

    /// Least work first: fewer actions go first, then the oldest last action.
    package static func evictionPrefersFewerActionsThenOlder(_ store: any SessionStore) async throws {
        let busiest = session("evict-busiest", lastUsed: now - 950_000, actions: 9)
        let busyOld = session("evict-busy-old", lastUsed: now - 900_000, actions: 3)
        let busyNew = session("evict-busy-new", lastUsed: now - 5_000, actions: 2)
        let busyOlder = session("evict-busy-older", lastUsed: now - 950_000, actions: 2)
        let oneAction = session("evict-one", lastUsed: now - 100_000, actions: 1)
        let untouchedNew = session("evict-new", lastUsed: now - 200_000, actions: 0)
        let untouchedOld = session("evict-old", lastUsed: now - 300_000, actions: 0)
        let all = [busiest, busyOld, busyNew, busyOlder, oneAction, untouchedNew, untouchedOld]
        for each in all { try await insertRoomy(store, each) }
        let limits = SessionLimits(total: all.count, perClient: 100, evictionGrace: 1000)
        let order = [untouchedOld, untouchedNew, oneAction, busyOlder, busyNew, busyOld, busiest]
        var newcomers: [StoredSession] = []
        for (index, expected) in order.enumerated() {
            // Newcomers act now, so they are never idle long enough to be evicted themselves.
            let newcomer = session("evict-newcomer-\(index)", lastUsed: now)
            newcomers.append(newcomer)
            #expect(
                try await store.insert(newcomer, limits: limits, now: now) == .inserted(evicted: expected.key),
                "eviction \(index + 1) should take \(expected.token)")
        }
        #expect(try await store.insert(session("evict-refused"), limits: limits, now: now) == .full)
        #expect(try await store.count() == all.count)
        for each in newcomers { try await store.delete(each.key) }
    }

    /// Loading a session's pages (`touch`) moves its last use, never its last action or actions: a
    /// session touched every minute is evicted as if it were idle, and one that acted within the grace is kept.
    package static func pageLoadsHoldNoPlace(_ store: any SessionStore) async throws {
        let limits = SessionLimits(total: 3, perClient: 100, evictionGrace: 60_000)
        let touched = session("touched", client: "198.51.100.66", state: 2, lastUsed: now - 120_000, actions: 1)
        let worker = session("worker", client: "198.51.100.7", state: 8, lastUsed: now - 120_000, actions: 4)
        let fresh = session("fresh", client: "198.51.100.8", state: 2, lastUsed: now - 1_000, actions: 1)
        for each in [touched, worker, fresh] { try await insertRoomy(store, each) }
        for minute in Int64(0)..<3 { try await store.touch(touched.key, now: now - 60_000 + minute * 30_000) }
        #expect(try await store.load(touched.key)?.lastUsed == now, "the touches moved its last use")
        #expect(try await store.load(touched.key)?.lastAction == touched.lastAction, "and not its last action")
        let newcomer = session("touch-newcomer")
        #expect(
            try await store.insert(newcomer, limits: limits, now: now) == .inserted(evicted: touched.key),
            "the touched session, used once, goes before one that worked")
        #expect(try await store.load(worker.key) == worker)
        #expect(try await store.load(fresh.key) == fresh, "a session that acted within the grace is never evicted")
        for each in [worker, fresh, newcomer] { try await store.delete(each.key) }
    }

    package static func bodiesRoundTrip(_ store: any SessionStore) async throws {
        let empty = session("body-empty", body: [])
        // 1 MiB holding every byte value, in an order that is not a plain ramp.
        let large = session("body-large", body: (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) })
        #expect(Set(large.body).count == 256)
        try await insertRoomy(store, empty)
        try await insertRoomy(store, large)
        #expect(try await store.load(empty.key) == empty)
        #expect(try await store.load(large.key) == large)
        var swapped = empty
        swapped.body = large.body
        swapped.state += 1
        #expect(try await store.write(swapped, expecting: empty.state))
        #expect(try await store.load(empty.key) == swapped)
        var emptied = large
        emptied.body = []
        emptied.state += 1
        #expect(try await store.write(emptied, expecting: large.state))
        #expect(try await store.load(large.key) == emptied)
        for each in [empty, large] { try await store.delete(each.key) }
    }

    package static func textRoundTrips(_ store: any SessionStore) async throws {
        var stored = session("text", client: "2001:db8::1 — café ☕ 東京")
        stored.token = "tökén-✓-日本語-🙂-\u{301}e"
        try await insertRoomy(store, stored)
        #expect(try await store.load(stored.key) == stored)
        var changed = stored
        changed.token = "Ωmega-𝄞-\u{200D}"
        changed.client = "client-ü"
        changed.state += 1
        #expect(try await store.write(changed, expecting: stored.state))
        #expect(try await store.load(stored.key) == changed)
        let limits = SessionLimits(total: 100, perClient: 1, evictionGrace: 0)
        var inUse = changed
        inUse.actions = 2
        inUse.state += 1
        #expect(try await store.write(inUse, expecting: changed.state))
        #expect(
            try await store.insert(session("text-second", client: "client-ü"), limits: limits, now: now)
                == .tooManyForClient,
            "the per-client cap matches non-ASCII clients exactly")
        let third = session("text-third", client: "client-u")
        #expect(
            try await store.insert(third, limits: limits, now: now) == .inserted(evicted: nil),
            "a client without the accent is another")
        try await store.delete(stored.key)
        try await store.delete(third.key)
    }
}
