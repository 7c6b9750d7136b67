#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Logging
import SceneSDK

/// Loads plugin files and registers their scenes into a container.
///
/// Order of trust: the file must be trusted (owner, permissions), be a complete ELF shared object
/// for this machine and match its `sha256` pin before anything opens it; a prober (when given)
/// must have loaded it in a child process without a crash; the library must not carry its own SDK
/// copy, and its descriptor must be valid and compatible, before any Swift code of the plugin runs
/// in the host. Libraries are opened `RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE` and never closed:
/// unloading Swift code is unsafe, the runtime keeps pointers to its metadata.
@MainActor
public struct PluginLoader {
    let policy: CompatibilityPolicy
    let logger: Logger
    /// Nil skips the ownership and permission checks (`--insecure-plugin-files`).
    let trust: FileTrust?
    /// Nil loads without probing first (the probe child itself, and in-process tests).
    let prober: (any PluginProber)?

    public init(policy: CompatibilityPolicy = .host, logger: Logger, checksFileTrust: Bool = true, prober: (any PluginProber)? = nil) {
        self.policy = policy
        self.logger = logger
        self.trust = checksFileTrust ? FileTrust() : nil
        self.prober = prober
    }

    /// Loads `entry` and registers its scenes and services into `container`.
    /// On error nothing of this plugin is registered.
    public func load(_ entry: PluginEntry, into container: SceneContainer) throws -> LoadedPlugin {
        let reference = PluginReference(name: entry.name, path: entry.resolvedPath, location: entry.location)
        let fingerprint = try checkFile(reference, pin: entry.sha256)
        if let prober {
            let (verdict, cached) = prober.verdict(for: entry, fingerprint: fingerprint)
            if case .bad(let message) = verdict { throw HostError.pluginProbeFailed(reference, message: message, cached: cached) }
            logger.debug("plugin probe passed", metadata: ["plugin": "\(entry.name)", "cached": "\(cached)"])
        }
        let descriptor = try openDescriptor(reference)
        try policy.check(descriptor, plugin: reference)

        let registry = PluginScopedRegistry(plugin: reference)
        try register(descriptor, into: registry, plugin: reference)
        try registry.commit(into: container)
        let scenes = registry.blueprints.map(\.name).sorted()
        logger.debug("loaded plugin", metadata: ["plugin": "\(entry.name)", "path": "\(entry.resolvedPath)", "scenes": "\(scenes.joined(separator: ","))"])
        return LoadedPlugin(configName: entry.name, name: descriptor.name, version: descriptor.version,
                            sdkVersion: descriptor.sdkVersion, swiftVersion: descriptor.swiftVersion,
                            path: entry.resolvedPath, scenes: scenes)
    }

    /// Everything that can be checked without opening the file as a library.
    private func checkFile(_ plugin: PluginReference, pin: String?) throws -> FileFingerprint {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: plugin.path, isDirectory: &isDirectory) else {
            throw HostError.pluginFileMissing(plugin)
        }
        guard !isDirectory.boolValue else {
            throw HostError.pluginNotSharedLibrary(plugin, reason: "it is a folder")
        }
        if let problem = trust?.problem(forFileAt: plugin.path) {
            throw HostError.pluginUntrusted(plugin, path: problem.path, reason: problem.reason, fix: problem.fix)
        }
        guard let data = FileManager.default.contents(atPath: plugin.path) else {
            throw HostError.pluginOpenFailed(plugin, loaderMessage: "the file cannot be read")
        }
        let bytes = [UInt8](data)
        if let reason = ELFHeaderCheck.problem(with: bytes) {
            throw HostError.pluginNotSharedLibrary(plugin, reason: reason)
        }
        let digest = SHA256.hexDigest(bytes)
        if let pin, digest != pin {
            throw HostError.pluginChecksumMismatch(plugin, expected: pin, actual: digest)
        }
        var info = stat()
        let modified = stat(plugin.path, &info) == 0 ? Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec) : 0
        return FileFingerprint(path: plugin.path, size: bytes.count, modified: modified, sha256: digest)
    }

    private func openDescriptor(_ plugin: PluginReference) throws -> PluginDescriptor {
        _ = dlerror()
        guard let handle = dlopen(plugin.path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) else {
            let message = dlerror().map { String(cString: $0) } ?? "unknown dlopen error"
            throw LoaderMessage.error(for: message, plugin: plugin)
        }
        if SDKCopyGuard.carriesOwnCopy(handle) { throw HostError.pluginOwnSDKCopy(plugin) }
        guard let symbol = dlsym(handle, "scene_plugin_entry") else {
            throw HostError.pluginNoEntry(plugin)
        }
        let entry = unsafeBitCast(symbol, to: (@convention(c) () -> UnsafeRawPointer?).self)
        guard let raw = entry() else { throw HostError.pluginEntryReturnedNull(plugin) }
        let descriptor = PluginDescriptor(raw.assumingMemoryBound(to: scene_plugin_descriptor.self))
        guard descriptor.hasValidMagic else { throw HostError.pluginBadDescriptor(plugin) }
        return descriptor
    }

    private func register(_ descriptor: PluginDescriptor, into registry: PluginScopedRegistry, plugin: PluginReference) throws {
        guard let registerPlugin = descriptor.raw.pointee.register_plugin else {
            throw HostError.pluginBadDescriptor(plugin)
        }
        let request = PluginRegistration(registry: registry)
        let status = withExtendedLifetime(request) {
            registerPlugin(descriptor.raw, Unmanaged.passUnretained(request).toOpaque())
        }
        switch status {
        case SCENE_PLUGIN_REGISTER_OK:
            return
        case SCENE_PLUGIN_REGISTER_FAILED:
            if let error = request.error as? HostError, case .duplicateScene = error { throw error }
            let reason = request.error.map { ErrorMessage.render($0).replacingOccurrences(of: "error: ", with: "") } ?? "unknown error"
            throw HostError.pluginRegistrationFailed(plugin, reason: reason)
        default:
            throw HostError.pluginRegistrationFailed(plugin, reason: "its registration function rejected the call (status \(status)); the descriptor's plugin type is not a ScenePlugin")
        }
    }
}
