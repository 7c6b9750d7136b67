import SceneSDK

/// What the terminal and script frontends drive: one app session, wherever its scenes run — a
/// navigator in this process (`--in-process`), or a scene worker (`WorkerSceneSession`).
@MainActor
public protocol SceneSession: AnyObject {
    /// Performs one command on the scene on top (`print` and `call` change nothing here).
    func execute(_ command: FrontendCommand) throws
    /// Opens a deep link the host matched (`LinkTable.resolve`): a new stack from the initial scene to
    /// the linked scene; on failure the session is as it was.
    func open(_ link: LinkOpening) throws
    /// The screen on top as text, with where the user is.
    func renderedScreen() throws -> String
    /// Calls a native function; each callback line goes to `write` before the result is returned.
    func callNative(_ function: String, arguments: [String], write: @escaping (String) -> Void) throws -> String
}

extension Navigator: SceneSession {
    public func callNative(_ function: String, arguments: [String], write: @escaping (String) -> Void) throws -> String {
        try NativeInvocation(container: container, write: write).call(function, arguments: arguments)
    }
}
