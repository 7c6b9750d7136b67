import SceneHostCore
import SceneHostNavigation
/// Faults of scene workers, as the user sees them (docs/security.md, "Scene workers").
///
/// Its text and exit code are in `WorkerError+Message.swift`.
package enum WorkerError: HostConcernError, Equatable, Sendable {
    /// A worker could not be started, or could not load the app.
    case workerUnavailable(reason: String)
    /// The worker running `plugin`'s code ended while it handled `action` on `scene`; the
    /// session was rebuilt as `restore` says.
    case workerStopped(plugin: String, scene: String, action: String, fault: WorkerFault, restore: RestoreNote)
    /// The worker crashed in `plugin`'s code (nil: outside every plugin's code, as its crash handler
    /// found), while it handled `action` on `scene` of another plugin, `scenePlugin`: `plugin` is
    /// counted, not `scenePlugin`; the session was rebuilt as `restore` says.
    case crashedOutsideScene(
        plugin: String?, scenePlugin: String, scene: String, action: String, fault: WorkerFault, restore: RestoreNote)
    /// The worker this session shared with others ended while it handled another session's
    /// request (`plugin`'s code); this session was rebuilt as `restore` says.
    case sharedWorkerStopped(plugin: String, fault: WorkerFault, restore: RestoreNote)
    /// A native function ended its worker (the host reports it; nothing else changed).
    case nativeCallFaulted(function: String, fault: WorkerFault)
    /// `plugin`'s code ended scene workers for `sources` different clients within a minute: its
    /// scenes are refused for everyone for a cooling period, tried again in at most `retryIn` seconds.
    case pluginRefused(plugin: String, sources: Int, retryIn: Int)
    /// This session's own actions ended its worker `faults` times (`[host] faults-per-session`), the
    /// last `action` on `scene` of `plugin` with `fault`: the session was ended; no one else pays.
    case sessionEndedForFaults(plugin: String, scene: String, action: String, fault: WorkerFault, faults: Int)
    /// The worker this session lives on was started again because `plugins` were refused for
    /// everyone or tried again; the session was rebuilt as `restore` says.
    case pluginsClosed(plugins: [String], restore: RestoreNote)
    /// `--watch`: a new build of `plugins` was checked and the session was built again on it, as
    /// `restore` says (development only).
    case reloaded(plugins: [String], restore: RestoreNote)
    /// `--watch`: a new build of `plugins` was refused by the checks (`reason`, in their words);
    /// the old build keeps running and nothing changed.
    case reloadRefused(plugins: [String], reason: String)
    /// The session's worker ended and the session could not be built again (see `restore`).
    case sessionLost(reason: String)
    /// `serve`: the session's worker was busy with other requests for the whole limit; nothing ran.
    case workerBusy(milliseconds: Int64)
    /// `check`: the child that loads plugins to check them ended by a signal (plugin code crashed outside its probe).
    case checkStopped(fault: WorkerFault)
    /// An error raised in the worker, rendered there.
    case remote(RemoteFailure)
}
