import Testing
@testable import SceneHostConfig
@testable import SceneHostWorkers

/// Who pays for faults, without processes: a session pays for its own, a plugin is refused for
/// everyone only by many sources, for a cooling period that doubles and is capped, and tried again.
@Suite("Fault policy")
struct FaultPolicyTests {
    private let start = ContinuousClock.now

    private func at(_ seconds: Double) -> ContinuousClock.Instant { start + .milliseconds(Int64(seconds * 1000)) }

    @Test("a session is ended on its third fault with the default limit; never when sessions are not ended (run)")
    func sessionLimit() {
        let serve = FaultPolicy(limits: FaultPolicy.Limits(sessionFaults: 3))
        #expect(!serve.endsSession(afterFaults: 1) && !serve.endsSession(afterFaults: 2))
        #expect(serve.endsSession(afterFaults: 3) && serve.endsSession(afterFaults: 4))
        let run = FaultPolicy(limits: FaultPolicy.Limits(sessionFaults: nil))
        #expect(!run.endsSession(afterFaults: 1000))
    }

    @Test("faults from one source, however many, never refuse the plugin for everyone")
    func oneSourceNeverRefuses() {
        var policy = FaultPolicy(limits: FaultPolicy.Limits())
        for index in 0..<500 {
            #expect(policy.noteFault(of: "Fragile", from: "client 127.0.0.1", at: at(Double(index) * 0.1)) == nil)
        }
        #expect(policy.refusals(at: at(50)).refused.isEmpty)
    }

    @Test("the third distinct source within a minute refuses the plugin for 10 s; then it is tried again, once")
    func threeSourcesRefuse() {
        var policy = FaultPolicy(limits: FaultPolicy.Limits())
        #expect(policy.noteFault(of: "Fragile", from: "a", at: at(0)) == nil)
        #expect(policy.noteFault(of: "Fragile", from: "a", at: at(1)) == nil)
        #expect(
            policy.noteFault(of: "Other", from: "b", at: at(2)) == nil, "another plugin's faults count for that plugin")
        #expect(policy.noteFault(of: "Fragile", from: "b", at: at(3)) == nil)
        let refusal = policy.noteFault(of: "Fragile", from: "c", at: at(4))
        #expect(refusal == FaultPolicy.Refusal(sources: 3, since: at(4), until: at(14)))
        #expect(policy.refusal(of: "Fragile", at: at(13.5))?.secondsLeft(at: at(13.5)) == 1)
        #expect(policy.refusal(of: "Other", at: at(5)) == nil)
        let during = policy.refusals(at: at(13.9))
        #expect(Array(during.refused.keys) == ["Fragile"] && during.retried.isEmpty)
        let after = policy.refusals(at: at(14))
        #expect(after.refused.isEmpty && after.retried == ["Fragile"])
        #expect(policy.refusals(at: at(15)).retried.isEmpty, "a retry is reported once")
        #expect(policy.refusal(of: "Fragile", at: at(15)) == nil)
    }

    @Test("a source's fault older than the window does not count; faults while refused start nothing")
    func windowAndRefusedFaults() {
        var policy = FaultPolicy(limits: FaultPolicy.Limits())
        _ = policy.noteFault(of: "P", from: "a", at: at(0))
        _ = policy.noteFault(of: "P", from: "b", at: at(30))
        #expect(policy.noteFault(of: "P", from: "c", at: at(61)) == nil, "a's fault left the minute")
        #expect(policy.noteFault(of: "P", from: "d", at: at(62)) != nil)
        #expect(policy.noteFault(of: "P", from: "e", at: at(63)) == nil)
        #expect(policy.noteFault(of: "P", from: "f", at: at(64)) == nil)
        // Only faults after the retry count: e and f met it while it was refused.
        _ = policy.refusals(at: at(80))
        #expect(policy.noteFault(of: "P", from: "g", at: at(81)) == nil)
    }

    @Test(
        "each refusal that follows the last within 10 min doubles the cooling period, up to 10 min; a calm plugin starts again at 10 s"
    )
    func coolingDoublesAndCaps() {
        var policy = FaultPolicy(limits: FaultPolicy.Limits())
        var now = 0.0
        var periods: [Duration] = []
        for _ in 0..<8 {
            var refusal: FaultPolicy.Refusal?
            for source in ["a", "b", "c"] { refusal = policy.noteFault(of: "P", from: source, at: at(now)) }
            guard let refusal else { break }
            periods.append(refusal.until - refusal.since)
            now += Double((refusal.until - refusal.since).components.seconds)
            _ = policy.refusals(at: at(now))
        }
        #expect(periods == [10, 20, 40, 80, 160, 320, 600, 600].map { Duration.seconds($0) })
        // Ten calm minutes after the last refusal ended: the next one is a first one again.
        now += 601
        var refusal: FaultPolicy.Refusal?
        for source in ["a", "b", "c"] { refusal = policy.noteFault(of: "P", from: source, at: at(now)) }
        #expect(refusal.map { $0.until - $0.since } == .seconds(10))
    }

    @Test("a cooling period of any level stays within the cap without overflowing")
    func coolingLevels() {
        let policy = FaultPolicy(limits: FaultPolicy.Limits())
        #expect(policy.cooling(level: 0) == .seconds(10))
        #expect(policy.cooling(level: 1) == .seconds(20))
        #expect(policy.cooling(level: 32) == .seconds(600))
        #expect(policy.cooling(level: Int.max) == .seconds(600))
    }
}

/// How long a worker waits before it starts again after a fault.
@Suite("Restart backoff")
struct RestartBackoffTests {
    private let start = ContinuousClock.now

    private func at(_ seconds: Double) -> ContinuousClock.Instant { start + .milliseconds(Int64(seconds * 1000)) }

    @Test("the first restarts-per-minute restarts go at once; then 0.1 s doubling, at most 2 s")
    func doublesAndCaps() {
        var backoff = RestartBackoff(restartsAtOnce: 3)
        var waits: [Duration] = []
        var now = 0.0
        for _ in 0..<10 {
            let wait = backoff.delay(restartingAt: at(now))
            waits.append(wait)
            now += 0.01 + Double(wait.components.attoseconds) / 1e18 + Double(wait.components.seconds)
        }
        #expect(waits == [0, 0, 0, 100, 200, 400, 800, 1600, 2000, 2000].map { Duration.milliseconds($0) })
    }

    @Test("as restarts leave the minute, restarts go at once again")
    func windowSlides() {
        var backoff = RestartBackoff(restartsAtOnce: 2)
        #expect(backoff.delay(restartingAt: at(0)) == .zero)
        #expect(backoff.delay(restartingAt: at(1)) == .zero)
        #expect(backoff.delay(restartingAt: at(2)) == .milliseconds(100))
        #expect(backoff.delay(restartingAt: at(60.5)) == .milliseconds(100), "two restarts of the last minute remain")
        #expect(backoff.delay(restartingAt: at(200)) == .zero)
    }

    @Test("from settings: restarts-per-minute, and at most half the event time limit")
    func fromSettings() {
        var settings = HostSettings()
        settings.restartsPerMinute = 1
        settings.eventTimeout = .milliseconds(300)
        var backoff = RestartBackoff(settings: settings)
        #expect(backoff.delay(restartingAt: at(0)) == .zero)
        #expect(backoff.delay(restartingAt: at(0.1)) == .milliseconds(100))
        #expect(backoff.delay(restartingAt: at(0.3)) == .milliseconds(150))
        #expect(backoff.delay(restartingAt: at(0.5)) == .milliseconds(150))
    }
}
