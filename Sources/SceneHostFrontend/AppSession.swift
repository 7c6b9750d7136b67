@_spi(SceneHost) import SceneSDK
import SceneHostNavigation

/// One user's app session, wherever its scenes run: a navigator in this process
/// (`InProcessSession`, `--in-process`) or a scene worker (`PooledSession`, the default). The one
/// session model every frontend drives: the terminal, the script runner and the web.
///
/// Commands go in (`apply`, `open`, `call`); what comes out is the screen on top and each scene's
/// record (`records`), the data a session store keeps and a restore builds from. Reading never
/// waits for plugin code; a failed command leaves the session as it was.
///
/// Sendable, and bound to no actor: `serve` keeps each browser's session with the one owner of that
/// session (`WebSession`), never on the main actor. Every call runs where its caller is
/// (`nonisolated(nonsending)`): a pooled session answers reads from what the host holds without a hop;
/// a session in this process runs its scene code on the main actor, where that code lives.
package protocol AppSession: AnyObject, Sendable {
    /// The screen on top, as last rendered.
    nonisolated(nonsending) func screen() async throws -> Screen
    /// Scene names per layer (the root stack, then each modal's), bottom to top.
    nonisolated(nonsending) func layers() async -> [[String]]
    /// The title of every scene's screen, bottom to top over all layers (`layers` flattened): what
    /// a breadcrumb calls a screen the user has not seen yet (a deep link's way).
    nonisolated(nonsending) func titles() async -> [String]
    /// Where the user is, as the terminal prints it (`Home › Detail`), shortened when deep.
    nonisolated(nonsending) func breadcrumb() async -> String
    /// Runs `commands` in turn; the first failure is thrown, and the session is then as it was before that command.
    nonisolated(nonsending) func apply(_ commands: [FrontendCommand]) async throws
    /// Opens a deep link the host matched (`LinkTable.resolve`): a new stack from the initial scene
    /// to the linked scene; on failure the session is as it was.
    nonisolated(nonsending) func open(_ link: LinkOpening) async throws
    /// Calls a plugin's native function: the lines its callbacks printed, and its result as text.
    nonisolated(nonsending) func call(
        _ function: String, arguments: [String]
    ) async throws -> (lines: [String], result: String)
    /// What happened to the session that its user has not been told yet, shown once.
    nonisolated(nonsending) func takeNotice() async -> (any Error)?
    /// Waits until the background work of the session's scenes ended (`SceneInteractor.perform`),
    /// or `limit` passed: the errors that work threw and did not catch meanwhile, to show as notices.
    nonisolated(nonsending) func settle(within limit: Duration) async throws -> [any Error]
    /// Whether background work of the session's scenes was running when it was last heard of
    /// (`observe` tasks included), or a notice of it waits: its screen may change on its own.
    var isBusy: Bool { get async }
    /// Whether `perform` work (a load, a save: work expected to end) was running when last heard of.
    var isSettling: Bool { get async }
    /// A descriptor that becomes readable when the session may have changed on its own (its
    /// background work ended, or changed a screen): the terminal waits on it with its input, then
    /// calls `takeChanges`. Nil: this session is not watched that way (`serve` hears of its
    /// workers' changes through `change(after:within:)`).
    var changeDescriptor: Int32? { get }
    /// Takes in what changed on its own since the last call, without waiting; true when the
    /// screen may differ from the one last drawn.
    nonisolated(nonsending) func takeChanges() async -> Bool
    /// Counts the session's changes, those of commands and those on its own.
    var changeCount: UInt64 { get }
    /// Waits until `changeCount` is past `count`, the session is closed, or the task is cancelled;
    /// the count then. It sleeps meanwhile (no timer, no polling): `serve` streams a screen's
    /// changes to its page with it, racing it against the stream's keep-alive and the drain.
    nonisolated(nonsending) func change(after count: UInt64) async -> UInt64
    /// Waits until `changeCount` is past `count`, the session is closed, `limit` passed or the task
    /// is cancelled; the count then.
    nonisolated(nonsending) func change(after count: UInt64, within limit: Duration) async -> UInt64
    /// Whether the session was closed for good (its worker ended and not even the initial scene
    /// could be built again): no command can run in it any more, and its screen is gone.
    var isClosed: Bool { get }
    /// Every scene's record, bottom to top over all layers.
    nonisolated(nonsending) func records() async -> [SceneRecord]
    /// Counts the session's faults toward refusing a plugin as `client`'s (its address): many
    /// sessions of one client count as one. Nothing for a session in this process (it has no faults to count).
    func attribute(to client: String)
    /// What a page answered from a snapshot checks to know this session's screens have not changed
    /// since it was made (`WebPageSnapshots`); nil when its screens are not kept apart from it (in process).
    var screenVersion: (any ScreenVersion)? { get }
    /// The app's deep links, to match a link's text before the session opens it.
    var links: LinkTable { get }
    /// Drops the session's scenes (it ended, expired or was evicted); once, later calls do nothing.
    nonisolated(nonsending) func close() async
}

extension AppSession {
    /// A session in this process is never closed under its user: a crash there ends the host.
    package var isClosed: Bool { false }

    package var isSettling: Bool { get async { false } }

    /// A session that never changes on its own (a test double).
    package var changeDescriptor: Int32? { nil }
    package func attribute(to client: String) {}
    package var screenVersion: (any ScreenVersion)? { nil }
    nonisolated(nonsending) package func takeChanges() async -> Bool { false }
    package var changeCount: UInt64 { 0 }
    nonisolated(nonsending) package func change(after count: UInt64) async -> UInt64 {
        // Nothing ever wakes it: it ends when its task is cancelled.
        await Wakeup().wait()
        return changeCount
    }
    nonisolated(nonsending) package func change(after count: UInt64, within limit: Duration) async -> UInt64 {
        try? await Task.sleep(for: limit)
        return changeCount
    }

    /// The screen on top, the scene names of each layer, and every scene's title (`titles`).
    nonisolated(nonsending) package func view() async throws -> (screen: Screen, layers: [[String]], titles: [String]) {
        (try await screen(), await layers(), await titles())
    }

    /// The screen on top as the terminal and scripts print it.
    nonisolated(nonsending) package func renderedScreen() async throws -> String {
        ScreenTextRenderer.render(try await screen(), path: await breadcrumb())
    }

    /// Matches `text` (`orders/2` or `/orders/2`) against the app's links and opens it. A malformed or
    /// unknown link throws `LinkError` (a 404 on the web); either way the session is as it was.
    nonisolated(nonsending) package func open(link text: String) async throws {
        try await open(try links.resolve(text))
    }
}

/// A session's screens as the host holds them, readable from any thread: `generation` moves with
/// every change, and `busy` says background work was running when last heard of.
package protocol ScreenVersion: AnyObject, Sendable {
    var generation: UInt64 { get }
    var busy: Bool { get }
}
