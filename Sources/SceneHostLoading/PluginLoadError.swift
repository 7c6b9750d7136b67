import SceneSDK
import SceneHostCore
import SceneHostNative
import SceneHostContainer
import SceneHostCScenes

/// Why a plugin was not loaded: its file, its trust, its descriptor, its probe. Exit code 3.
///
/// Its text and exit code are in `PluginLoadError+Message.swift`.
package enum PluginLoadError: HostConcernError, Equatable, Sendable {
    case pluginFileMissing(PluginReference)
    case pluginNotSharedLibrary(PluginReference, reason: String)
    case pluginOpenFailed(PluginReference, loaderMessage: String)
    case pluginNoEntry(PluginReference)
    /// A library with a native function table that lists no function, and no scene entry.
    case pluginNativeTableEmpty(PluginReference)
    case pluginEntryReturnedNull(PluginReference)
    case pluginBadDescriptor(PluginReference)
    case pluginIncompatible(PluginReference, what: String, plugin: String, host: String, rule: String)
    /// The plugin was compiled against another SceneSDK build (fingerprint or version) than the host's.
    case pluginOtherSDKBuild(
        PluginReference, pluginVersion: SemanticVersion, pluginFingerprint: String,
        hostVersion: SemanticVersion, hostFingerprint: String)
    case pluginChecksumMismatch(PluginReference, expected: String, actual: String)
    case pluginRegistrationFailed(PluginReference, reason: FailureCause)
    /// The plugin's registration threw `PluginSettingError` for one of its settings.
    case pluginSettingRejected(PluginReference, key: String, at: SourceLocation, reason: String)
    /// The config grants `permission` (at `at`) to a plugin that does not declare it (`ScenePlugin.permissions`).
    case pluginGrantNotDeclared(
        PluginReference, permission: PluginPermission, at: SourceLocation, declared: [PluginPermission])
    /// The plugin's `ScenePlugin.settings` cannot be checked against a config (a name twice, a bad default).
    case pluginSettingsMalformed(PluginReference, reason: String)
    /// The config's settings for the plugin do not fit what it declares: each problem at its key.
    case pluginSettingsRefused(PluginReference, [LocatedSettingProblem])
    /// A path setting names a file others could change (or create first); `fix` fixes them all.
    case pluginSettingFileUntrusted(
        PluginReference, key: String, at: SourceLocation, path: String, problems: [UntrustedPath], fix: String)
    /// A path setting names something that is no usable file (a folder, a device, a missing folder).
    case pluginSettingFileUnusable(PluginReference, key: String, at: SourceLocation, path: String, reason: String)
    /// A path setting goes through `through` (`/proc/self`, `/proc/<pid>`, `/dev/fd`...): it names a
    /// different file in each process, so what the host checked is not what a scene worker would open.
    case pluginSettingFileProcessRelative(
        PluginReference, key: String, at: SourceLocation, path: String, through: String)
    case pluginDependencyMissing(PluginReference, library: String)
    case pluginDependencyUntrusted(PluginReference, UntrustedDependency)
    case pluginDependencyUnchecked(PluginReference, library: String, reason: String)
    /// The first path others could change, and `also` the others on the way; `fix` fixes them all.
    case pluginUntrusted(PluginReference, path: String, reason: String, fix: String, also: [UntrustedPath] = [])
    case pluginOwnSDKCopy(PluginReference)
    case pluginProbeFailed(PluginReference, ProbeFailure, cached: Bool)
    /// The probe could not run (no unnamed file, no child process): not about the file, never recorded.
    case pluginProbeUnavailable(PluginReference, reason: String)
    /// The host could not prepare to open the plugin (no private folder in the temporary folder):
    /// the machine's or the environment's failure, not the plugin's; never recorded as its verdict.
    case pluginOpenUnavailable(PluginReference, reason: String)
    /// Its probe child wrote what is not a record to the result channel (only plugin code does that):
    /// recorded as the plugin's refusal; `step` is the last step read before it.
    case pluginProbeGarbled(PluginReference, step: ProbeStep?)
    /// Its probe's record was `bytes` long, over the channel's `limit`: recorded as its refusal.
    /// `largest` is the longest text in it when the probe child measured it (a route name its
    /// router asked for, a name it declares); nil when only the parent saw the length.
    case pluginProbeRecordTooLarge(PluginReference, bytes: Int, limit: Int, largest: String?)
    case pluginChangedSinceProbe(PluginReference, probed: [String], found: [String])
    /// The same file registered other scenes (`registered`) than before (`earlier`): its registration
    /// depends on something besides its file (a counter, the process id, the environment). `place`
    /// says where it registered them ("in a scene worker"), `earlierPlace` where it registered the others.
    case pluginRegistersDifferently(
        PluginReference, registered: [String], place: String, earlier: [String], earlierPlace: String)
    /// The file has the identity the start-up cache recorded, but not the content (SHA-256) whose
    /// probe it recorded: the cache does not describe this file, so it is not opened.
    case pluginContentNotProbed(PluginReference, recorded: String, actual: String)
    /// Its record in the start-up cache `cache` could not be read when one of its scenes was first
    /// asked for (the file's checksum held when it was read: only a fault of the host can do this).
    case pluginRecordUnreadable(PluginReference, cache: String)
    /// Its native function table (`scene_native_functions`) cannot be read: bounds, encoding, limits.
    case pluginNativeTableInvalid(PluginReference, reason: String)
    /// A declared function the host cannot prepare a call for (its signature, libffi).
    case pluginNativeFunctionUnusable(PluginReference, function: String, NativeError)
    /// A declared signature does not parse; `column` counts characters of the signature from 1.
    case pluginNativeSignatureInvalid(PluginReference, function: String, signature: String, column: Int, reason: String)
    /// A function its table declares is not exported as a function by the file.
    case pluginNativeFunctionNotExported(PluginReference, function: String)
    /// Two records of its table name the same function (`first` and `second` count records from 1):
    /// one name could not tell which signature a call means.
    case pluginNativeFunctionDuplicate(
        PluginReference, function: String, first: Int, firstSignature: String, second: Int, secondSignature: String)
    /// A C plugin (`scene_host.h`) whose handshake, declarations or roles the host refuses.
    case pluginCSceneRefused(PluginReference, CPluginProblem)
}
