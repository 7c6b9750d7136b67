import SceneHostCore
import SceneHostNavigation
extension WorkerError {
    /// Texts from the worker (`remote`, restore reasons) were escaped there; the host's own parts are escaped here.
    package var message: String {
        switch self {
        case .workerUnavailable(let reason):
            return TerminalText.escaped(
                "error: cannot start a scene worker: \(reason). Run with --verbose for details; --in-process runs plugin code in the host (for debugging only)."
            )
        case .workerStopped(let plugin, let scene, let action, let fault, let restore):
            return TerminalText.escaped(
                "error: \(QuotedName.shortened(plugin)) stopped (\(fault.summary) in scene \(name: scene) during \(name: action)); "
            ) + restore.clause
        case .crashedOutsideScene(let plugin?, let scenePlugin, let scene, let action, let fault, let restore):
            return TerminalText.escaped(
                "error: \(plugin) stopped (\(fault.summary) in its own code, while on scene '\(scene)' of \(scenePlugin) during '\(action)'); "
            ) + restore.clause
        case .crashedOutsideScene(nil, let scenePlugin, let scene, let action, let fault, let restore):
            return TerminalText.escaped(
                "error: the scene worker stopped (\(fault.summary) outside every plugin's code, while on scene '\(scene)' of \(scenePlugin) during '\(action)'; counted against no plugin); "
            ) + restore.clause
        case .sharedWorkerStopped(let plugin, let fault, let restore):
            return TerminalText.escaped(
                "notice: the scene worker this session shares stopped in another session (\(QuotedName.shortened(plugin)): \(fault.summary)); "
            ) + restore.clause
        case .nativeCallFaulted(let function, let fault):
            let verb = if case .signal = fault { "crashed" } else { "stopped" }
            return TerminalText.escaped(
                "error: \(function) \(verb) (\(fault.summary)); nothing else changed. Native functions run in a scene worker, which was started again."
            )
        case .pluginRefused(_, let sources, let retryIn):
            return TerminalText.escaped(
                "error: This part of the app is closed for now because it stopped working for \(sources) different users within a minute; it is tried again within \(retryIn) s. Try again then. "
            )
                + operatorDetail
        case .sessionEndedForFaults(_, let scene, let action, _, let faults):
            return TerminalText.escaped(
                "error: Your session was ended because your actions stopped the app \(faults) times, the last with \(name: action) on \(name: scene). You are back at the start. "
            )
                + operatorDetail
        case .pluginsClosed(_, let restore):
            return
                "notice: the app's scene worker was started again to close or reopen a part of it that stopped for several users; "
                + restore.clause + " " + operatorDetail
        case .reloaded(let plugins, let restore):
            return TerminalText.escaped("notice: reloaded the new build of \(Self.list(plugins)); ") + restore.clause
        case .reloadRefused(let plugins, let reason):
            return TerminalText.escaped(
                "error: the new build of \(Self.list(plugins)) was refused, so the old build keeps running and nothing changed. Fix it and build again:"
            ) + "\n" + reason
        case .sessionLost(let reason):
            return TerminalText.escaped(
                "error: this session was closed: \(reason); no command can run in it any more. Start a new session: run 'scene-host run' again, or open the app's start page in the browser."
            )
        case .checkStopped(.timedOut(let milliseconds)):
            return
                "error: check stopped: building the plugins' scenes with the app's settings and services to check them did not finish (\(WorkerFault.timedOut(milliseconds: milliseconds).summary)): a plugin's code hangs outside its probe. Nothing was started. Run 'scene-host check --in-process --verbose' to see which, and fix or remove that plugin."
        case .checkStopped(let fault):
            return
                "error: check stopped: the process that loads plugins to check them ended (\(fault.summary)): a plugin's code crashed outside its probe. Run 'scene-host check --in-process --verbose' (under a debugger) to see which."
        case .workerBusy(let milliseconds):
            return
                "error: the app is busy: its scene worker did not take this action within \(WorkerFault.timedOut(milliseconds: milliseconds).summary.dropFirst("no answer within ".count)); nothing changed. Try again."
        case .remote(let failure):
            return failure.text
        }
    }

