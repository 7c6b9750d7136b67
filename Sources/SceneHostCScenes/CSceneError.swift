import SceneHostCore

/// What went wrong while a C scene ran: a call to the host its role made that the host refused, a
/// role that failed itself (`fail`), a state the scene could not make. The role's scene is where it
/// was; like any scene's error, the user sees the message and no navigation happened.
package enum CSceneError: HostConcernError {
    /// A call of the host's functions that the host refused, during the role `role` (its function's name).
    case hostCallRefused(plugin: String, scene: String, role: String, call: String, reason: String)
    /// The role called `fail` with `message`.
    case roleFailed(plugin: String, scene: String, role: String, message: String)
    /// `<Scene>Interactor_create` returned NULL.
    case createReturnedNull(plugin: String, scene: String, role: String)
    /// A role returned a value the interface does not allow.
    case roleReturned(plugin: String, scene: String, role: String, value: String, allowed: String)
    /// An event of a kind the scene has no role for.
    case noHandler(plugin: String, scene: String, role: String, event: String)

    package var message: String {
        TerminalText.escaped("error: " + text)
    }

    package var exitStatus: ExitStatus { .commandsFailed }

    /// The message without "error: ".
    package var text: String {
        switch self {
        case .hostCallRefused(let plugin, let scene, let role, let call, let reason):
            return
                "scene '\(scene)' (C plugin \(plugin)): \(role) called \(call), which the host refused: \(reason.endingSentence)"
        case .roleFailed(let plugin, let scene, let role, let message):
            return "scene '\(scene)' (C plugin \(plugin)): \(role) failed: \(message)"
        case .createReturnedNull(let plugin, let scene, let role):
            return
                "scene '\(scene)' (C plugin \(plugin)): \(role) returned NULL, so the scene has no state and was not built. Return the scene's state (or call fail with the reason)."
        case .roleReturned(let plugin, let scene, let role, let value, let allowed):
            return "scene '\(scene)' (C plugin \(plugin)): \(role) returned \(value); it must return \(allowed)."
        case .noHandler(let plugin, let scene, let role, let event):
            return
                "scene '\(scene)' (C plugin \(plugin)) has no role for \(event): export \(role) and declare it with declare_role."
        }
    }
}
