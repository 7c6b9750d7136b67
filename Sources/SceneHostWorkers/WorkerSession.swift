import Synchronization
import SceneSDK
import SceneHostFrontend
import SceneHostNavigation

/// A session whose scenes live in a scene worker: what the host holds of it, as data — each
/// scene's record (`SceneRecord`) and the last screen the worker sent.
///
/// The host answers a page from this without asking the worker, so a busy or hung worker never
/// stops a page from showing; a worker that dies is given these records to build the session again.
/// Read from any thread (a `Mutex`), written only by its supervisor.
package final class WorkerSession: ScreenVersion {
    /// Unique among the sessions of one supervisor.
    package let id: UInt64
    private let state: Mutex<State>
    /// Who waits for the next change (`change(after:)`), woken by every change of `state`, closed by `end`.
    private let waiters = Wakeup()

    /// What the host knows of the session now.
    package struct State: Sendable {
        /// Every scene on its stacks, bottom to top over all layers (changed by `replace`).
        package private(set) var records: [SceneRecord] = []
        /// The title of each record's scene as the worker last reported it (`SessionReport.titles`);
        /// its scene name in the rare record no report titled.
        package private(set) var titles: [String] = []
        /// Where the first modal stack starts in `records` (nil: only the root stack), kept by
        /// `replace` so the breadcrumb never walks the records.
        private var firstModal: Int?
        /// The screen on top as last rendered, or why it could not be.
        package var screen: Result<Screen, RemoteFailure> = .failure(
            RemoteFailure(text: "error: the session has not started", status: 1))
        /// What happened to the session that its user has not been told yet (its worker was
        /// restarted while another session's request was running).
        package var notice: WorkerError?
        /// Its worker is being started again and its scenes built again (`SceneWorkerSupervisor.restartAndRestore`):
        /// the screen may already be the new one while the notice that says why is not yet set.
        /// `takeNotice` waits for the two together, so no page shows the one without the other.
        package var restoring = false
        /// The session could not be built again after its worker ended, or was ended for its faults: it shows nothing more.
        package var lost = false
        /// Background work of its scenes was running at the last report (`SessionReport.busy`).
        package var busy = false
        /// `perform` work of its scenes was running at the last report (`SessionReport.settling`).
        package var settling = false
        /// Why the session was ended, when it was ended for its own faults (shown instead of "lost").
        package var ended: WorkerError?
        /// How many times this session's own requests ended its worker (`FaultPolicy`).
        var faults = 0
        /// Whom its faults are counted against toward refusing a plugin for everyone: the client
        /// address `serve` names (`attribute(to:)`), else a source of its own.
        var source: String

        init(source: String = "") {
            self.source = source
        }
        /// Counts every change of this state: a page made from one generation still shows the
        /// session while the generation is the same (`WebPageSnapshots`).
        package var generation: UInt64 = 0

        /// Scene names per layer, bottom to top.
        package var layers: [[String]] { SceneRecord.layers(records).map { $0.map(\.name) } }

        /// Where the user is (`ScreenTextRenderer.breadcrumb` of `layers`), from the few records it
        /// shows: a script pushing thousands of scenes draws each screen in constant time.
        package var breadcrumb: String {
            ScreenTextRenderer.breadcrumb(count: records.count) { index in
                let inModal = firstModal.map { index >= $0 } ?? false
                let topOfStack = index == records.count - 1 || records[index + 1].opensLayer
                let name = records[index].slot.map { "\($0): \(records[index].name)" } ?? records[index].name
                return inModal && topOfStack && records[index].slot == nil ? "\(name) (modal)" : name
            }
        }

        /// Keeps the first `count` records and puts `changed` after them, in place (no copy of the
        /// records kept: a report costs what changed, not the depth of the stacks).
        package mutating func replace(keeping count: Int, with changed: [SceneRecord] = [], titles: [String] = []) {
            let kept = min(max(count, 0), records.count)
            records.removeSubrange(kept...)
            self.titles.removeSubrange(min(kept, self.titles.count)...)
            self.titles.append(contentsOf: titles.count == changed.count ? titles : changed.map(\.name))
            if let start = firstModal, start >= kept { firstModal = nil }
            if firstModal == nil,
                let index = changed.indices.first(where: {
                    kept + $0 >= 1 && changed[$0].opensLayer && changed[$0].slot == nil
                })
            {
                firstModal = kept + index
            }
            records.append(contentsOf: changed)
        }
    }

    /// `source`: whom its faults count against until `attribute(to:)` names a client (default: itself alone).
    package init(id: UInt64, source: String? = nil) {
        self.id = id
        state = Mutex(State(source: source ?? "session \(id)"))
    }

    /// Counts this session's faults toward refusing a plugin as `client`'s (its address): many
    /// sessions of one client count as one, however often it starts new ones.
    package func attribute(to client: String) {
        state.withLock { $0.source = "client " + client }
    }

    /// A copy of what the host holds now.
    package var current: State { state.withLock { $0 } }

    /// What `body` reads of the state now, without copying it.
    package func read<T>(_ body: (State) -> T) -> T { state.withLock { body($0) } }

    /// Takes the notice to show (it is shown once). While the session is being built again after its
    /// worker ended or a new build came (`State.restoring`), waits for that to end first: the notice
    /// is set only then, and the screen read after it is the one the notice speaks of.
    package func takeNotice() async -> WorkerError? {
        while read(\.restoring), !waiters.isClosed, !Task.isCancelled {
            await waiters.wait { !self.read(\.restoring) }
        }
        return state.withLock { state in
            guard let notice = state.notice else { return nil }
            state.notice = nil
            state.generation &+= 1
            return notice
        }
    }

    package func update(_ change: (inout State) -> Void) {
        state.withLock { state in
            change(&state)
            state.generation &+= 1
        }
        wakeWaiters()
    }

    /// The state's generation now (`State.generation`), without copying the state.
    package var generation: UInt64 { state.withLock { $0.generation } }

    /// Background work was running when the worker last reported.
    package var busy: Bool { state.withLock { $0.busy } }

    /// Applies a worker's report: the first `keep` records stand, the changed ones replace the rest.
    /// A report that changes nothing (the same screen, records and work: a `settle` of a session
    /// whose work showed nothing new) keeps the generation, so pages and streams made from it stand.
    package func apply(_ report: SessionReport) {
        let changed = state.withLock { state in
            guard
                report.keep != state.records.count || !report.changed.isEmpty || report.busy != state.busy
                    || report.settling != state.settling
                    || report.screen != state.screen
            else {
                return false
            }
            state.replace(keeping: report.keep, with: report.changed, titles: report.titles)
            state.screen = report.screen
            state.busy = report.busy
            state.settling = report.settling
            state.generation &+= 1
            return true
        }
        if changed { wakeWaiters() }
    }

    /// Waits until the state's generation is past `generation` (its worker sent a change, unasked
    /// or answering a request), the session ended (`end`), or the task is cancelled; the generation
    /// then. It sleeps meanwhile, however long: `serve` streams a screen's changes to its page
    /// (Server-Sent Events) with it.
    package func change(after generation: UInt64) async -> UInt64 {
        // Registered, then the generation is read: a change between the two wakes it (none is missed).
        await waiters.wait { self.generation != generation }
        return self.generation
    }

    /// `change(after:)`, or `limit` passed.
    package func change(after generation: UInt64, within limit: Duration) async -> UInt64 {
        guard self.generation == generation else { return self.generation }
        await Wakeup.race({ _ = await self.change(after: generation) }, within: limit)
        return self.generation
    }

    /// The session was let go (closed, dropped): whoever waits for its changes is woken, and no
    /// wait sleeps from then on.
    package func end() {
        waiters.close()
    }

    private func wakeWaiters() {
        waiters.wakeAll()
    }
}
