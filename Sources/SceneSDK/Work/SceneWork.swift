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
    private var nextTask: UInt64 = 0
    private var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    private var nextWaiter: UInt64 = 0
    /// Set when the scene left: nothing started or finished after it is heard of.
    @_spi(SceneHost) @_spi(SceneTesting) public private(set) var isCancelled = false

    init() {}

    /// How many tasks are still running.
    @_spi(SceneHost) @_spi(SceneTesting) public var running: Int { tasks.count }

    /// Whether no task is running.
    @_spi(SceneHost) @_spi(SceneTesting) public var isSettled: Bool { tasks.isEmpty }

    /// Starts `work` on the main actor as a task of this scene; nothing when the scene has left.
    func start(_ work: @escaping @MainActor () async throws -> Void) {
        guard !isCancelled else { return }
        let id = nextTask
        nextTask += 1
        defer { observer?.workStarted(self) }
        tasks[id] = Task { @MainActor [weak self] in
            var failure: (any Error)?
            do {
                try await work()
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
        if !isCancelled, let observer {
            if let failure { observer.work(self, failedWith: failure) }
            observer.workEnded(self)
        }
        if tasks.isEmpty { resumeWaiters() }
    }

    /// Cancels every task: the scene left. Their late results are dropped (no `onChange`, no `onFailure`).
    @_spi(SceneHost) @_spi(SceneTesting) public func cancelAll() {
        isCancelled = true
        observer = nil
        for task in tasks.values { task.cancel() }
    }

    /// Waits until no task runs, or `limit` passed; true when settled. Work that never settles (a
    /// timer) ends the wait at the limit.
    @_spi(SceneHost) @_spi(SceneTesting) public func settle(within limit: Duration) async -> Bool {
        if tasks.isEmpty { return true }
        let id = nextWaiter
        nextWaiter += 1
        let timeout = Task { @MainActor [weak self] in
            try? await Task.sleep(for: limit)
            self?.resume(id)
        }
        await withCheckedContinuation { continuation in
            if tasks.isEmpty { continuation.resume() } else { waiters[id] = continuation }
        }
        timeout.cancel()
        return tasks.isEmpty
    }

    private func resume(_ id: UInt64) {
        waiters.removeValue(forKey: id)?.resume()
    }

    private func resumeWaiters() {
        let all = waiters
        waiters = [:]
        for continuation in all.values { continuation.resume() }
    }
}

/// Who hears of a scene's work: the navigator showing the scene.
@_spi(SceneHost) @_spi(SceneTesting) @MainActor
public protocol SceneWorkObserver: AnyObject {
    /// A task started.
    func workStarted(_ work: SceneWork)
    /// A task ended: the scene's screen may have changed.
    func workEnded(_ work: SceneWork)
    /// A task threw `error` and did not catch it.
    func work(_ work: SceneWork, failedWith error: any Error)
}

/// What owns a scene's work: `SceneInteractor`, so the wiring finds it on the interactor (a cast
/// the plugin's specialized wiring decides at compile time).
@MainActor @usableFromInline
protocol SceneWorkOwning: AnyObject {
    var sceneWork: SceneWork { get }
}
