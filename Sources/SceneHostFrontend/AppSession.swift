@_spi(SceneHost) import SceneSDK
import SceneHostNavigation

/// One user's app session, wherever its scenes run: a navigator in this process
/// (`InProcessSession`, `--in-process`) or a scene worker (`PooledSession`, the default). The one
/// session model every frontend drives: the terminal, the script runner and the web.
///
/// Commands go in (`apply`, `open`, `call`); what comes out is the screen on top and each scene's
/// record (`records`), the data a session store keeps and a restore builds from. Reading never
/// waits for plugin code; a failed command leaves the session as it was.
@MainActor
package protocol AppSession: AnyObject {
    /// The screen on top, as last rendered.
    func screen() throws -> Screen
    /// Scene names per layer (the root stack, then each modal's), bottom to top.
    func layers() -> [[String]]
    /// Where the user is, as the terminal prints it (`Home › Detail`), shortened when deep.
    func breadcrumb() -> String
    /// Runs `commands` in turn; the first failure is thrown, and the session is then as it was before that command.
    func apply(_ commands: [FrontendCommand]) async throws
    /// Opens a deep link the host matched (`LinkTable.resolve`): a new stack from the initial scene
    /// to the linked scene; on failure the session is as it was.
    func open(_ link: LinkOpening) async throws
    /// Calls a plugin's native function: the lines its callbacks printed, and its result as text.
    func call(_ function: String, arguments: [String]) async throws -> (lines: [String], result: String)
    /// What happened to the session that its user has not been told yet, shown once.
    func takeNotice() -> (any Error)?
    /// Waits until the background work of the session's scenes ended (`SceneInteractor.perform`),
    /// or `limit` passed: the errors that work threw and did not catch meanwhile, to show as notices.
    func settle(within limit: Duration) async throws -> [any Error]
    /// Whether background work of the session's scenes was running when it was last heard of.
    var isBusy: Bool { get }
    /// Whether the session was closed for good (its worker ended and not even the initial scene
    /// could be built again): no command can run in it any more, and its screen is gone.
    var isClosed: Bool { get }
    /// Every scene's record, bottom to top over all layers.
    func records() -> [SceneRecord]
    /// The app's deep links, to match a link's text before the session opens it.
    var links: LinkTable { get }
    /// Drops the session's scenes (it ended, expired or was evicted).
    func close()
}

extension AppSession {
    /// A session in this process is never closed under its user: a crash there ends the host.
    package var isClosed: Bool { false }

    /// The screen on top and the scene names of each layer.
    package func view() throws -> (screen: Screen, layers: [[String]]) {
        (try screen(), layers())
    }

    /// The screen on top as the terminal and scripts print it.
    package func renderedScreen() throws -> String {
        ScreenTextRenderer.render(try screen(), path: breadcrumb())
    }

    /// Matches `text` (`orders/2` or `/orders/2`) against the app's links and opens it. A malformed or
    /// unknown link throws `LinkError` (a 404 on the web); either way the session is as it was.
    package func open(link text: String) async throws {
        try await open(try links.resolve(text))
    }
}
