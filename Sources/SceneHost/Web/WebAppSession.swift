@_spi(SceneHost) import SceneSDK

/// One browser session's app, wherever its scenes run: a scene worker (`PooledSession`, the
/// default) or a navigator in the host process (`NavigatorWebSession`, `--in-process`).
@MainActor
public protocol WebAppSession: AnyObject {
    /// The screen on top and the scene names of each layer, as last known: never waits for plugin code.
    func view() throws -> (screen: Screen, layers: [[String]])
    /// Runs `commands` in turn; the first failure is thrown, and the session is then as it was before that command.
    func apply(_ commands: [FrontendCommand]) async throws
    /// Opens the deep link `link` (a path such as `orders/2` or `/orders/2`): a new stack from the
    /// initial scene to the linked scene. A malformed or unknown link throws `LinkError` (answer 404);
    /// a link whose scene fails throws that error; either way the session is as it was.
    func open(link: String) async throws
    /// What happened to the session that its user has not been told yet, shown once.
    func takeNotice() -> (any Error)?
    /// Drops the session's scenes (it expired or was evicted).
    func close()
    /// Every scene's record, bottom to top over all layers: what the session store keeps of the stacks.
    func records() -> [SceneRecord]
}

/// A web session whose scenes run on a navigator in the host process (`serve --in-process`).
@MainActor
public final class NavigatorWebSession: WebAppSession {
    public let navigator: Navigator

    public init(navigator: Navigator) {
        self.navigator = navigator
    }

    public func view() throws -> (screen: Screen, layers: [[String]]) {
        (try navigator.screen(), navigator.layers.map { $0.map(\.name) })
    }

    public func apply(_ commands: [FrontendCommand]) async throws {
        for command in commands { try navigator.execute(command) }
    }

    public func open(link: String) async throws {
        try navigator.open(link: link)
    }

    public func takeNotice() -> (any Error)? { nil }

    public func close() {
        navigator.closeAll()
    }

    public func records() -> [SceneRecord] {
        navigator.records()
    }
}

extension PooledSession: WebAppSession {
    public func view() throws -> (screen: Screen, layers: [[String]]) {
        let state = session.current
        if state.lost { throw WorkerError.sessionLost(reason: "its worker ended and it could not be built again") }
        switch state.screen {
        case .success(let screen): return (screen, state.layers)
        case .failure(let failure): throw WorkerError.remote(failure)
        }
    }

    public func apply(_ commands: [FrontendCommand]) async throws {
        try await execute(commands)
    }

    public func open(link: String) async throws {
        try await open(try pool.links.resolve(link))
    }

    public func takeNotice() -> (any Error)? {
        session.takeNotice()
    }

    public func records() -> [SceneRecord] {
        session.read { $0.records }
    }
}
