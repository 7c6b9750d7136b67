@_spi(SceneHost) import SceneSDK
import SceneHostCore
import SceneHostNavigation
import Synchronization

/// An app session whose scenes run on a navigator in this process (`--in-process`, tests): plugin
/// code runs here, so a plugin's crash ends the host. For debugging only.
///
/// Its scene code runs on the main actor, as all scene code does: every call that reads or drives
/// the navigator is main-actor isolated (a caller elsewhere, such as a web session's owner, hops
/// there for it); what any thread may read (the change count, the change descriptor, the links) is
/// kept apart, behind atomics and a pipe.
package final class InProcessSession: AppSession {
    @MainActor package let navigator: Navigator
    /// What the session last showed, and its watch: main-actor state.
    private let seen: Seen
    package let links: LinkTable
    private let counted = Atomic<UInt64>(0)
    /// Who waits for the next change (`change(after:)`), woken by every change, closed with the session.
    private let waiters = Wakeup()
    /// Raised when the session changed on its own: the terminal waits on it with its input.
    private let signal = ChangeSignal()

    @MainActor
    package init(navigator: Navigator) {
        self.navigator = navigator
        self.links = navigator.links
        self.seen = Seen(screen: (try? navigator.screen()), busy: navigator.needsAttention)
        let watch = ScreenWatch { [weak self] in self?.checkChanges() }
        watch.watch(navigator)
        seen.watch = watch
        watch.tick(while: !navigator.workIdle)
    }

    /// The screen and work as last seen (by a command or a check of the watch).
    @MainActor
    private final class Seen {
        var screen: Screen?
        var busy: Bool
        var watch: ScreenWatch?

        init(screen: Screen?, busy: Bool) {
            self.screen = screen
            self.busy = busy
        }
    }

    /// After a command: what it changed is the user's own doing, seen now; its work is watched. A
    /// change on its own before it is seen too (the screen is drawn after the command): not signalled again.
    @MainActor
    private func commandRan() {
        seen.screen = try? navigator.screen()
        seen.busy = navigator.needsAttention
        _ = signal.take()
        changed()
        seen.watch?.tick(while: !navigator.workIdle)
    }

    /// A check of the watch: the screen or the work differs from what was last seen.
    @MainActor
    private func checkChanges() {
        let now: (screen: Screen?, busy: Bool) = ((try? navigator.screen()), navigator.needsAttention)
        seen.watch?.tick(while: !navigator.workIdle)
        guard now.screen != seen.screen || now.busy != seen.busy else { return }
        (seen.screen, seen.busy) = now
        changed()
        signal.raise()
    }

    private func changed() {
        counted.add(1, ordering: .releasing)
        waiters.wakeAll()
    }

    package var changeCount: UInt64 { counted.load(ordering: .acquiring) }

    package var changeDescriptor: Int32? { signal.descriptor }

    package func takeChanges() async -> Bool { signal.take() }

    package func change(after count: UInt64) async -> UInt64 {
        // The wait is registered before the count is looked at again: a change between is not missed.
        while changeCount == count, !waiters.isClosed, !Task.isCancelled {
            await waiters.wait(unless: { self.changeCount != count })
        }
        return changeCount
    }

    package func change(after count: UInt64, within limit: Duration) async -> UInt64 {
        guard changeCount == count else { return changeCount }
        await Wakeup.race({ _ = await self.change(after: count) }, within: limit)
        return changeCount
    }

    /// A session whose stacks are built from `records` on a navigator `make` gives (started at the
    /// initial scene), and what became of them: the scene that fails is cut off with those above it;
    /// when none stands, a fresh navigator from `make` starts over.
    @MainActor
    package static func restoring(
        _ records: [SceneRecord], make: @MainActor () throws -> Navigator
    ) throws -> (InProcessSession, RestoreNote) {
        let navigator = try make()
        let outcome = navigator.restore(records)
        let reason = outcome.failure.map { ErrorMessage.render($0.error) } ?? "it could not be built"
        guard outcome.restored > 0 else {
            return (InProcessSession(navigator: try make()), .startedOver(reason: reason))
        }
        let note: RestoreNote =
            outcome.restored < records.count ? .cut(scene: records[outcome.restored].name, reason: reason) : .restored
        return (InProcessSession(navigator: navigator), note)
    }

    @MainActor package func screen() async throws -> Screen { try navigator.screen() }

    @MainActor package func layers() async -> [[String]] { navigator.layers.map { $0.map(\.name) } }

    @MainActor package func titles() async -> [String] { navigator.titles() }

    @MainActor package func breadcrumb() async -> String {
        ScreenTextRenderer.breadcrumb(await layers(), slots: navigator.layerSlots)
    }

    @MainActor package func apply(_ commands: [FrontendCommand]) async throws {
        defer { commandRan() }
        for command in commands { try navigator.execute(command) }
    }

    @MainActor package func open(_ link: LinkOpening) async throws {
        defer { commandRan() }
        try navigator.open(link)
    }

    @MainActor package func call(
        _ function: String, arguments: [String]
    ) async throws -> (lines: [String], result: String) {
        var lines: [String] = []
        let result = try NativeInvocation(container: navigator.container) { lines.append($0) }.call(
            function, arguments: arguments)
        return (lines, result)
    }

    package func takeNotice() async -> (any Error)? { nil }

    @MainActor package var isBusy: Bool { get async { navigator.needsAttention } }

    @MainActor package var isSettling: Bool { get async { !navigator.workSettled } }

    @MainActor package func settle(within limit: Duration) async throws -> [any Error] {
        _ = await navigator.settle(within: limit)
        defer { commandRan() }
        var failures: [any Error] = []
        while let failure = navigator.takeWorkFailure() { failures.append(failure) }
        return failures
    }

    @MainActor package func records() async -> [SceneRecord] { navigator.records() }

    @MainActor package func close() async {
        navigator.closeAll()
        // Whoever waits for a change hears the session ended.
        waiters.close()
    }
}
