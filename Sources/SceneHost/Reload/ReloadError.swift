import SceneHostCore

/// Errors of `--watch` (live reload) that stop a command at start.
package enum ReloadError: HostConcernError {
    /// The kernel refused to watch `path` (inotify's limit of watches, a folder that cannot be read).
    case cannotWatch(path: String, reason: String)

    package var message: String {
        switch self {
        case .cannotWatch(let path, let reason):
            return TerminalText.escaped("error: --watch cannot watch '\(path)' for new builds: \(reason). Check that the folder exists and can be read; on 'No space left on device' raise fs.inotify.max_user_watches (sysctl), or run without --watch.")
        }
    }

    package var exitStatus: ExitStatus {
        switch self {
        case .cannotWatch: return .configError
        }
    }
}
