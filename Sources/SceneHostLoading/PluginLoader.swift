#if canImport(Glibc)
import Glibc
#endif
import Logging
import SceneABI
@_spi(SceneHost) import SceneSDK
import SceneHostELF
import SceneHostProcesses
import SceneHostFileTrust
import SceneHostRecordCodec
import SceneHostProcesses
import SceneHostCore
import SceneHostNative
import SceneHostContainer
import SceneHostConfig
import SceneHostCScenes

/// Loads plugin files and registers their scenes into a container.
///
/// Order of trust: the file must be trusted (owner, permissions), be a complete ELF shared object
/// for this machine and match its `sha256` pin before anything opens it; an inspector (when
/// given) must have loaded it in a child process without a crash; the library must not carry its own SDK
/// copy, and its descriptor must be valid and compatible, before any Swift code of the plugin runs
/// in the host. Libraries are opened `RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE` and never closed:
/// unloading Swift code is unsafe, the runtime keeps pointers to its metadata.
@MainActor
package struct PluginLoader {
    package let policy: CompatibilityPolicy
    package let logger: Logger
    /// Nil skips the ownership and permission checks (`--insecure-plugin-files`).
    package let trust: FileTrust?
    /// Nil loads without probing first (the probe child itself, and in-process tests).
    package let inspector: PluginInspector?
    /// Settings against declarations, path settings' files with `trust`.
    var settingsCheck: SettingsCheck { SettingsCheck(trust: trust) }
    /// The loader's search path, read once per run (with `trust`): reading ld.so.conf for every
    /// plugin was a measurable share of a cold start.
    let searchPath: LoaderSearchPath?
    /// False in a host whose plugin code runs in scene workers: `prepare` registers what the
    /// probes found and never opens a plugin in this process (a scene that would need its
    /// plugin opened here fails instead). Needs an inspector.
    package let opensPlugins: Bool
    /// Called once, before this loader reads and probes ahead the first plugin its probe cache does
    /// not know by its file's identity (`run` ends its early scene worker then).
    package let beforeProbing: (@MainActor () -> Void)?
    /// Called before each plugin library is opened in this process: a scene worker and the check
    /// child confine themselves there (`WorkerSetup.confiningOnFirstOpen`), once every probe they
    /// start has run. A failure refuses the open.
    package var beforeOpeningCode: (@MainActor () throws(Sandbox.Failure) -> Void)?
    /// Where this loader's registrations run, for the message of a plugin that registers other
    /// scenes than its probe did ("in a scene worker"; the worker sets it).
    package var loadPlace = "when loaded to run"
    /// The probe child's: each plugin is registered a second time (into a registry that is thrown
    /// away) and refused when the two registrations differ, so `check` sees what a scene worker would.
    var registersTwice = false
    /// The plugin files a scene worker was handed as descriptors, by path (`HandedPluginFile`):
    /// opened in place of the path. Set before anything is registered.
    package var handedFiles: [String: HandedPluginFile] = [:]

    package init(
        policy: CompatibilityPolicy = .host, logger: Logger, checksFileTrust: Bool = true,
        inspector: PluginInspector? = nil,
        opensPlugins: Bool = true, beforeProbing: (@MainActor () -> Void)? = nil
    ) {
        self.beforeProbing = beforeProbing
        self.opensPlugins = opensPlugins || inspector == nil
        self.policy = policy
        self.logger = logger
        self.trust = checksFileTrust ? FileTrust(trustedFolders: TrustedFolders()) : nil
        self.inspector = inspector
        self.searchPath = checksFileTrust ? .current() : nil
    }

    /// Runs `body` (which loads or prepares `entries`) after probing every plugin the probe cache
    /// does not know in parallel scanners (`ProbeScan`), and writes the cache once at the end.
    ///
    /// Only the probes move ahead: every check still runs, in order, when `body` inspects each
    /// plugin, and a plugin whose file problem the scan skipped is reported there as before.
    package func probingAhead<T>(_ entries: [PluginEntry], _ body: () throws -> T) rethrows -> T {
        guard let inspector else { return try body() }
        guard let cache = inspector.cache else {
            probeAhead(entries, inspector: inspector)
            return try body()
        }
        return try cache.deferringWrites {
            probeAhead(entries, inspector: inspector)
            return try body()
        }
    }

    /// Scans, in chunks (each holds its plugins open), the plugins a probe would be needed for.
    private func probeAhead(_ entries: [PluginEntry], inspector: PluginInspector) {
        var announced = false
        for start in stride(from: 0, to: entries.count, by: 512) {
            var items: [ProbeScan.Item] = []
            var fingerprints: [FileFingerprint] = []
            for entry in entries[start..<min(entries.count, start + 512)] {
                // Known by the `stat` identity of its path: nothing to probe (a `stat`, not a walk and an
                // open; `prepare` or `load` still opens and checks the file, and probes it if it changed).
                if let identity = StatIdentity(path: entry.resolvedPath),
                    inspector.knows(path: entry.resolvedPath, stat: identity)
                {
                    continue
                }
                // A handed file was probed by the host: it is known by its record, whatever the path names now.
                if handedFiles[entry.resolvedPath] != nil { continue }
                // A file the cache does not know by its identity is read and hashed next, and most
                // likely probed: said before that work, once (`beforeProbing`).
                if let hook = beforeProbing, !announced {
                    announced = true
                    hook()
                }
                guard let file = try? openFile(reference(entry)), !inspector.knows(file),
                    let fingerprint = try? checkBytes(file, pin: entry.sha256), !inspector.knows(fingerprint)
                else { continue }
                items.append(ProbeScan.Item(entry: entry, file: file))
                fingerprints.append(fingerprint)
            }
            // One plugin alone is probed in a child of its own, as `inspect` would: ahead all the
            // same, since a process sandboxed at its first open can start no probe after it.
            if items.count == 1, let item = items.first {
                if let verdict = try? inspector.prober.probe(
                    item.entry, fileDescriptor: item.file.descriptor, realPath: item.file.realPath)
                {
                    inspector.scanned.byPath[item.file.plugin.path] = (
                        item.file.identity, item.file.recordableIdentity, fingerprints[0], verdict
                    )
                }
                continue
            }
            guard items.count > 1 else { continue }
            let verdicts = ProbeScan(prober: inspector.prober).run(items)
            for (index, verdict) in verdicts {
                inspector.scanned.byPath[items[index].file.plugin.path] = (
                    items[index].file.identity, items[index].file.recordableIdentity, fingerprints[index], verdict
                )
            }
            logger.debug(
                "probed plugins ahead", metadata: ["plugins": "\(items.count)", "verdicts": "\(verdicts.count)"])
        }
    }

    /// What the probe found about `entry` (probed now if this run has no verdict for it yet),
    /// registering nothing; nil without an inspector. Throws what `load` and `prepare` would throw
    /// for the file or its verdict, before they register anything.
    package func probedMetadata(_ entry: PluginEntry) throws -> PluginMetadata? {
        guard let inspector else { return nil }
        let file = try openFile(reference(entry))
        return try inspector.inspect(entry, file: file, checkBytes: { try checkBytes(file, pin: entry.sha256) })
            .metadata
    }

    /// Loads `entry` now and registers its scenes and services into `container`.
    /// On error nothing of this plugin is registered.
    package func load(_ entry: PluginEntry, into container: SceneContainer) throws -> LoadedPlugin {
        try load(entry, opened: try openFile(reference(entry)), into: container)
    }

    /// Probes (with an inspector), checks and loads the file already opened for `entry`: whatever
    /// the path names by now, this file is the one that runs.
    package func load(
        _ entry: PluginEntry, opened file: PluginFile, into container: SceneContainer
    ) throws -> LoadedPlugin {
        if let inspector {
            let (metadata, cached, _) = try inspector.inspect(
                entry, file: file, checkBytes: { try checkBytes(file, pin: entry.sha256) })
            logger.debug("plugin probe passed", metadata: ["plugin": "\(entry.name)", "cached": "\(cached)"])
            // Before it registers: a plugin never sees a setting it did not declare, nor an untrusted file.
            try settingsCheck.check(entry, plugin: file.plugin, declared: metadata.settings)
            try GrantCheck.check(entry, plugin: file.plugin, declared: metadata.permissions)
        }
        return try loadNow(entry, file: file, into: container, expected: nil)
    }

    /// Registers what `entry` declares, from its probe, and loads it only when one of its scenes
    /// is first built (lazy loading). Without an inspector it loads at once.
    ///
    /// The file opened later must be the file that was probed: the same `stat` identity (device,
    /// inode, size, modification and change times), else it is checked and probed again first.
    package func prepare(_ entry: PluginEntry, into container: SceneContainer) throws -> LoadedPlugin {
        try prepareReportingMetadata(entry, into: container).plugin
    }

    /// `prepare`, also giving what the probe found (nil without an inspector, when it loads at once).
    ///
    /// `checksSettings` false: only for a report that already holds the settings' problems and
    /// never runs the plugin (`check` registers its scenes so the graph stays whole).
    package func prepareReportingMetadata(
        _ entry: PluginEntry, into container: SceneContainer,
        checksSettings: Bool = true
    ) throws -> (plugin: LoadedPlugin, metadata: PluginMetadata?) {
        let prepared = try prepareRecording(entry, into: container, checksSettings: checksSettings)
        return (prepared.plugin, prepared.metadata)
    }

    /// `prepareReportingMetadata`, also giving what the start-up cache keeps of the file (its
    /// identity and the content hash its verdict is about; nil without an inspector).
    package func prepareRecording(
        _ entry: PluginEntry, into container: SceneContainer, checksSettings: Bool = true
    ) throws -> PreparedPlugin {
        guard let inspector else {
            return PreparedPlugin(plugin: try load(entry, into: container), metadata: nil, recorded: nil)
        }
        let plugin = reference(entry)
        let file = try openFile(plugin)
        let (metadata, cached, sha256) = try inspector.inspect(
            entry, file: file, checkBytes: { try checkBytes(file, pin: entry.sha256) })
        if checksSettings {
            try settingsCheck.check(entry, plugin: plugin, declared: metadata.settings)
            try GrantCheck.check(entry, plugin: plugin, declared: metadata.permissions)
        }
        let recorded = CheckedPlugin(identity: file.identity, sha256: sha256, metadata: metadata)
        if opensPlugins, checksSettings, metadata.nativeFunctions != [] {
            // Native functions are called by name from anywhere: such a plugin loads now, not lazily.
            // Nil (a verdict rewritten by an older host) is unknown: loading now reads the table.
            let loaded = try loadNow(
                entry, file: file, into: container, expected: metadata.scenes.isEmpty ? nil : metadata)
            return PreparedPlugin(plugin: loaded, metadata: metadata, recorded: recorded)
        }
        try addPending(
            entry, plugin: plugin, recorded: recorded, probedContent: nil, checksSettings: checksSettings,
            into: container)
        logger.debug(
            "plugin probe passed",
            metadata: [
                "plugin": "\(entry.name)", "cached": "\(cached)",
                "scenes": "\(metadata.scenes.map(\.name).joined(separator: ","))",
            ])
        return PreparedPlugin(
            plugin: LoadedPlugin(entry, describedBy: metadata), metadata: metadata, recorded: recorded)
    }

    /// Registers `entry` as the start-up cache recorded it (`StartupCache`: its file's identity
    /// was compared at this start), without opening the file or reading the probe cache; the
    /// plugin is opened when one of its scenes is first built, as after `prepare`, and only if its
    /// file still has the recorded identity and its bytes the recorded SHA-256 (else it is probed
    /// again, or refused). A plugin with settings or native functions takes `prepare`'s whole path.
    package func registerChecked(
        _ entry: PluginEntry, recorded: CheckedPlugin, into container: SceneContainer
    ) throws -> LoadedPlugin {
        guard registersFromRecord(entry, recorded: recorded) else { return try prepare(entry, into: container) }
        try addPending(
            entry, plugin: reference(entry), recorded: recorded, probedContent: recorded.sha256, checksSettings: true,
            into: container)
        return LoadedPlugin(entry, summarizedBy: recorded.summary)
    }

    /// Whether `registerChecked` registers `entry` from its record alone (nothing checked now), so
    /// that may wait until one of its scenes is needed (`SceneContainer.addDeferred`).
    ///
    /// A plugin that declares settings is prepared in full at every start: a path setting's file
    /// (set or defaulted) can become untrusted without any file the cache is keyed on changing.
    /// One with native functions too: it loads at once.
    package func registersFromRecord(_ entry: PluginEntry, recorded: CheckedPlugin) -> Bool {
        inspector != nil && Self.recordSuffices(entry, summary: recorded.summary)
    }

    /// Whether a plugin's record is all a start needs of it (with an inspector to check it when it
    /// is opened): it sets no settings and declares no native functions. The start-up cache names
    /// the others, so a scene worker registers them at once.
    package nonisolated static func recordSuffices(_ entry: PluginEntry, summary: PluginSummary) -> Bool {
        entry.settings.isEmpty && summary.isPlain
    }

    /// Adds `recorded`'s scenes to `container`, to be loaded when one is first built. The file
    /// opened then must have the recorded identity, else it is checked and probed again first;
    /// with `probedContent`, its bytes must also have that SHA-256 (`pluginContentNotProbed`).
    private func addPending(
        _ entry: PluginEntry, plugin: PluginReference, recorded: CheckedPlugin, probedContent: String?,
        checksSettings: Bool, into container: SceneContainer
    ) throws {
        let metadata: PluginMetadata
        do {
            metadata = try recorded.metadata()
        } catch {
            throw PluginLoadError.pluginRecordUnreadable(plugin, cache: recorded.cachePath ?? "")
        }
        if !opensPlugins || !checksSettings {
            // Known by description only: the scene workers open it (this process only knows what
            // the probe found), or its settings were not checked (refused, or `list`): it must never run.
            let reason =
                checksSettings
                ? "the host process does not open plugins: their code runs in scene workers (use --in-process to run it here)"
                : "its settings were not checked here (a refused setting, or list and graph): it is known only by description"
            try container.addPending(metadata, from: plugin) {
                throw PluginLoadError.pluginOpenFailed(plugin, loaderMessage: reason)
            }
            return
        }
        guard let inspector else { return }
        let probed = recorded.identity
        try container.addPending(metadata, from: plugin) { [weak container] in
            guard let container else { return }
            let current = try self.openFile(plugin)
            var expected = metadata
            if current.identity != probed {
                self.logger.debug("plugin changed since its probe", metadata: ["plugin": "\(entry.name)"])
                let found = try inspector.inspect(
                    entry, file: current, checkBytes: { try self.checkBytes(current, pin: entry.sha256) }
                ).metadata
                // The file did change: what its new probe found is what it must register now.
                let before = metadata.scenes.map(\.name).sorted(), after = found.scenes.map(\.name).sorted()
                if before != after {
                    throw PluginLoadError.pluginChangedSinceProbe(plugin, probed: before, found: after)
                }
                expected = found
            } else if let probedContent {
                let found = try self.checkBytes(current, pin: entry.sha256)
                guard found.sha256 == probedContent else {
                    throw PluginLoadError.pluginContentNotProbed(plugin, recorded: probedContent, actual: found.sha256)
                }
            }
            _ = try self.loadNow(entry, file: current, into: container, expected: expected)
        }
    }

    /// Loads the file open at `fileDescriptor` as `entry` (the probe child, which inherits the file
    /// its parent checked); messages name `entry`'s path, `realPath` gives `$ORIGIN`.
    package func load(
        _ entry: PluginEntry, fileDescriptor: Int32, realPath: String, into container: SceneContainer
    ) throws -> LoadedPlugin {
        let file = try PluginFile.adopt(fileDescriptor, plugin: reference(entry), realPath: realPath)
        return try loadNow(entry, file: file, into: container, expected: nil)
    }

    func reference(_ entry: PluginEntry) -> PluginReference {
        PluginReference(
            name: entry.name, path: entry.resolvedPath, location: entry.location,
            settingLocations: Dictionary(
                entry.settings.map { ($0.key, $0.location) }, uniquingKeysWith: { first, _ in first }))
    }

    /// Checks the open file's bytes (unless this same open file was checked and is unchanged),
    /// opens exactly that file and registers it.
    private func loadNow(
        _ entry: PluginEntry, file: PluginFile, into container: SceneContainer, expected: PluginMetadata?
    ) throws -> LoadedPlugin {
        if file.checked == nil || !file.isUnchanged { _ = try checkBytes(file, pin: entry.sha256) }
        let plugin = file.plugin
        let handle = try openLibrary(file)
        let natives = try NativeFunctionResolver(plugin: plugin).resolve(file.nativeDeclarations, in: handle)
        if natives.isEmpty, file.hasNativeTable, dlsym(handle, "scene_plugin_entry") == nil {
            // A C library with a table that lists nothing: it meant to be a native plugin.
            throw PluginLoadError.pluginNativeTableEmpty(plugin)
        }
        if !natives.isEmpty, dlsym(handle, "scene_plugin_entry") == nil, dlsym(handle, CPlugin.symbol) == nil {
            // A native plugin (C, no scenes): its table is its descriptor. A C scene plugin's
            // native functions are added with its scenes (`loadC`).
            try checkMapped(dlsym(handle, NativeTableReader.symbol), file: file)
            container.addNativeFunctions(natives)
            logger.debug(
                "loaded native plugin",
                metadata: [
                    "plugin": "\(entry.name)", "functions": "\(natives.map(\.qualifiedName).joined(separator: ","))",
                ])
            return LoadedPlugin(
                configName: entry.name, name: entry.name, version: "native", sdkVersion: policy.sdkVersion,
                sdkFingerprint: policy.sdkFingerprint,
                swiftVersion: policy.swiftVersion, path: entry.resolvedPath, scenes: [],
                nativeFunctions: file.nativeDeclarations)
        }
        if let cDescriptor = dlsym(handle, CPlugin.symbol) {
            return try loadC(
                entry, file: file, handle: handle, descriptor: cDescriptor, natives: natives, into: container,
                expected: expected)
        }
        let descriptor = try openDescriptor(handle, file: file)
        try policy.check(descriptor, plugin: plugin)

        let registry = PluginScopedRegistry(plugin: plugin, settings: entry.pluginSettings)
        let (declarations, inMemoryState, permissions) = try register(descriptor, into: registry, plugin: plugin)
        // Checked before registering when a probe told the declarations; without one (tools,
        // tests) at least now. A probe child has no settings and checks none: its plugin must
        // register without them, required or not.
        if inspector == nil, !entry.settings.isEmpty {
            try settingsCheck.check(entry, plugin: plugin, declared: declarations)
        }
        if inspector == nil { try GrantCheck.check(entry, plugin: plugin, declared: permissions) }
        let scenes = registry.blueprints.map(\.name).sorted()
        try commit(
            registry, scenes: scenes, expected: expected, natives: natives, into: container,
            registeringAgain: {
                let again = PluginScopedRegistry(plugin: plugin, settings: entry.pluginSettings)
                _ = try register(descriptor, into: again, plugin: plugin)
                return again.blueprints.map(\.name).sorted()
            })
        logger.debug(
            "loaded plugin",
            metadata: [
                "plugin": "\(entry.name)", "path": "\(entry.resolvedPath)",
                "scenes": "\(scenes.joined(separator: ","))",
            ])
        return LoadedPlugin(
            configName: entry.name, name: descriptor.name, version: descriptor.version,
            sdkVersion: descriptor.sdkVersion, sdkFingerprint: descriptor.sdkFingerprint,
            swiftVersion: descriptor.swiftVersion,
            path: entry.resolvedPath, scenes: scenes, nativeFunctions: file.nativeDeclarations,
            settings: entry.settings,
            settingDeclarations: declarations, inMemoryState: inMemoryState, permissions: permissions,
            grants: entry.grants)
    }

    /// What every registration ends with, a Swift plugin's or a C plugin's: the scenes `scenes` the
    /// registry holds are those its probe found (`expected`), and, in a probe, those a second
    /// registration (`registeringAgain`) gives; then they and `natives` go into `container`.
    func commit(
        _ registry: PluginScopedRegistry, scenes: [String], expected: PluginMetadata?, natives: [NativeFunction],
        into container: SceneContainer, registeringAgain: () throws -> [String]
    ) throws {
        let plugin = registry.plugin
        // The file is the one probed (same identity and content): other scenes now mean a
        // registration that depends on something else, not a changed file.
        if let expected, scenes != expected.scenes.map(\.name).sorted() {
            throw PluginLoadError.pluginRegistersDifferently(
                plugin, registered: scenes, place: loadPlace,
                earlier: expected.scenes.map(\.name).sorted(), earlierPlace: "in its probe")
        }
        if registersTwice {
            let second = try registeringAgain()
            if second != scenes {
                throw PluginLoadError.pluginRegistersDifferently(
                    plugin, registered: second, place: "when its probe registers it a second time",
                    earlier: scenes, earlierPlace: "the first time")
            }
        }
        try registry.commit(into: container)
        container.addNativeFunctions(natives)
    }

    /// The checks on the bytes of the open file, before anything opens it as a library: ELF, then the pin.
    private func checkBytes(_ file: PluginFile, pin: String?) throws -> FileFingerprint {
        let plugin = file.plugin
        let bytes = try file.readAll()
        if let reason = ELFHeaderCheck.problem(with: bytes) {
            throw PluginLoadError.pluginNotSharedLibrary(plugin, reason: reason)
        }
        // A probe's parent hashes here, before it spawns the child, so hashing never counts against
        // the probe's time limit; the child (no pin, no cache) does not hash at all.
        let digest = pin != nil || inspector != nil ? SHA256.hexDigest(bytes) : ""
        if let pin, digest != pin {
            throw PluginLoadError.pluginChecksumMismatch(plugin, expected: pin, actual: digest)
        }
        // Dependencies are found from the plugin's real folder ($ORIGIN), before any code runs.
        if let trust, let searchPath {
            try DependencyCheck(trust: trust, searchPath: searchPath).check(
                pluginBytes: bytes, plugin: plugin, realPath: file.realPath)
        }
        // Native function signatures are validated from the file, before any of its code runs.
        let table = try NativeTableReader.read(bytes, plugin: plugin)
        file.dynamicSection = ELFFile(bytes).flatMap { try? ELFDynamicSection.read(from: $0) }
        file.exportedFunctions = Set(
            (ELFFile(bytes).flatMap { try? ELFDynamicSymbols.read(from: $0) }?.symbols ?? [:]).compactMap {
                $0.value.isFunction && $0.value.address != 0 ? $0.key : nil
            })
        file.nativeDeclarations = table ?? []
        file.hasNativeTable = table != nil
        let fingerprint = FileFingerprint(
            path: plugin.path, size: bytes.count, modified: file.identity.modified, sha256: digest)
        file.checked = fingerprint
        return fingerprint
    }

    /// Opens the checked file through its descriptor (a library carrying its own SDK copy is refused).
    private func openLibrary(_ file: PluginFile) throws -> UnsafeMutableRawPointer {
        let plugin = file.plugin
        let handle: UnsafeMutableRawPointer
        if let beforeOpeningCode {
            // The sandbox lets no process that runs plugin code write the probe cache: what waits is written now.
            inspector?.writeBeforeSandbox()
            do throws(Sandbox.Failure) {
                try beforeOpeningCode()
            } catch {
                throw PluginLoadError.pluginOpenUnavailable(plugin, reason: error.reason)
            }
        }
        let (folder, ownsFolder) = try temporaryFolder(for: plugin)
        switch DescriptorLoader.open(
            file, flags: RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE, temporaryFolder: folder, reuseFolder: ownsFolder)
        {
        case .success(let opened): handle = opened
        case .failure(.loader(let message)): throw LoaderMessage.error(for: message, plugin: plugin)
        case .failure(.privateFolder(let reason)): throw PluginLoadError.pluginOpenUnavailable(plugin, reason: reason)
        }
        if SDKCopyGuard.carriesOwnCopy(handle) { throw PluginLoadError.pluginOwnSDKCopy(plugin) }
        // Its code is known as this plugin's before its entry point runs: a scene worker's crash
        // report names the plugin whose code crashed (`CrashReporter`), not the scene on screen.
        CrashReporter.noteLibrary(handle, plugin: plugin.name)
        return handle
    }

    /// Confirms the code at `symbol` is the checked file's.
    func checkMapped(_ symbol: UnsafeMutableRawPointer?, file: PluginFile) throws {
        guard let symbol, let mapped = MappedFile.identity(at: UnsafeRawPointer(symbol)),
            mapped.device == file.identity.device, mapped.inode == file.identity.inode
        else {
            throw PluginLoadError.pluginOpenFailed(
                file.plugin,
                loaderMessage:
                    "the library the loader mapped is not the file that was checked (device and inode differ); it changed while loading, load it again"
            )
        }
    }

    /// Confirms the loaded code is the checked file and reads its descriptor before any Swift code of the plugin runs.
    private func openDescriptor(_ handle: UnsafeMutableRawPointer, file: PluginFile) throws -> PluginDescriptor {
        let plugin = file.plugin
        guard let symbol = dlsym(handle, "scene_plugin_entry") else {
            throw PluginLoadError.pluginNoEntry(plugin)
        }
        try checkMapped(symbol, file: file)
        let entry = unsafeBitCast(symbol, to: (@convention(c) () -> UnsafeRawPointer?).self)
        guard let raw = entry() else { throw PluginLoadError.pluginEntryReturnedNull(plugin) }
        let descriptor = PluginDescriptor(raw.assumingMemoryBound(to: scene_plugin_descriptor.self))
        guard descriptor.hasValidMagic else { throw PluginLoadError.pluginBadDescriptor(plugin) }
        return descriptor
    }

    /// Where the private folder of `DescriptorLoader` may be made: `$TMPDIR` if it is trusted, else
    /// /tmp; `own` when it is this process's own private folder (its load folder is then reused).
    private func temporaryFolder(for plugin: PluginReference) throws -> (folder: String, own: Bool) {
        // A sandboxed child's own folder, made for it by its parent (`PrivateFolder`): the only
        // place it may write, owned by the worker's user when that is another (`[host] worker-user`).
        if let folder = PrivateFolder.handedToThisProcess() { return (folder, true) }
        let candidates = [getenv("TMPDIR").map { String(cString: $0) }, "/tmp"].compactMap { $0 }.filter {
            $0.hasPrefix("/")
        }
        // Without file trust (a probe child: its parent checked the file) the first candidate is
        // taken as it is; walking it for every plugin of a scanner was a measurable share of a probe.
        guard let trust else { return (candidates.first ?? "/tmp", false) }
        for candidate in candidates {
            if case .trusted(let real) = trust.walk(candidate) { return (real, false) }
        }
        throw PluginLoadError.pluginOpenFailed(
            plugin,
            loaderMessage:
                "no trusted temporary folder to load it through ($TMPDIR and /tmp are missing or writable by others without the sticky bit); set TMPDIR to a folder only you can write"
        )
    }

    /// Registers the plugin; returns the settings, the in-memory state (checked to be well formed) and the permissions it declares.
    private func register(
        _ descriptor: PluginDescriptor, into registry: PluginScopedRegistry,
        plugin: PluginReference
    ) throws -> (settings: [SettingDeclaration], inMemoryState: InMemoryState?, permissions: [PluginPermission]) {
        guard let registerPlugin = descriptor.raw.pointee.register_plugin else {
            throw PluginLoadError.pluginBadDescriptor(plugin)
        }
        let request = PluginRegistration(registry: registry)
        let status = withExtendedLifetime(request) {
            registerPlugin(descriptor.raw, Unmanaged.passUnretained(request).toOpaque())
        }
        switch status {
        case SCENE_PLUGIN_REGISTER_OK:
            if let reason = SettingDeclaration.malformation(
                of: request.settingDeclarations, inMemoryState: request.inMemoryState)
            {
                throw PluginLoadError.pluginSettingsMalformed(plugin, reason: reason)
            }
            return (request.settingDeclarations, request.inMemoryState, request.permissions)
        case SCENE_PLUGIN_REGISTER_FAILED:
            if let error = request.error as? ContainerError {
                switch error {
                case .duplicateScene, .sceneRegisteredTwice, .serviceSettingsDiffer: throw error
                case .unknownScene, .wiringFailed, .settingRejected, .noScene: break
                }
            }
            if let error = request.error as? PluginSettingError {
                throw PluginLoadError.pluginSettingRejected(
                    plugin, key: error.key, at: plugin.location(ofSetting: error.key), reason: error.reason)
            }
            throw PluginLoadError.pluginRegistrationFailed(
                plugin, reason: request.error.map(FailureCause.init) ?? "unknown error")
        default:
            throw PluginLoadError.pluginRegistrationFailed(
                plugin,
                reason: .other(
                    "its registration function rejected the call (status \(status)); the descriptor's plugin type is not a ScenePlugin"
                ))
        }
    }
}
