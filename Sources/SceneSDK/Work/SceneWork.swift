/// The work a scene does in the background: the tasks its interactor started with
/// `SceneInteractor.perform(_:)`.
///
/// The host knows each scene's work. When the scene leaves (popped, dismissed, its session
/// closed), its work is cancelled and whatever it finishes afterwards is dropped: it reaches no
/// screen and no notice. Work that throws (not a cancellation) and does not catch its own error is
/// reported to the host, which shows it as a notice; the screen stays as it was. Public only
/// because `SceneInteractor` holds one where the plugin's inlined wiring finds it; every member is
/// host-only (SPI), and it is left out of the API reference.
@_documentation(visibility: internal) @MainActor
public final class SceneWork {
    /// Hears each task that ends, and each error a task threw and did not catch, while the scene
    /// is still shown (the navigator that shows it).
    @_spi(SceneHost) @_spi(SceneTesting) public weak var observer: (any SceneWorkObserver)?

    private var tasks: [UInt64: Task<Void, Never>] = [:]
    /// The tasks started with `observe`: they run as long as the scene is shown, and never count
    /// as work that has yet to settle.
    private var observing: Set<UInt64> = []
    private var nextTask: UInt64 = 0
    /// Who waits for the work to settle (`idle`: for every task to end, `observe`'s too).
    private var waiters: [UInt64: (idle: Bool, continuation: CheckedContinuation<Void, Never>)] = [:]
    private var nextWaiter: UInt64 = 0
    /// Set when the scene left: nothing started or finished after it is heard of.
    @_spi(SceneHost) @_spi(SceneTesting) public private(set) var isCancelled = false

    init() {}

    /// How many tasks are still running (`observe`'s included).
    @_spi(SceneHost) @_spi(SceneTesting) public var running: Int { tasks.count }

    /// Whether every task started with `perform` ended (`observe`'s run on: they never settle).
    @_spi(SceneHost) @_spi(SceneTesting) public var isSettled: Bool { tasks.count == observing.count }

    /// Whether no task at all runs, `observe`'s included.
    @_spi(SceneHost) @_spi(SceneTesting) public var isIdle: Bool { tasks.isEmpty }

    /// Starts `work` on the main actor as a task of this scene; nothing when the scene has left.
    /// `observing`: a task meant to run as long as the scene is shown (`observe`).
    func start(observing: Bool = false, _ work: @escaping @MainActor () async throws -> Void) {
        guard !isCancelled else { return }
        let id = nextTask
        nextTask += 1
        if observing { self.observing.insert(id) }
        defer { observer?.workStarted(self) }
        tasks[id] = Task { @MainActor [weak self] in
            var failure: (any Error)?
            do {
                // The presenter's reads of its ViewController inside this task tell the host the
                // screen may change (`SceneWorkContext`).
                try await SceneWorkContext.$current.withValue(self) { try await work() }
            } catch is CancellationError {
                // Cancelled: the scene left, or the work gave up on its own. Nothing to report.
            } catch {
                failure = error
            }
            self?.finished(id, failure: failure)
        }
    }

    private func finished(_ id: UInt64, failure: (any Error)?) {
        tasks[id] = nil
        observing.remove(id)
        if !isCancelled, let observer {
            if let failure { observer.work(self, failedWith: failure) }
            observer.workEnded(self)
        }
        if isSettled { resumeWaiters() }
    }

    private func satisfied(idle: Bool) -> Bool { idle ? isIdle : isSettled }

    /// The work is presenting something (its presenter reached for the ViewController): its screen
    /// may change now, so the host looks at it after this turn instead of at its next tick.
    @usableFromInline func presenting() {
        guard !isCancelled else { return }
        observer?.workPresented(self)
    }

    /// Cancels every task: the scene left. Their late results are dropped (no `onChange`, no `onFailure`).
    @_spi(SceneHost) @_spi(SceneTesting) public func cancelAll() {
        isCancelled = true
        observer = nil
        for task in tasks.values { task.cancel() }
    }

    /// Waits until every `perform` task ended, or `limit` passed; true when settled. Work that
    /// never ends (a `perform` that loops) ends the wait at the limit; `observe` tasks are not waited for.
    /// `idle`: wait for every task, `observe`'s too (a scene that left, whose cancelled tasks end soon).
    @_spi(SceneHost) @_spi(SceneTesting) public func settle(within limit: Duration, idle: Bool = false) async -> Bool {
        if satisfied(idle: idle) { return true }
        let id = nextWaiter
        nextWaiter += 1
        let timeout = Task { @MainActor [weak self] in
            try? await Task.sleep(for: limit)
            self?.resume(id)
        }
        await withCheckedContinuation { continuation in
            if satisfied(idle: idle) { continuation.resume() } else { waiters[id] = (idle, continuation) }
        }
        timeout.cancel()
        return satisfied(idle: idle)
    }

    private func resume(_ id: UInt64) {
        waiters.removeValue(forKey: id)?.continuation.resume()
    }

    private func resumeWaiters() {
        for (id, waiter) in waiters where satisfied(idle: waiter.idle) {
            waiters[id] = nil
            waiter.continuation.resume()
        }
    }
}

/// Who hears of a scene's work: the navigator showing the scene.
@_spi(SceneHost) @_spi(SceneTesting) @MainActor
public protocol SceneWorkObserver: AnyObject {
    /// A task started.
    func workStarted(_ work: SceneWork)
    /// A task ended: the scene's screen may have changed.
    func workEnded(_ work: SceneWork)
    /// A task is presenting something: the scene's screen may change in this turn.
    func workPresented(_ work: SceneWork)
    /// A task threw `error` and did not catch it.
    func work(_ work: SceneWork, failedWith error: any Error)
}

/// What owns a scene's work: `SceneInteractor`, so the wiring finds it on the interactor (a cast
/// the plugin's specialized wiring decides at compile time).
@MainActor @usableFromInline
protocol SceneWorkOwning: AnyObject {
    var sceneWork: SceneWork { get }
}

/// Which scene's work the current task is (a task-local value, set around each task `SceneWork`
/// runs): the presenter reads it when it reaches for its ViewController, so a presentation made by
/// background work is seen at once. Outside such a task it is nil, and reading it costs a lookup.
@usableFromInline
enum SceneWorkContext {
    @TaskLocal @usableFromInline static var current: SceneWork?

    /// Tells the running task's work, if any, that it is presenting.
    @usableFromInline @MainActor
    static func notePresenting() {
        current?.presenting()
    }
}