    /// A fault in a session is a failed command (the run goes on); a native call's fault has its own
    /// code; a worker that cannot run the app is the plugins' problem; a worker's own error keeps its code.
    package var exitStatus: ExitStatus {
        switch self {
        case .workerUnavailable, .pluginRefused, .checkStopped: return .pluginError
        case .workerStopped, .crashedOutsideScene, .sharedWorkerStopped, .sessionLost, .workerBusy,
            .sessionEndedForFaults, .pluginsClosed,
            .reloaded:
            return .commandsFailed
        case .reloadRefused: return .pluginError
        case .nativeCallFaulted: return .pluginFault
        case .remote(let failure): return ExitStatus(rawValue: failure.status) ?? .commandsFailed
        }
    }
}

extension WorkerError {
    /// The operator's part of a fault message (plugin, scene, signal, count), in parentheses at its
    /// end; empty for the cases that have none. Kept apart so it can move to the log.
    var operatorDetail: String {
        switch self {
        case .pluginRefused(let plugin, let sources, let retryIn):
            return TerminalText.escaped(
                "(plugin \(name: plugin) is refused for everyone for \(retryIn) s more: its code ended scene workers for \(sources) clients within a minute)"
            )
        case .sessionEndedForFaults(let plugin, let scene, let action, let fault, let faults):
            return TerminalText.escaped(
                "(plugin \(name: plugin): \(fault.summary) in scene \(name: scene) during \(name: action); fault \(faults) of this session, the limit of [host] faults-per-session)"
            )
        case .pluginsClosed(let plugins, _):
            return TerminalText.escaped("(plugins refused or tried again: \(plugins.joined(separator: ", ")))")
        case .workerUnavailable, .workerStopped, .crashedOutsideScene, .sharedWorkerStopped, .nativeCallFaulted,
            .sessionLost, .workerBusy, .checkStopped,
            .remote, .reloaded, .reloadRefused:
            return ""
        }
    }

    /// Whether the same request may succeed later without anyone changing anything (a refused
    /// plugin's cooling period ends, a busy worker frees up): `serve` answers these 503.
    package var isRetryable: Bool {
        switch self {
        case .pluginRefused, .workerBusy: return true
        case .workerUnavailable, .workerStopped, .crashedOutsideScene, .sharedWorkerStopped, .nativeCallFaulted,
            .sessionEndedForFaults,
            .pluginsClosed, .sessionLost, .checkStopped, .remote, .reloaded, .reloadRefused:
            return false
        }
    }
}

extension WorkerError {
    /// `'a'`, `'a' and 'b'`, `'a', 'b' and 'c'`: the plugins a reload is about.
    static func list(_ plugins: [String]) -> String {
        let quoted = plugins.map { "'\($0)'" }
        guard let last = quoted.last else { return "the app" }
        return quoted.count == 1 ? last : quoted.dropLast().joined(separator: ", ") + " and " + last
    }
}

extension RestoreNote {
    /// What became of a session after its worker stopped; `reason` texts come rendered (and escaped)
    /// from the worker, or are the host's own fixed words with signal names.
    package var clause: String {
        func plain(_ reason: String) -> String {
            reason.hasPrefix("error: ") ? String(reason.dropFirst("error: ".count)) : reason
        }
        switch self {
        case .restored:
            return "the screen was restored."
        case .cut(let scene, let reason):
            return TerminalText.escaped("the stack was restored below \(name: scene), which could not be built again: ")
                + plain(reason)
        case .startedOver(let reason):
            return "nothing could be built again, so the app started over at its initial scene: " + plain(reason)
        case .lost(let reason):
            return "the session could not be built again (" + plain(reason) + ") and was closed."
        }
    }
}

extension WorkerError {
    /// Why no worker could be started, as `WorkerFault.notStarted` words it: the cause alone, not
    /// the whole message with its advice (what `start` throws is one of the first two).
    var notStartedReason: String {
        switch self {
        case .workerUnavailable(let reason): return TerminalText.escaped(reason)
        case .remote(let failure): return failure.text
        case .workerStopped, .crashedOutsideScene, .sharedWorkerStopped, .nativeCallFaulted, .pluginRefused,
            .sessionEndedForFaults, .pluginsClosed, .sessionLost, .workerBusy, .checkStopped, .reloaded, .reloadRefused:
            return message
        }
    }
}
