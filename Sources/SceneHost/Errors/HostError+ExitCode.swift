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
    /// The command line itself is wrong (ArgumentParser's own usage errors exit 64 too).
    case usage = 64
}

extension HostError {
    /// The exit code a command ends with when this error stops it.
    public var exitStatus: ExitStatus {
        switch self {
        case .configNotFound, .configUnreadable, .configSyntax, .configUnknownKey, .configMissingKey,
             .configWrongType, .configInvalidValue, .configDuplicateSegue, .configDuplicatePlugin,
             .configTooLarge, .configInvalidEncoding, .configTooDeep,
             .configNotReadable, .configNulInString, .configInvalidName:
            return .configError
        case .pluginFileMissing, .pluginNotSharedLibrary, .pluginOpenFailed, .pluginNoEntry,
             .pluginEntryReturnedNull, .pluginBadDescriptor, .pluginIncompatible, .pluginOtherSDKBuild, .pluginChecksumMismatch,
             .pluginRegistrationFailed, .pluginDependencyMissing, .pluginDependencyUntrusted, .pluginDependencyUnchecked, .pluginUntrusted,
             .pluginOwnSDKCopy, .pluginProbeFailed, .pluginChangedSinceProbe,
             .pluginProbeUnavailable:
            return .pluginError
        case .duplicateScene, .unknownInitialScene, .unknownSegueScene, .wiringFailed, .initialNeedsInput, .unknownRouteScene,
             .routeUnexpectedInput, .routeMissingInput, .routeInputMismatch, .routeResultNotAccepted, .routeResultMismatch:
            return .sceneGraphError
        case .unknownScene, .routeFailed, .returnFailed, .routeNotDeclared, .notInModal, .noSceneBelow, .notOnTop, .cannotGoBack, .noSuchElement, .rowOutOfRange,
             .sceneFailed, .noScene:
            return .commandsFailed
        case .scriptNotFound, .scriptSyntax,
             .scriptNotReadable, .scriptInvalidEncoding, .scriptLineTooLong, .scriptTooLarge:
            return .scriptError
        case .transcriptNotFound, .transcriptNotReadable, .transcriptNotWritable:
            return .scriptError
        case .transcriptMismatch:
            return .commandsFailed
        case .unknownSubcommand:
            return .usage
        case .pluginFailedWithFollowOns(let error, _):
            return error.exitStatus
        }
    }
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
