/// The documented exit codes of `scene-host` (README, "Exit codes").
public enum ExitStatus: Int32, Sendable {
    case success = 0
    /// A script ran to its end but one or more of its commands failed (each shown where it happened).
    case commandsFailed = 1
    case configError = 2
    case pluginError = 3
    case sceneGraphError = 4
    case scriptError = 5
    /// `scene-host new scene` could not write the package's files (what it began is removed).
    case scaffoldError = 6
    /// `scene-host serve` could not listen (address in use, not allowed); requests never exit.
    case serveError = 7
    /// `scene-host call`: the native function crashed or hung in its scene worker.
    case pluginFault = 8
    /// A deep link (`run --open`) that is malformed, matches no declared link, has a parameter of the
    /// wrong type, or whose scene could not be opened; nothing was shown.
    case linkError = 9
    /// The command line itself is wrong (ArgumentParser's own usage errors exit 64 too).
    case usage = 64
}

extension ExitStatus {
    /// The exit code a command ends with when `error` stops it; an error that is none of the
    /// host's (a scene's own) counts as a failed command.
    public init(for error: any Error) {
        switch error {
        case let problem as HostProblem: self = problem.exitStatus
        case let error as ConfigError: self = error.exitStatus
        case let error as PluginLoadError: self = error.exitStatus
        case let error as ContainerError: self = error.exitStatus
        case let error as SceneGraphError: self = error.exitStatus
        case let error as NavigationError: self = error.exitStatus
        case let error as ScriptError: self = error.exitStatus
        case let error as CommandLineError: self = error.exitStatus
        case let error as ScaffoldError: self = error.exitStatus
        case let error as NativeError: self = error.exitStatus
        case let error as WebError: self = error.exitStatus
        case let error as WorkerError: self = error.exitStatus
        case let error as LinkError: self = error.exitStatus
        default: self = .commandsFailed
        }
    }
}

extension HostProblem {
    /// The exit code of the error inside; a plugin's error with follow-ons keeps the plugin's.
    public var exitStatus: ExitStatus {
        switch self {
        case .config(let error): return error.exitStatus
        case .plugin(let error), .pluginFailedWithFollowOns(let error, _): return error.exitStatus
        case .container(let error): return error.exitStatus
        case .graph(let error): return error.exitStatus
        case .navigation(let error): return error.exitStatus
        case .script(let error): return error.exitStatus
        case .commandLine(let error): return error.exitStatus
        case .native(let error): return error.exitStatus
        case .web(let error): return error.exitStatus
        }
    }
}

extension ConfigError {
    /// Every config problem: the user fixes `scenes.conf`.
    public var exitStatus: ExitStatus { .configError }
}

extension PluginLoadError {
    /// Every plugin that was not loaded; settings that do not fit its declarations are the config's.
    public var exitStatus: ExitStatus {
        switch self {
        case .pluginSettingsRefused, .pluginSettingFileUntrusted, .pluginSettingFileUnusable: return .configError
        case .pluginFileMissing, .pluginNotSharedLibrary, .pluginOpenFailed, .pluginNoEntry, .pluginNativeTableEmpty, .pluginEntryReturnedNull,
             .pluginBadDescriptor, .pluginIncompatible, .pluginOtherSDKBuild, .pluginChecksumMismatch, .pluginRegistrationFailed,
             .pluginSettingRejected, .pluginSettingsMalformed, .pluginDependencyMissing, .pluginDependencyUntrusted, .pluginDependencyUnchecked,
             .pluginUntrusted, .pluginOwnSDKCopy, .pluginProbeFailed, .pluginProbeUnavailable, .pluginOpenUnavailable, .pluginProbeGarbled,
             .pluginChangedSinceProbe, .pluginNativeTableInvalid, .pluginNativeFunctionUnusable, .pluginNativeSignatureInvalid,
             .pluginNativeFunctionNotExported, .pluginNativeFunctionDuplicate:
            return .pluginError
        }
    }
}

extension ContainerError {
    /// A clash or a scene that cannot be built is the graph's; a scene asked for by name at run time is a failed command.
    public var exitStatus: ExitStatus {
        switch self {
        case .duplicateScene, .wiringFailed: return .sceneGraphError
        // The user fixes the setting in scenes.conf (or the file it names).
        case .settingRejected: return .configError
        case .unknownScene, .noScene: return .commandsFailed
        }
    }
}

extension SceneGraphError {
    /// Every problem `check` finds in the graph.
    public var exitStatus: ExitStatus { .sceneGraphError }
}

extension NavigationError {
    /// A failed navigation or event is a failed command; the app goes on. A link that could not be opened is a link error.
    public var exitStatus: ExitStatus {
        if case .linkFailed = self { return .linkError }
        return .commandsFailed
    }
}

extension LinkError {
    /// Every link that could not be matched.
    public var exitStatus: ExitStatus { .linkError }
}

extension ScriptError {
    /// A script or transcript that cannot be read; a run that differs from its transcript is a failed command.
    public var exitStatus: ExitStatus {
        switch self {
        case .transcriptMismatch: return .commandsFailed
        default: return .scriptError
        }
    }
}

extension CommandLineError {
    /// A wrong command line.
    public var exitStatus: ExitStatus { .usage }
}

extension ScaffoldError {
    /// The exit code of `scene-host new scene` when it refuses: a name, folder or option the user
    /// must change is a usage error; only a failed write (disk full, ...) has its own code.
    public var exitStatus: ExitStatus {
        switch self {
        case .invalidName, .nameClash, .targetExists, .outputMissing, .outputNotFolder, .outputNotWritable, .sdkNotFound, .sdkInvalid:
            return .usage
        case .writeFailed:
            return .scaffoldError
        }
    }
}

extension NativeError {
    /// A native call the user asked for with wrong arguments, an unknown function or a mismatched type: usage.
    public var exitStatus: ExitStatus { .usage }
}

extension WorkerError {
    /// A fault in a session is a failed command (the run goes on); a native call's fault has its own
    /// code; a worker that cannot run the app is the plugins' problem; a worker's own error keeps its code.
    public var exitStatus: ExitStatus {
        switch self {
        case .workerUnavailable, .pluginRefused, .checkStopped: return .pluginError
        case .workerStopped, .sharedWorkerStopped, .sessionLost, .workerBusy: return .commandsFailed
        case .nativeCallFaulted: return .pluginFault
        case .remote(let failure): return ExitStatus(rawValue: failure.status) ?? .commandsFailed
        }
    }
}

extension WebError {
    /// Only `cannotListen` ends the process; refused requests are answered, never exit codes.
    public var exitStatus: ExitStatus { .serveError }
}
