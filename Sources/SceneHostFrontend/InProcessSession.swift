#if canImport(Glibc)
import Glibc
#endif
@_spi(SceneHost) import SceneSDK
import SceneHostCore
import SceneHostNavigation

/// An app session whose scenes run on a navigator in this process (`--in-process`, tests): plugin
/// code runs here, so a plugin's crash ends the host. For debugging only.
@MainActor
package final class InProcessSession: AppSession {
    package let navigator: Navigator
    private var watch: ScreenWatch?
    /// The screen and work as last seen (by a command or a check of `watch`).
    private var seen: (screen: Screen?, busy: Bool) = (nil, false)
    package private(set) var changeCount: UInt64 = 0
    /// Who waits for the next change (`change(after:)`), woken by every change, closed with the session.
    private let waiters = Wakeup()
    /// The pipe `changeDescriptor` reads, made when the terminal first asks for it.
    private var wakePipe: (read: Int32, write: Int32)?
    private var wakePending = false

    package init(navigator: Navigator) {
        self.navigator = navigator
        let watch = ScreenWatch { [weak self] in self?.checkChanges() }
        watch.watch(navigator)
        self.watch = watch
        seen = ((try? navigator.screen()), navigator.needsAttention)
        watch.tick(while: !navigator.workIdle)
    }

    isolated deinit {
        if let wakePipe {
            Glibc.close(wakePipe.read)
            Glibc.close(wakePipe.write)
        }
    }

    /// After a command: what it changed is the user's own doing, seen now; its work is watched.
    private func commandRan() {
        seen = ((try? navigator.screen()), navigator.needsAttention)
        changed()
        watch?.tick(while: !navigator.workIdle)
    }

    /// A check of `watch`: the screen or the work differs from what was last seen.
    private func checkChanges() {
        let now: (screen: Screen?, busy: Bool) = ((try? navigator.screen()), navigator.needsAttention)
        watch?.tick(while: !navigator.workIdle)
        guard now.screen != seen.screen || now.busy != seen.busy else { return }
        seen = now
        changed()
        guard let wakePipe, !wakePending else { return }
        wakePending = true
        var byte: UInt8 = 1
        _ = write(wakePipe.write, &byte, 1)
    }

    private func changed() {
        changeCount &+= 1
        waiters.wakeAll()
    }

    package var changeDescriptor: Int32? {
        if let wakePipe { return wakePipe.read }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        wakePipe = (ends[0], ends[1])
        return ends[0]
    }

    package func takeChanges() async -> Bool {
        guard let wakePipe, wakePending else { return false }
        var bytes = [UInt8](repeating: 0, count: 16)
        while read(wakePipe.read, &bytes, bytes.count) > 0 {}
        wakePending = false
        return true
    }

    package func change(after count: UInt64) async -> UInt64 {
        // Changes are counted on the main actor, as this wait runs: none comes between the check and the wait.
        while changeCount == count, !waiters.isClosed, !Task.isCancelled {
            await waiters.wait()
        }
        return changeCount
    }

    package func change(after count: UInt64, within limit: Duration) async -> UInt64 {
        guard changeCount == count else { return changeCount }
        await Wakeup.race({ @MainActor in _ = await self.change(after: count) }, within: limit)
        return changeCount
    }

    /// A session whose stacks are built from `records` on a navigator `make` gives (started at the
    /// initial scene), and what became of them: the scene that fails is cut off with those above it;
    /// when none stands, a fresh navigator from `make` starts over.
    package static func restoring(_ records: [SceneRecord], make: () throws -> Navigator) throws -> (InProcessSession, RestoreNote) {
        let navigator = try make()
        let outcome = navigator.restore(records)
        let reason = outcome.failure.map { ErrorMessage.render($0.error) } ?? "it could not be built"
        guard outcome.restored > 0 else { return (InProcessSession(navigator: try make()), .startedOver(reason: reason)) }
        let note: RestoreNote = outcome.restored < records.count ? .cut(scene: records[outcome.restored].name, reason: reason) : .restored
        return (InProcessSession(navigator: navigator), note)
    }

    package func screen() throws -> Screen { try navigator.screen() }

    package func layers() -> [[String]] { navigator.layers.map { $0.map(\.name) } }

    package func breadcrumb() -> String { ScreenTextRenderer.breadcrumb(layers()) }

    package func apply(_ commands: [FrontendCommand]) async throws {
        defer { commandRan() }
        for command in commands { try navigator.execute(command) }
    }

    package func open(_ link: LinkOpening) async throws {
        defer { commandRan() }
        try navigator.open(link)
    }

    package func call(_ function: String, arguments: [String]) async throws -> (lines: [String], result: String) {
        var lines: [String] = []
        let result = try NativeInvocation(container: navigator.container) { lines.append($0) }.call(function, arguments: arguments)
        return (lines, result)
    }

    package func takeNotice() -> (any Error)? { nil }

    package var isBusy: Bool { navigator.needsAttention }

    package var isSettling: Bool { !navigator.workSettled }

    package func settle(within limit: Duration) async throws -> [any Error] {
        _ = await navigator.settle(within: limit)
        defer { commandRan() }
        var failures: [any Error] = []
        while let failure = navigator.takeWorkFailure() { failures.append(failure) }
        return failures
    }

    package func records() -> [SceneRecord] { navigator.records() }

    package var links: LinkTable { navigator.links }

    package func close() async {
        navigator.closeAll()
        // Whoever waits for a change hears the session ended.
        waiters.close()
    }
}
