import SceneHostCore
import SceneHostNative
import SceneHostContainer
import SceneHostConfig
/// What a probe found out about a plugin file. Only facts about the file are verdicts: a probe
/// that could not run (no temporary file, no child process) is `PluginLoadError.pluginProbeUnavailable`
/// and is never recorded.
package enum ProbeVerdict: Equatable, Sendable {
    /// It loaded, registered, and every scene was built and exercised in a child process; this is what it declared.
    case good(PluginMetadata)
    /// It failed in its probe.
    case failed(ProbeFailure)
}

/// How a plugin failed its probe, as data: the message is written when it is shown
/// (`ProbeFailure.text(plugin:)`), from these values.
package enum ProbeFailure: Equatable, Sendable {
    /// The host's checks in the child refused it, or its registration threw; `message` is the
    /// error without its location (it starts with "plugin '...'").
    case refused(message: String)
    /// The host or the machine failed in the probe (no private folder to open the plugin through):
    /// reported like a refusal, but never recorded, so a later run in a sound environment probes again.
    case hostFailed(message: String)
    /// It died by `signal` during `step` (nil: while loading or registering); `said` is what it
    /// printed as it died (the runtime's "Fatal error: ..." line, else its last line).
    case crashed(signal: Int32, step: ProbeStep?, said: String?)
    /// It ended the child with `status` (`exit()` in plugin code) before reporting.
    case exited(status: Int32, step: ProbeStep?)
    /// It did not finish within `limitMilliseconds`. A later run with a longer limit probes again.
    case timedOut(limitMilliseconds: Int64, step: ProbeStep?)
    /// It passed (its verdict was written in full), but the probe's normal exit after it failed:
    /// the plugin's destructors, its exit handlers or the dynamic loader's clean-up of it died by
    /// `signal`, or ended the process with `status` (nil: by a signal) instead of 0. `said` as for
    /// `crashed` (ld.so's "Inconsistency detected" line, say). A scene worker or the check child
    /// would fail the same way when it ends.
    case failedAtExit(signal: Int32?, status: Int32?, said: String?)
    /// It passed, but the probe's exit after its verdict did not end within `limitMilliseconds`
    /// (the probe's limit): its destructors or exit handlers hang. A later run with a longer limit
    /// probes again.
    case hungAtExit(limitMilliseconds: Int64)
}

/// Where the probe child was when it stopped: a scene and what was being done to it.
package struct ProbeStep: Equatable, Sendable {
    /// What the probe does to each scene, in this order.
    package enum Action: String, Sendable {
        /// Its factories run and its parts are wired.
        case build
        case viewDidLoad
        case viewWillAppear
        case render
        /// An event its screen offers (`event` says which).
        case handle
        /// Leaving it: its declared result is asked for.
        case back
        /// Rendering again after the events.
        case renderAgain
    }

    package let scene: String
    package let action: Action
    /// For `.handle`: the event, e.g. "tap 'save'".
    package let event: String?
    /// Which of the scene's sample inputs it was shown with, from 1
    /// (`SceneDefinition.accepting(_:samples:into:)`); nil when it has none.
    package let sample: Int?

    package init(scene: String, action: Action, event: String? = nil, sample: Int? = nil) {
        self.scene = scene
        self.action = action
        self.event = event
        self.sample = sample
    }
}

/// One record of the probe child's result file (a frame, `ProbeCacheFormat+Record`): a step it starts, or its verdict at the end.
/// Steps are written before they run, so the parent knows where a crash or a hang happened.
/// A scanner (many plugins in one child) writes `begin` with the plugin's index before each plugin.
package enum ProbeRecord: Equatable, Sendable {
    case step(ProbeStep)
    case verdict(ProbeVerdict)
    case begin(Int)
}
