#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Logging
import SceneSDK

/// Loads plugin files and registers their scenes into a container.
///
/// Order of trust: the file must be trusted (owner, permissions), be a complete ELF shared object
/// for this machine and match its `sha256` pin before anything opens it; an inspector (when
/// given) must have loaded it in a child process without a crash; the library must not carry its own SDK
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
    let inspector: PluginInspector?

    public init(policy: CompatibilityPolicy = .host, logger: Logger, checksFileTrust: Bool = true, inspector: PluginInspector? = nil) {
        self.policy = policy
        self.logger = logger
        self.trust = checksFileTrust ? FileTrust() : nil
        self.inspector = inspector
    }

    /// Loads `entry` now and registers its scenes and services into `container`.
    /// On error nothing of this plugin is registered.
    public func load(_ entry: PluginEntry, into container: SceneContainer) throws -> LoadedPlugin {
        let plugin = reference(entry)
        try checkPresence(plugin)
        if let inspector {
            let (_, cached) = try withOpenFile(plugin) { try inspector.inspect(entry, plugin: plugin, fileDescriptor: $0, checkBytes: checkBytes(_:pin:)) }
            logger.debug("plugin probe passed", metadata: ["plugin": "\(entry.name)", "cached": "\(cached)"])
        }
        return try loadNow(entry, plugin: plugin, into: container, expected: nil)
    }

    /// Registers what `entry` declares, from its probe, and loads it only when one of its scenes
    /// is first built (lazy loading). Without an inspector it loads at once.
    public func prepare(_ entry: PluginEntry, into container: SceneContainer) throws -> LoadedPlugin {
        guard let inspector else { return try load(entry, into: container) }
        let plugin = reference(entry)
        try checkPresence(plugin)
        let (metadata, cached) = try withOpenFile(plugin) { try inspector.inspect(entry, plugin: plugin, fileDescriptor: $0, checkBytes: checkBytes(_:pin:)) }
        try container.addPending(metadata, from: plugin) { [weak container] in
            guard let container else { return }
            _ = try self.loadNow(entry, plugin: plugin, into: container, expected: metadata)
        }
        logger.debug("plugin probe passed", metadata: ["plugin": "\(entry.name)", "cached": "\(cached)", "scenes": "\(metadata.scenes.map(\.name).joined(separator: ","))"])
        return LoadedPlugin(configName: entry.name, name: metadata.name, version: metadata.version, sdkVersion: metadata.sdkVersion,
                            swiftVersion: metadata.swiftVersion, path: entry.resolvedPath, scenes: metadata.scenes.map(\.name))
    }

    /// Loads the file open at `fileDescriptor` as `entry` (the probe child, which gets the file
    /// its parent checked); messages name `entry`'s path.
    public func load(_ entry: PluginEntry, fileDescriptor: Int32, into container: SceneContainer) throws -> LoadedPlugin {
        try loadNow(entry, plugin: reference(entry), into: container, expected: nil, source: "/proc/self/fd/\(fileDescriptor)")
    }

    /// The plugin open read-only for `body`, so the probe child loads the file that was checked.
    private func withOpenFile<T>(_ plugin: PluginReference, _ body: (Int32) throws -> T) throws -> T {
        let descriptor = open(plugin.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw HostError.pluginOpenFailed(plugin, loaderMessage: "the file cannot be opened") }
        defer { close(descriptor) }
        return try body(descriptor)
    }

    private func reference(_ entry: PluginEntry) -> PluginReference {
        PluginReference(name: entry.name, path: entry.resolvedPath, location: entry.location)
    }

    /// Checks the bytes again (they may have changed since the probe), opens and registers.
    private func loadNow(_ entry: PluginEntry, plugin: PluginReference, into container: SceneContainer, expected: PluginMetadata?, source: String? = nil) throws -> LoadedPlugin {
        _ = try checkBytes(plugin, pin: entry.sha256, source: source)
        let descriptor = try openDescriptor(plugin, source: source)
        try policy.check(descriptor, plugin: plugin)

        let registry = PluginScopedRegistry(plugin: plugin)
        try register(descriptor, into: registry, plugin: plugin)
        let scenes = registry.blueprints.map(\.name).sorted()
        if let expected, scenes != expected.scenes.map(\.name).sorted() {
            throw HostError.pluginChangedSinceProbe(plugin, probed: expected.scenes.map(\.name).sorted(), found: scenes)
        }
        try registry.commit(into: container)
        logger.debug("loaded plugin", metadata: ["plugin": "\(entry.name)", "path": "\(entry.resolvedPath)", "scenes": "\(scenes.joined(separator: ","))"])
        return LoadedPlugin(configName: entry.name, name: descriptor.name, version: descriptor.version,
                            sdkVersion: descriptor.sdkVersion, swiftVersion: descriptor.swiftVersion,
                            path: entry.resolvedPath, scenes: scenes)
    }

    /// The checks that need no more than `stat`: the file is there, and may be trusted.
    private func checkPresence(_ plugin: PluginReference) throws {
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
    }

    /// The checks on the bytes, before anything opens the file as a library: ELF, then the pin.
    private func checkBytes(_ plugin: PluginReference, pin: String?) throws -> FileFingerprint {
        try checkBytes(plugin, pin: pin, source: nil)
    }

    /// `source` is where the bytes are read when it is not the plugin's path (`/proc/self/fd/N`).
    private func checkBytes(_ plugin: PluginReference, pin: String?, source: String?) throws -> FileFingerprint {
        guard let data = FileManager.default.contents(atPath: source ?? plugin.path) else {
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
        return FileFingerprint(path: plugin.path, size: bytes.count, modified: StatIdentity(path: plugin.path)?.modified ?? 0, sha256: digest)
    }

    private func openDescriptor(_ plugin: PluginReference, source: String? = nil) throws -> PluginDescriptor {
        _ = dlerror()
        guard let handle = dlopen(source ?? plugin.path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) else {
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
            let reason = request.error.map(ErrorMessage.body) ?? "unknown error"
            throw HostError.pluginRegistrationFailed(plugin, reason: reason)
        default:
            throw HostError.pluginRegistrationFailed(plugin, reason: "its registration function rejected the call (status \(status)); the descriptor's plugin type is not a ScenePlugin")
        }
    }
}
