import Dispatch
import CoreMetrics
import Synchronization
import SceneHostFrontend
import SceneHostNavigation

/// The scene workers of a process: for `serve`, sessions spread over several workers, each worker's
/// requests run one at a time on a queue of its own, so a busy or hung worker holds up only the
/// sessions that live on it, and never the host's main actor. For `run` (one user, one worker) the
/// pool is `inline`: requests run on the caller's thread, as the terminal waits for each anyway.
package final class WorkerPool: Sendable {
    /// One worker: its supervisor, the queue its requests run on, and how many sessions it holds.
    package final class Slot: Sendable {
        let supervisor: SceneWorkerSupervisor
        let queue: DispatchQueue
        let sessions = Atomic<Int>(0)

        init(supervisor: SceneWorkerSupervisor, index: Int) {
            self.supervisor = supervisor
            queue = DispatchQueue(label: "scene-host.worker.\(index)")
        }
    }

    package let slots: [Slot]
    /// How long an action may wait for its worker before it is answered with a notice.
    package let waitLimit: Duration
    /// The app's deep links, matched in the host before a worker is asked (`PooledSession.open(link:)`),
    /// and the plugin of each scene: replaced together by `reload`, read from any thread.
    private let app: Mutex<Running>

    /// What the pool knows of the build its workers run.
    private struct Running: Sendable {
        var links: LinkTable
        var pluginOfScene: @Sendable (String) -> String?
    }

    /// The app's deep links now.
    package var links: LinkTable { app.withLock { $0.links } }

    /// The config name of the plugin that registers `scene` in the build running now.
    package func plugin(ofScene scene: String) -> String? {
        app.withLock { $0.pluginOfScene }(scene)
    }

    /// Requests run on the caller's thread (`run`), not on each worker's queue.
    package let inline: Bool

    package init(supervisors: [SceneWorkerSupervisor], waitLimit: Duration, links: LinkTable = LinkTable(), inline: Bool = false) {
        slots = supervisors.enumerated().map { Slot(supervisor: $0.element, index: $0.offset) }
        // `serve`: what a worker sends unasked (a screen its work changed) is read on its queue, at once.
        if !inline {
            for slot in slots { slot.supervisor.unaskedQueue = slot.queue }
        }
        self.waitLimit = waitLimit
        var pluginOfScene: @Sendable (String) -> String? = { _ in nil }
        if let first = supervisors.first { pluginOfScene = first.pluginOfScene }
        app = Mutex(Running(links: links, pluginOfScene: pluginOfScene))
        self.inline = inline
    }

    /// `--watch`: every worker is replaced by one started on the new build `start` (checked by the
    /// host), handed `files` (the checked plugin files), and every session built again on it
    /// (`SceneWorkerSupervisor.reload`). Every new worker is started first, beside the old ones:
    /// when one cannot start or load, the others are ended, the old workers go on serving the old
    /// build, and the error is thrown. A request already queued for a worker runs after its reload,
    /// on the new build.
    package func reload(start: WorkerStartMessage, files: CheckedPluginFiles?, initialScene: String, links: LinkTable,
                        pluginOfScene: @escaping @Sendable (String) -> String?, plugins: [String]) throws(WorkerError) {
        var failure: WorkerError?
        onEach { supervisor in
            guard failure == nil else { return }
            do throws(WorkerError) {
                try supervisor.startReplacement(start: start, files: files)
            } catch {
                failure = error
            }
        }
        if let failure {
            onEach { $0.dropReplacement() }
            throw failure
        }
        app.withLock { $0 = Running(links: links, pluginOfScene: pluginOfScene) }
        onEach { $0.reload(initialScene: initialScene, pluginOfScene: pluginOfScene, plugins: plugins) }
    }

    /// `--watch`: tells every session that a new build of `plugins` was refused, and why.
    package func noteRefusedReload(plugins: [String], reason: String) {
        onEach { $0.noteRefusedReload(plugins: plugins, reason: reason) }
    }

    /// Runs `body` with each worker's supervisor in turn, where its requests run (`onQueue`).
    private func onEach(_ body: (SceneWorkerSupervisor) -> Void) {
        for slot in slots {
            if inline { body(slot.supervisor) } else { slot.queue.sync { body(slot.supervisor) } }
        }
    }

    /// How many workers there are.
    package var count: Int { slots.count }

    /// Counts every worker's starts, faults and restores with `factory` (`/metrics`); before requests run.
    package func count(with factory: any MetricsFactory) {
        for slot in slots {
            slot.queue.sync {
                slot.supervisor.counters = WorkerCounters(factory: factory)
                // A worker started before the counters were given is counted now.
                if slot.supervisor.livePID.load(ordering: .relaxed) != 0 { slot.supervisor.counters.starts.increment() }
            }
        }
    }

    /// Nil when at least one worker runs, else why not (`/readyz`); readable from any thread.
    package func readiness() -> String? {
        slots.contains { $0.supervisor.livePID.load(ordering: .relaxed) != 0 } ? nil : "no scene worker is running"
    }

    /// Starts every worker (one after the other, before any request).
    package func start() throws(WorkerError) {
        for slot in slots { try onQueue(slot) { supervisor throws(WorkerError) in try supervisor.start() } }
    }

    /// Shows the initial scene once in the first worker (and drops it): a broken initial scene
    /// stops `serve` at start, not in a browser.
    package func checkInitialScene() throws(WorkerError) {
        guard let first = slots.first else { throw .workerUnavailable(reason: "the pool has no worker") }
        try onQueue(first) { supervisor throws(WorkerError) in
            let session = try supervisor.openSession()
            supervisor.close(session)
        }
    }

    /// Runs `body` with the slot's supervisor where its requests run: its queue (`serve`: the watch
    /// of what its worker sends unasked runs there too, and must never read the channel meanwhile),
    /// or this thread (`inline`).
    private func onQueue(_ slot: Slot, _ body: (SceneWorkerSupervisor) throws(WorkerError) -> Void) throws(WorkerError) {
        if inline { return try body(slot.supervisor) }
        let result: Result<Void, WorkerError> = slot.queue.sync {
            do throws(WorkerError) {
                try body(slot.supervisor)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }

    /// Ends every worker (their sessions are gone).
    package func shutdown() {
        for slot in slots { slot.queue.sync { slot.supervisor.shutdown() } }
    }

    /// A session on the worker that holds the fewest, showing the initial scene.
    nonisolated(nonsending) package func openSession() async throws(WorkerError) -> PooledSession {
        guard let slot = slots.min(by: { $0.sessions.load(ordering: .relaxed) < $1.sessions.load(ordering: .relaxed) }) else {
            throw .workerUnavailable(reason: "the pool has no worker")
        }
        slot.sessions.add(1, ordering: .relaxed)
        do throws(WorkerError) {
            let session = try await run(on: slot) { supervisor throws(WorkerError) in try supervisor.openSession() }
            return PooledSession(session: session, slot: slot, pool: self)
        } catch {
            slot.sessions.subtract(1, ordering: .relaxed)
            throw error
        }
    }

    /// A session on the worker that holds the fewest, built from `records` (a session read back from
    /// the store), and what became of its stacks (`SceneWorkerSupervisor.restoreSession`).
    nonisolated(nonsending) package func restoreSession(_ records: [SceneRecord]) async throws(WorkerError) -> (session: PooledSession, note: RestoreNote) {
        guard let slot = slots.min(by: { $0.sessions.load(ordering: .relaxed) < $1.sessions.load(ordering: .relaxed) }) else {
            throw .workerUnavailable(reason: "the pool has no worker")
        }
        slot.sessions.add(1, ordering: .relaxed)
        do throws(WorkerError) {
            let (session, note) = try await run(on: slot) { supervisor throws(WorkerError) in try supervisor.restoreSession(records) }
            return (PooledSession(session: session, slot: slot, pool: self), note)
        } catch {
            slot.sessions.subtract(1, ordering: .relaxed)
            throw error
        }
    }

    /// Runs `body` with the slot's supervisor on its queue. A request that could not start within
    /// `waitLimit` (its worker was busy all that time) is not run: `workerBusy`.
    nonisolated(nonsending) func run<T: Sendable>(on slot: Slot, _ body: @escaping @Sendable (SceneWorkerSupervisor) throws(WorkerError) -> T) async throws(WorkerError) -> T {
        if inline { return try body(slot.supervisor) }
        let queued = ContinuousClock.now
        let limit = waitLimit
        let result: Result<T, WorkerError> = await withCheckedContinuation { continuation in
            slot.queue.async {
                guard ContinuousClock.now - queued <= limit else {
                    continuation.resume(returning: .failure(.workerBusy(milliseconds: limit.wholeMilliseconds)))
                    return
                }
                do throws(WorkerError) {
                    continuation.resume(returning: .success(try body(slot.supervisor)))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try result.get()
    }
}

/// A session living in a pool's worker: the worker implementation of `AppSession`.
package final class PooledSession: Sendable {
    /// What the host holds of it: the page is answered from this, without the worker.
    package let session: WorkerSession
    package let slot: WorkerPool.Slot
    package let pool: WorkerPool
    private let closed = Atomic<Bool>(false)

    package init(session: WorkerSession, slot: WorkerPool.Slot, pool: WorkerPool) {
        self.session = session
        self.slot = slot
        self.pool = pool
    }

    /// Runs `commands` in turn in the worker (see `SceneWorkerSupervisor.execute`).
    nonisolated(nonsending) package func execute(_ commands: [FrontendCommand]) async throws(WorkerError) {
        let session = self.session
        try await pool.run(on: slot) { supervisor throws(WorkerError) in try supervisor.execute(commands, in: session) }
    }

    /// Waits for the background work of the session's scenes (see `SceneWorkerSupervisor.settle`).
    nonisolated(nonsending) package func settleWork(within limit: Duration) async throws(WorkerError) -> [RemoteFailure] {
        let session = self.session
        return try await pool.run(on: slot) { supervisor throws(WorkerError) in try supervisor.settle(session, within: limit) }
    }

    /// Opens the deep link `link` in the worker (see `SceneWorkerSupervisor.open`).
    nonisolated(nonsending) package func open(_ link: LinkOpening) async throws(WorkerError) {
        let session = self.session
        try await pool.run(on: slot) { supervisor throws(WorkerError) in try supervisor.open(link, in: session) }
    }

    /// Calls a native function in the worker (see `SceneWorkerSupervisor.call`).
    nonisolated(nonsending) package func callNative(_ function: String, arguments: [String]) async throws(WorkerError) -> (lines: [String], result: String) {
        try await pool.run(on: slot) { supervisor throws(WorkerError) in try supervisor.call(function, arguments: arguments) }
    }

    /// Drops the session in its worker (once); nothing waits for it (inline: done now).
    package func close() {
        guard !closed.exchange(true, ordering: .relaxed) else { return }
        slot.sessions.subtract(1, ordering: .relaxed)
        let session = self.session
        // A live stream waiting for its changes ends now, not at its next keep-alive.
        session.end()
        if pool.inline { return slot.supervisor.close(session) }
        slot.queue.async { [slot] in slot.supervisor.close(session) }
    }
}
