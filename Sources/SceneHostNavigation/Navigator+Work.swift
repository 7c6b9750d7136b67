@_spi(SceneHost) import SceneSDK
import SceneHostContainer

/// The scenes' background work (`SceneInteractor.perform`), as the navigator hears of it: each
/// task that ends may have changed a screen (`workEnded` tells whoever shows the session), and an
/// error a task did not catch becomes a notice (`takeWorkFailure`). A scene's work is cancelled
/// when it leaves (`leave`, `show(.replace)`, `dropFrom`, `closeAll`), and is heard of no more.
extension Navigator: SceneWorkObserver {
    package func workStarted(_ work: SceneWork) {
        busyWork[ObjectIdentifier(work)] = work
    }

    package func workEnded(_ work: SceneWork) {
        if work.isIdle { busyWork[ObjectIdentifier(work)] = nil }
        onWorkEnded?()
    }

    /// The work's presenter reached for its ViewController: who shows the session looks now.
    package func workPresented(_ work: SceneWork) {
        onWorkEnded?()
    }

    package func work(_ work: SceneWork, failedWith error: any Error) {
        let scene = layers.joined().first { $0.work === work }?.name ?? "?"
        workFailures.append(NavigationError.workFailed(scene: scene, reason: FailureCause(error)))
    }

    /// Starts hearing `scene`'s work (it is shown), counting it as running if it does (a load
    /// started in `viewDidLoad`, before the scene was shown).
    func watchWork(of scene: AssembledScene) {
        guard let work = scene.work else { return }
        work.observer = self
        if !work.isIdle { busyWork[ObjectIdentifier(work)] = work }
    }

    /// Cancels `scene`'s work: it left.
    func cancelWork(of scene: AssembledScene) {
        guard let work = scene.work else { return }
        work.cancelAll()
        busyWork[ObjectIdentifier(work)] = nil
    }

    /// The oldest notice the user was not told of yet: a failure of background work, or secrets
    /// left empty by a restore.
    package func takeWorkFailure() -> NavigationError? {
        workFailures.isEmpty ? nil : workFailures.removeFirst()
    }

    /// Whether no scene's work runs at all, `observe`'s included. Kept as scenes' work starts and
    /// ends, so a command on a deep stack does not walk it (a script of thousands of pushes stays linear).
    package var workIdle: Bool { busyWork.isEmpty }

    /// Whether every scene's `perform` work ended (`observe` tasks may run on: they never settle).
    package var workSettled: Bool { busyWork.values.allSatisfy(\.isSettled) }

    /// Whether the frontends must ask again: work runs (a screen may change on its own), or a
    /// notice waits to be shown (`SessionReport.busy`).
    package var needsAttention: Bool { !workFailures.isEmpty || !workIdle }

    /// Waits until the work of every scene shown has ended, or `limit` passed (work that never
    /// ends, such as a timer); true when it settled. Script mode waits so after every command,
    /// so a transcript does not depend on how fast the work was.
    package func settle(within limit: Duration) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while let busy = busyWork.values.first(where: { !$0.isSettled }) {
            let left = deadline - clock.now
            guard left > .zero else { return false }
            _ = await busy.settle(within: left)
            if busy.isIdle { busyWork[ObjectIdentifier(busy)] = nil }
        }
        return true
    }
}
