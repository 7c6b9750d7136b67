import Logging
import Synchronization
import SceneHostConfig

/// The fault accounting all the scene workers of one process share (a `FaultPolicy` behind a
/// lock): which sessions are ended for their faults, which plugins are refused for everyone and
/// until when. Each refusal and each retry is logged once, through the logger the host gives.
///
/// `serve` gives one ledger to every supervisor of its pool, so faults on any worker count toward
/// one plugin's refusal; a supervisor made without one keeps its own (`run`, `call`).
package final class FaultLedger: Sendable {
    package let clock: FaultClock
    private let logger: Logger
    private let policy: Mutex<FaultPolicy>
    private let anonymous = Atomic<UInt64>(0)

    /// `endsSessions`: a session is ended after `[host] faults-per-session` faults of its own (`serve`);
    /// false for `run`, whose one user is the only one a fault can reach.
    package convenience init(
        settings: HostSettings, endsSessions: Bool, clock: FaultClock = .continuous, logger: Logger
    ) {
        self.init(
            limits: FaultPolicy.Limits(sessionFaults: endsSessions ? settings.faultsPerSession : nil), clock: clock,
            logger: logger)
    }

    package init(limits: FaultPolicy.Limits, clock: FaultClock = .continuous, logger: Logger) {
        self.clock = clock
        self.logger = logger
        policy = Mutex(FaultPolicy(limits: limits))
    }

    /// A source of faults no other session shares: a session no client was named for.
    func newSource() -> String { "session \(anonymous.add(1, ordering: .relaxed).newValue)" }

    /// Whether a session whose actions have now ended its worker `faults` times is ended.
    func endsSession(afterFaults faults: Int) -> Bool {
        policy.withLock { $0.endsSession(afterFaults: faults) }
    }

    /// Counts a fault of `plugin` met by `source`; returns the refusal it starts (logged), if any.
    func noteFault(of plugin: String, from source: String) -> FaultPolicy.Refusal? {
        let now = clock.now()
        guard let refusal = policy.withLock({ $0.noteFault(of: plugin, from: source, at: now) }) else { return nil }
        logger.warning(
            "plugin refused for everyone: its code ended scene workers for several clients within a minute",
            metadata: [
                "plugin": "\(plugin)", "clients": "\(refusal.sources)",
                "retry_in_seconds": "\(refusal.secondsLeft(at: now))",
            ])
        return refusal
    }

    /// The plugins refused now, by name, with the clients whose faults refused each and the whole
    /// seconds left; a plugin whose cooling period is over is tried again from here (logged once).
    package func refusals() -> [(plugin: String, sources: Int, secondsLeft: Int)] {
        let now = clock.now()
        let (refused, retried) = policy.withLock { $0.refusals(at: now) }
        for plugin in retried {
            logger.warning(
                "plugin tried again: its cooling period after faults is over", metadata: ["plugin": "\(plugin)"])
        }
        return refused.keys.sorted().compactMap { plugin in
            refused[plugin].map { (plugin, $0.sources, $0.secondsLeft(at: now)) }
        }
    }

    /// `plugin`'s refusal and the whole seconds it has left, when it is refused now.
    package func refusal(of plugin: String) -> (refusal: FaultPolicy.Refusal, secondsLeft: Int)? {
        let now = clock.now()
        return policy.withLock { $0.refusal(of: plugin, at: now) }.map { ($0, $0.secondsLeft(at: now)) }
    }
}
