/// One problem `check` reports: a host error of any concern, kept as data so reports compare.
///
/// Each folder throws its own error type, with its own text and exit code; this thin wrapper only
/// exists for lists of problems from several folders.
public struct HostProblem: HostConcernError {
    /// The error inside, as thrown by its folder.
    public let error: any HostConcernError

    /// `error` as a problem; an error that is none of the host's becomes a failed scene.
    public init(_ error: any Error) {
        self.error = (error as? HostProblem)?.error ?? (error as? any HostConcernError)
            ?? NavigationError.sceneFailed(scene: "?", reason: .other(String(describing: error)))
    }

    /// A plugin's error with the unknown-scene errors that only exist because it failed.
    public static func pluginFailedWithFollowOns(_ failure: PluginLoadError, unknown: [SceneGraphError]) -> HostProblem {
        HostProblem(PluginFailureWithFollowOns(failure: failure, unknown: unknown))
    }

    public var message: String { error.message }

    public var exitStatus: ExitStatus { error.exitStatus }

    public static func == (lhs: HostProblem, rhs: HostProblem) -> Bool {
        lhs.error.isSame(as: rhs.error)
    }
}

/// A plugin's error with the unknown-scene errors that only exist because it failed: `check`
/// reports them under it; its exit code is the plugin error's.
public struct PluginFailureWithFollowOns: HostConcernError {
    public let failure: PluginLoadError
    public let unknown: [SceneGraphError]

    /// Two lines on purpose: the follow-ons read as part of the plugin's error, not as errors of their own.
    public var message: String {
        let mentions = unknown.compactMap(\.followOnMention).joined(separator: ", ")
        return failure.message + "\n" + TerminalText.escaped("  (so these are unknown too: \(mentions))")
    }

    public var exitStatus: ExitStatus { failure.exitStatus }
}
