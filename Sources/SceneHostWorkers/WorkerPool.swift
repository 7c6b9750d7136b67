import CoreMetrics
import Synchronization
import SceneHostFrontend
import SceneHostNavigation

/// The scene workers of a process: for `serve`, sessions spread over several workers; each worker's
/// supervisor (an actor) takes its requests in turn, so a busy or hung worker holds up only the
/// sessions that live on it. For `run` (one user, one worker) the pool is `inline`: a fault its
/// worker meets between commands is handled at once (`takeIdleFault`), for the terminal to show.
package final class WorkerPool: Sendable {
    /// One worker: its supervisor and how many sessions it holds.
    package final class Slot: Sendable {
        package let supervisor: SceneWorkerSupervisor
        let sessions = Atomic<Int>(0)

        init(supervisor: SceneWorkerSupervisor) {
            self.supervisor = supervisor
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

    /// `run`: faults met between commands are handled at once, and the terminal watches `changes`.
    package let inline: Bool
    /// Readable when a worker changed a session unasked (`run`'s terminal waits on it).
    package let changes: ChangeSignal

    /// `pluginOfScene`: the plugin that registers each scene in the build the workers start on.
    /// `changes`: the signal the supervisors were made to raise (`SceneWorkerSupervisor.init(onUnasked:)`).
    package init(
        supervisors: [SceneWorkerSupervisor], waitLimit: Duration, links: LinkTable = LinkTable(),
        pluginOfScene: @escaping @Sendable (String) -> String? = { _ in nil }, inline: Bool = false,
        changes: ChangeSignal = ChangeSignal()
    ) {
        slots = supervisors.map { Slot(supervisor: $0) }
        self.waitLimit = waitLimit
        app = Mutex(Running(links: links, pluginOfScene: pluginOfScene))
        self.inline = inline
        self.changes = changes
    }

    /// `--watch`: every worker is replaced by one started on the new build `start` (checked by the
    /// host), handed `files` (the checked plugin files), and every session built again on it
    /// (`SceneWorkerSupervisor.reload`). Every new worker is started first, beside the old ones:
    /// when one cannot start or load, the others are ended, the old workers go on serving the old
    /// build, and the error is thrown. A request waiting for a worker runs after its reload, on the
    /// new build.
    package func reload(
        start: WorkerStartMessage, files: CheckedPluginFiles?, initialScene: String, links: LinkTable,
        pluginOfScene: @escaping @Sendable (String) -> String?, plugins: [String]
    ) async throws(WorkerError) {
        for slot in slots {
            do throws(WorkerError) {
                try await slot.supervisor.startReplacement(start: start, files: files)
            } catch {
                for other in slots { await other.supervisor.dropReplacement() }
                throw error
            }
        }
        app.withLock { $0 = Running(links: links, pluginOfScene: pluginOfScene) }
        for slot in slots {
            await slot.supervisor.reload(initialScene: initialScene, pluginOfScene: pluginOfScene, plugins: plugins)
        }
    }

    /// `--watch`: tells every session that a new build of `plugins` was refused, and why.
    package func noteRefusedReload(plugins: [String], reason: String) async {
        for slot in slots { await slot.supervisor.noteRefusedReload(plugins: plugins, reason: reason) }
    }

    /// How many workers there are.
    package var count: Int { slots.count }

    /// Counts every worker's starts, faults and restores with `factory` (`/metrics`); before requests run.
    package func count(with factory: any MetricsFactory) async {
        for slot in slots { await slot.supervisor.count(with: WorkerCounters(factory: factory)) }
    }

    /// Nil when at least one worker runs, else why not (`/readyz`); readable from any thread.
    package func readiness() -> String? {
        slots.contains { $0.supervisor.livePID.load(ordering: .relaxed) != 0 } ? nil : "no scene worker is running"
    }

    /// Starts every worker (one after the other, before any request).
    package func start() async throws(WorkerError) {
        for slot in slots { try await slot.supervisor.start() }
    }

    /// Shows the initial scene once in the first worker (and drops it): a broken initial scene
    /// stops `serve` at start, not in a browser.
    package func checkInitialScene() async throws(WorkerError) {
        guard let first = slots.first else { throw .workerUnavailable(reason: "the pool has no worker") }
        let session = try await first.supervisor.openSession()
        await first.supervisor.close(session)
    }

    /// Ends every worker (their sessions are gone).
    package func shutdown() async {
        for slot in slots { await slot.supervisor.shutdown() }
    }

    /// The slot whose worker holds the fewest sessions, counted as holding one more.
    private func leastBusy() throws(WorkerError) -> Slot {
        guard let slot = slots.min(by: { $0.sessions.load(ordering: .relaxed) < $1.sessions.load(ordering: .relaxed) })
        else {
            throw .workerUnavailable(reason: "the pool has no worker")
        }
        slot.sessions.add(1, ordering: .relaxed)
        return slot
    }

    /// A session on the worker that holds the fewest, showing the initial scene.
    package func openSession() async throws(WorkerError) -> PooledSession {
        let slot = try leastBusy()
        do throws(WorkerError) {
            let session = try await slot.supervisor.openSession(waitingAtMost: waitLimit)
            return PooledSession(session: session, slot: slot, pool: self)
        } catch {
            slot.sessions.subtract(1, ordering: .relaxed)
            throw error
        }
    }

    /// A session on the worker that holds the fewest, built from `records` (a session read back from
    /// the store), and what became of its stacks (`SceneWorkerSupervisor.restoreSession`).
    package func restoreSession(
        _ records: [SceneRecord]
    ) async throws(WorkerError) -> (session: PooledSession, note: RestoreNote) {
        let slot = try leastBusy()
        do throws(WorkerError) {
            let (session, note) = try await slot.supervisor.restoreSession(records, waitingAtMost: waitLimit)
            return (PooledSession(session: session, slot: slot, pool: self), note)
        } catch {
            slot.sessions.subtract(1, ordering: .relaxed)
            throw error
        }
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
    package func execute(_ commands: [FrontendCommand]) async throws(WorkerError) {
        try await slot.supervisor.execute(commands, in: session, waitingAtMost: pool.waitLimit)
    }

    /// Waits for the background work of the session's scenes (see `SceneWorkerSupervisor.settle`).
    func settleWork(within limit: Duration) async throws(WorkerError) -> [RemoteFailure] {
        try await slot.supervisor.settle(session, within: limit, waitingAtMost: pool.waitLimit)
    }

    /// Opens the deep link `link` in the worker (see `SceneWorkerSupervisor.open`).
    nonisolated(nonsending) package func open(_ link: LinkOpening) async throws(WorkerError) {
        try await slot.supervisor.open(link, in: session, waitingAtMost: pool.waitLimit)
    }

    /// Calls a native function in the worker (see `SceneWorkerSupervisor.call`).
    func callNative(
        _ function: String, arguments: [String]
    ) async throws(WorkerError) -> (lines: [String], result: String) {
        try await slot.supervisor.call(function, arguments: arguments, waitingAtMost: pool.waitLimit)
    }

    /// Drops the session in its worker (once).
    nonisolated(nonsending) package func close() async {
        guard !closed.exchange(true, ordering: .relaxed) else { return }
        slot.sessions.subtract(1, ordering: .relaxed)
        // A live stream waiting for its changes ends now, not at its next keep-alive.
        session.end()
        await slot.supervisor.close(session)
    }
}
