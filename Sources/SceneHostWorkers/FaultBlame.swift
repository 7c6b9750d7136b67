import SceneHostProcesses
import SceneHostNavigation

/// Whose code a scene worker's fault is counted against (docs/decisions.md, "Faults blamed where
/// they belong").
///
/// A crash (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP) is blamed on what the worker's crash
/// handler found on the stack of the thread that crashed (`CrashReport`): the plugin whose code was
/// innermost there, or no plugin. Every other fault — an exit, a hang, garbage on the channel, a
/// SIGKILL from outside, or a crash without a report (its handler could not run: plugin code
/// replaced it, or a thread plugin code started overflowed its stack) — is blamed on the plugin of
/// the scene whose request was in flight, as before there were reports.
enum FaultBlame: Equatable {
    /// The plugin of the scene whose request was in flight.
    case scene(String)
    /// What the worker's crash handler reported.
    case report(CrashReport)
    /// No one's: no request was in flight and no report names a plugin.
    case noPlugin

    /// The plugin counted, nil for none.
    package var plugin: String? {
        switch self {
        case .scene(let plugin): return plugin
        case .report(let report): return report.plugin
        case .noPlugin: return nil
        }
    }

    /// How a notice to other sessions names the code that crashed when no plugin is blamed.
    package var nobody: String { "code outside every plugin" }

    /// The error of a request on `scene` of `scenePlugin` that this fault ended: the scene's plugin
    /// named as before when the report blames it (or there is none), else the plugin that is blamed.
    package func stopped(
        scenePlugin: String, scene: String, action: String, fault: WorkerFault, restore: RestoreNote
    ) -> WorkerError {
        guard case .report(let report) = self, report.plugin != scenePlugin else {
            return .workerStopped(plugin: scenePlugin, scene: scene, action: action, fault: fault, restore: restore)
        }
        return .crashedOutsideScene(
            plugin: report.plugin, scenePlugin: scenePlugin, scene: scene, action: action, fault: fault,
            restore: restore)
    }
}
