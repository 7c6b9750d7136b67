import SceneSDK

/// Everything that can go wrong in the host, as data. Rendered to text only by `ErrorMessage`.
public enum HostError: Error, Equatable, Sendable {
    // MARK: Config
    case configNotFound(path: String)
    case configUnreadable(path: String, reason: String)
    case configSyntax(SourceLocation, message: String)
    case configUnknownKey(SourceLocation, key: String, table: String, allowed: [String])
    case configMissingKey(SourceLocation, key: String, table: String)
    case configWrongType(SourceLocation, key: String, expected: String, found: String)
    case configInvalidValue(SourceLocation, key: String, value: String, expected: String)
    case configDuplicateSegue(SourceLocation, from: String, id: String, first: SourceLocation)
    case configTooLarge(SourceLocation, size: Int, limit: Int)
    case configInvalidEncoding(SourceLocation, byte: UInt8)
    case configTooDeep(SourceLocation, limit: Int)
    case configDuplicatePlugin(SourceLocation, name: String, path: String, firstName: String, first: SourceLocation)
    case configNotReadable(path: String, UnreadableFile)
    case configNulInString(SourceLocation)
    case configInvalidName(SourceLocation, key: String, value: String)

    // MARK: Plugins
    case pluginFileMissing(PluginReference)
    case pluginNotSharedLibrary(PluginReference, reason: String)
    case pluginOpenFailed(PluginReference, loaderMessage: String)
    case pluginNoEntry(PluginReference)
    case pluginEntryReturnedNull(PluginReference)
    case pluginBadDescriptor(PluginReference)
    case pluginIncompatible(PluginReference, what: String, plugin: String, host: String, rule: String)
    /// The plugin was compiled against another SceneSDK build (fingerprint or version) than the host's.
    case pluginOtherSDKBuild(PluginReference, pluginVersion: SemanticVersion, pluginFingerprint: String,
                             hostVersion: SemanticVersion, hostFingerprint: String)
    case pluginChecksumMismatch(PluginReference, expected: String, actual: String)
    case pluginRegistrationFailed(PluginReference, reason: String)
    case pluginDependencyMissing(PluginReference, library: String)
    case pluginDependencyUntrusted(PluginReference, UntrustedDependency)
    case pluginDependencyUnchecked(PluginReference, library: String, reason: String)
    /// The first path others could change, and `also` the others on the way; `fix` fixes them all.
    case pluginUntrusted(PluginReference, path: String, reason: String, fix: String, also: [UntrustedPath] = [])
    case pluginOwnSDKCopy(PluginReference)
    case pluginProbeFailed(PluginReference, ProbeFailure, cached: Bool)
    /// The probe could not run (no unnamed file, no child process): not about the file, never recorded.
    case pluginProbeUnavailable(PluginReference, reason: String)
    case pluginChangedSinceProbe(PluginReference, probed: [String], found: [String])
    /// A plugin's error with the unknown-scene errors that only exist because it failed (`check`
    /// reports them under it); its exit code is the plugin error's.
    indirect case pluginFailedWithFollowOns(HostError, unknown: [HostError])

    // MARK: Scene graph
    case duplicateScene(scene: String, first: PluginReference, second: PluginReference)
    case unknownInitialScene(SourceLocation, scene: String, registered: [String])
    case unknownSegueScene(SourceLocation, scene: String, field: String, segue: String, registered: [String])
    case wiringFailed(scene: String, plugin: PluginReference?, SceneError)
    case initialNeedsInput(SourceLocation, scene: String, input: String)
    case unknownRouteScene(PluginReference, from: String, to: String, registered: [String])
    case routeUnexpectedInput(RouteEdge, payload: String)
    case routeMissingInput(RouteEdge, input: String, reason: String)
    case routeInputMismatch(RouteEdge, input: String, payload: String, mismatches: [FieldMismatch])
    case routeResultNotAccepted(RouteEdge, result: String)
    case routeResultMismatch(RouteEdge, result: String, accepted: String, mismatches: [FieldMismatch])

    // MARK: Running
    case unknownScene(scene: String, requestedBy: String, registered: [String])
    case routeFailed(from: String, to: String, SceneError)
    case returnFailed(from: String, to: String, SceneError)
    case routeNotDeclared(from: String, to: String, declared: [String], registered: [String])
    case notInModal(scene: String)
    case noSceneBelow(scene: String, target: String, stack: [String])
    case notOnTop(scene: String, top: String)
    case cannotGoBack(scene: String)
    case noSuchElement(scene: String, id: String, kind: String, available: [String])
    case rowOutOfRange(scene: String, list: String, row: Int, count: Int)
    case sceneFailed(scene: String, reason: String)
    case noScene

    // MARK: Scripts
    case scriptNotFound(path: String)
    case scriptSyntax(SourceLocation, message: String)
    case scriptNotReadable(path: String, UnreadableFile)
    case scriptInvalidEncoding(SourceLocation, byte: UInt8)
    case scriptLineTooLong(file: String, line: Int, limit: Int)
    case scriptTooLarge(file: String, line: Int, limit: Int)

    // MARK: Transcripts (run --expect / --record)
    case transcriptNotFound(path: String)
    case transcriptNotReadable(path: String, UnreadableFile)
    case transcriptNotWritable(path: String, reason: String)
    /// What the run printed differs from the transcript (the diff is printed before this error).
    case transcriptMismatch(path: String)

    // MARK: Command line
    /// The first argument is neither an option nor a subcommand; `known` lists the subcommands shown in help.
    case unknownSubcommand(name: String, known: [String])
}

/// A plugin as messages name it: its table in `scenes.conf`, its file, where it is configured.
public struct PluginReference: Equatable, Sendable {
    public let name: String
    public let path: String
    public let location: SourceLocation

    public init(name: String, path: String, location: SourceLocation) {
        self.name = name
        self.path = path
        self.location = location
    }
}
