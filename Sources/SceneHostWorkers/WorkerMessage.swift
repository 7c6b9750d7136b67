import SceneSDK
import SceneHostCore
import SceneHostFrontend
import SceneHostNavigation

/// What the host asks a scene worker (`WorkerRequest`) and what the worker answers (`WorkerReply`):
/// plain data, the only things that cross the process boundary. Encoded by `WorkerFrame`.
package enum WorkerRequest: Equatable, Sendable {
    /// Start a session at the config's initial scene.
    case open(session: UInt64)
    /// Build a session's stacks again from the host's records (after its worker died).
    case restore(session: UInt64, records: [SceneRecord])
    /// Run these commands on a session in turn, stopping at the first that fails.
    case commands(session: UInt64, [FrontendCommand])
    /// Call a native function with text arguments.
    case call(function: String, arguments: [String])
    /// Drop a session and every scene on its stacks.
    case close(session: UInt64)
    /// The host is done: drop every session (their scenes' deinits run), answer, and end.
    case finish
    /// Open a deep link the host matched: a new stack from the initial scene to the linked scene
    /// (`Navigator.open`); on failure the session stays as it was.
    case openLink(session: UInt64, LinkOpening)
    /// The worker's first frame: the config the host checked (the worker reads no config file).
    case start(WorkerStartMessage)
    /// Answer when the background work of the session's scenes ended, or after `milliseconds`
    /// (`run` asks after every command, so a script's output does not depend on timing).
    case settle(session: UInt64, milliseconds: Int)
}

/// An error raised in the worker, already rendered there with its exit code.
package struct RemoteFailure: Error, Equatable, Sendable {
    package let text: String
    package let status: Int32
    /// The user's sentence of a deep link its function refused (`NavigationError.linkRefused`):
    /// `serve` answers 404 with it, as for a link refused in its own process.
    package let linkRefusal: String?
    /// What the user of a page built again is told of what it lacks (`NavigationError.rebuiltSentence`).
    package let rebuilt: String?

    package init(text: String, status: Int32, linkRefusal: String? = nil, rebuilt: String? = nil) {
        self.text = text
        self.status = status
        self.linkRefusal = linkRefusal
        self.rebuilt = rebuilt
    }

    /// `error`'s message and exit code, as the host shows them.
    package init(_ error: any Error) {
        var refusal: String?
        if case .linkRefused(_, _, let message)? = error as? NavigationError { refusal = message }
        self.init(
            text: ErrorMessage.render(error), status: ExitStatus(for: error).rawValue, linkRefusal: refusal,
            rebuilt: (error as? NavigationError)?.rebuiltSentence)
    }
}

/// A session as the worker last reported it: what changed in its records, and the screen on top.
package struct SessionReport: Equatable, Sendable {
    /// The first `keep` records the host has stand; `changed` replace the rest.
    package var keep: Int
    package var changed: [SceneRecord]
    /// The screen on top, or why it could not be rendered.
    package var screen: Result<Screen, RemoteFailure>
    /// Background work of the session's scenes is still running, or a notice waits (a failure of
    /// that work, secrets a restore left empty): `run` asks the worker to `settle` before it prints
    /// the screen, and `serve` before a page (each saves itself that round trip when it is false).
    package var busy = false
    /// Work started with `perform` runs (a load, a save): it is expected to end soon, unlike an
    /// `observe` task. A `serve` action waits a moment for it before it answers.
    package var settling = false
    /// The title of each changed record's scene (`Navigator.titles`), in order: what a breadcrumb
    /// calls a screen below the top, which the host has never been sent (a deep link's way).
    package var titles: [String] = []

    package init(
        keep: Int, changed: [SceneRecord], screen: Result<Screen, RemoteFailure>, busy: Bool = false,
        settling: Bool = false, titles: [String] = []
    ) {
        self.keep = keep
        self.changed = changed
        self.screen = screen
        self.busy = busy
        self.settling = settling
        self.titles = titles
    }
}

package enum WorkerReply: Equatable, Sendable {
    /// The worker loaded the app and waits for requests.
    case ready
    /// The worker could not load the app.
    case loadFailed(RemoteFailure)
    /// A restore is about to build the scene at `place` (bottom 0).
    case progress(place: Int)
    /// A request on a session ended: its failure if any (the state is then as before it), and the
    /// session as it is now. `restored` answers a restore: how many scenes stand again.
    case session(failure: RemoteFailure?, report: SessionReport, restored: Int?)
    /// A native call ended: the lines its callbacks printed, then its result or its failure.
    case called(lines: [String], result: Result<String, RemoteFailure>)
    /// A session was closed.
    case closed
    /// The answer to `settle`: the session now, the errors its background work threw and did not
    /// catch, and whether the work ended (false: the time ran out first).
    case settled(report: SessionReport, failures: [RemoteFailure], ended: Bool)
    /// Unasked, between answers: a session's screen (or its busy state, or its records) changed
    /// without a request: its background work ended, or a timer's did something. Sent at most once
    /// per check of the worker's `ScreenWatch` for a session, and only when something differs from
    /// the last report the host was sent, so the reports of a session stay in order.
    case changed(session: UInt64, report: SessionReport)
}
