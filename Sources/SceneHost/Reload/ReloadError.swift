import SceneHostCore

/// Errors of `--watch` (live reload) that stop a command at start.
package enum ReloadError: HostConcernError {
    /// The kernel refused to watch `path` (inotify's limit of watches, a folder that cannot be read).
    case cannotWatch(path: String, reason: String)
    /// The file of `plugin` at `path` is no longer the one its checks read (a newer build was
    /// written while they ran): the reload is dropped, and the newer build is checked next.
    case changedAfterChecks(plugin: String, path: String)
    /// The checked files could not be held open for the workers (`reason`).
    case cannotHoldFiles(reason: String)
    /// The new build's scene workers could not start or load it (`reason`).
    case workersNotStarted(reason: String)

    package var message: String {
        switch self {
        case .cannotWatch(let path, let reason):
            return TerminalText.escaped(
                "error: --watch cannot watch '\(path)' for new builds: \(reason). Check that the folder exists and can be read; on 'No space left on device' raise fs.inotify.max_user_watches (sysctl), or run without --watch."
            )
        case .changedAfterChecks(let plugin, let path):
            return TerminalText.escaped(
                "error: the file of plugin '\(plugin)' (\(path)) changed after its checks (a newer build was written while they ran), so the build they checked was not loaded; the newer build is checked next."
            )
        case .cannotHoldFiles(let reason):
            return TerminalText.escaped(
                "error: the checked plugin files cannot be held open for the scene workers: \(reason). Raise the limit of open files (ulimit -n), or restart the host."
            )
        case .workersNotStarted(let reason):
            return TerminalText.escaped("error: the new build's scene workers could not start: \(reason)")
        }
    }

    package var exitStatus: ExitStatus {
        switch self {
        case .cannotWatch: return .configError
        // Never a command's end: a reload's refusal is said, and the old build runs on.
        case .changedAfterChecks, .cannotHoldFiles, .workersNotStarted: return .pluginError
        }
    }
}
