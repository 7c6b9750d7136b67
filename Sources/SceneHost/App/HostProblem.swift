import SceneHostCore
import SceneHostGraph
import SceneHostLoading
import SceneHostNavigation
import SceneHostContainer
/// One problem `check` reports: a host error of any concern, kept as data so reports compare.
///
/// Each folder throws its own error type, with its own text and exit code; this thin wrapper only
/// exists for lists of problems from several folders.
package struct HostProblem: HostConcernError {
    /// The error inside, as thrown by its folder.
    package let error: any HostConcernError

    /// `error` as a problem; an error that is none of the host's becomes a failed scene.
    package init(_ error: any Error) {
        self.error =
            (error as? HostProblem)?.error ?? (error as? any HostConcernError)
            ?? NavigationError.sceneFailed(scene: "?", reason: .other(String(describing: error)))
    }

    /// A plugin's error with the unknown-scene errors that only exist because it failed.
    static func pluginFailedWithFollowOns(_ failure: PluginLoadError, unknown: [SceneGraphError]) -> HostProblem {
        HostProblem(PluginFailureWithFollowOns(failure: failure, unknown: unknown))
    }

    package var message: String { error.message }

    package var exitStatus: ExitStatus { error.exitStatus }

    package static func == (lhs: HostProblem, rhs: HostProblem) -> Bool {
        lhs.error.isSame(as: rhs.error)
    }
}

/// A plugin's error with the unknown-scene errors that only exist because it failed: `check`
/// reports them under it; its exit code is the plugin error's.
struct PluginFailureWithFollowOns: HostConcernError {
    package let failure: PluginLoadError
    package let unknown: [SceneGraphError]

    /// Two lines on purpose: the follow-ons read as part of the plugin's error, not as errors of their own.
    package var message: String {
        let mentions = unknown.compactMap(\.followOnMention).joined(separator: ", ")
        return failure.message + "\n" + TerminalText.escaped("  (so these are unknown too: \(mentions))")
    }

    package var exitStatus: ExitStatus { failure.exitStatus }
}
