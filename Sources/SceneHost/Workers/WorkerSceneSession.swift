import SceneSDK

/// The terminal's and a script's session when plugin code runs in a scene worker: commands go to
/// the worker, the screen comes from what the host holds (`WorkerSession`).
@MainActor
public final class WorkerSceneSession: SceneSession {
    let supervisor: SceneWorkerSupervisor
    let session: WorkerSession

    /// Opens a session on `supervisor`'s worker, showing the initial scene.
    public init(supervisor: SceneWorkerSupervisor) throws {
        self.supervisor = supervisor
        session = try supervisor.openSession()
    }

    public func execute(_ command: FrontendCommand) throws {
        switch command {
        case .print, .call: return
        case .fill, .tap, .select, .back, .backTo, .dismiss: try supervisor.execute([command], in: session)
        }
    }

    public func open(_ link: LinkOpening) throws {
        try supervisor.open(link, in: session)
    }

    public func renderedScreen() throws -> String {
        let state = session.current
        if state.lost { throw WorkerError.sessionLost(reason: "its worker ended and it could not be built again") }
        switch state.screen {
        case .success(let screen): return ScreenTextRenderer.render(screen, path: state.breadcrumb)
        case .failure(let failure): throw WorkerError.remote(failure)
        }
    }

    public func callNative(_ function: String, arguments: [String], write: @escaping (String) -> Void) throws -> String {
        let (lines, result) = try supervisor.call(function, arguments: arguments)
        lines.forEach(write)
        return result
    }
}
