import SceneHostCore

/// Why `scene-host serve` could not start the server executable.
enum ServeLaunchError: HostConcernError {
    /// `path` (beside `scene-host`) could not be executed: `reason` is the system's.
    case cannotStart(path: String, reason: String)

    var message: String {
        switch self {
        case .cannotStart(let path, let reason):
            TerminalText.escaped(
                "error: scene-host serve: cannot start '\(path)': \(reason). It is installed beside scene-host (swift build builds both); install it there, or build again."
            )
        }
    }

    var exitStatus: ExitStatus {
        switch self {
        case .cannotStart: .serveError
        }
    }
}
