import Logging

/// The loader options of the command line (`--probe-timeout`, `--probe-cache`, `--rescan`,
/// `--insecure-plugin-files`), turned into a `PluginLoader` the same way by `scene-host` and by
/// the scene worker it starts (`scene-host-worker`), which is given the same options.
public struct LoaderSettings: Sendable {
    /// The executable whose `probe-plugin` mode probes a plugin: `scene-host-worker` beside the
    /// host (`workerExecutable(besideHost:)`).
    public var probeExecutable: String
    /// Seconds a plugin may take in its probe.
    public var probeTimeout: Double
    /// The probe cache file; nil: the default (`ProbeCache.defaultPath()`).
    public var probeCache: String?
    /// Probe every plugin again, ignoring recorded verdicts.
    public var rescan: Bool
    /// False with `--insecure-plugin-files`.
    public var checksFileTrust: Bool

    public init(probeExecutable: String, probeTimeout: Double, probeCache: String?, rescan: Bool, checksFileTrust: Bool) {
        self.probeExecutable = probeExecutable
        self.probeTimeout = probeTimeout
        self.probeCache = probeCache
        self.rescan = rescan
        self.checksFileTrust = checksFileTrust
    }

    /// `scene-host-worker` in the folder of `host` (the host executable's real path).
    public static func workerExecutable(besideHost host: String) -> String {
        guard let slash = host.lastIndex(of: "/") else { return "./scene-host-worker" }
        return host[...slash] + "scene-host-worker"
    }

    /// The loader: file trust (unless off), each plugin probed in a child process first, verdicts
    /// cached. `opensPlugins`
    /// false: a host whose plugin code runs in scene workers. `warn` prints a problem with a cache
    /// file (the worker, whose host printed them, passes a no-op). `beforeProbing` is called
    /// before the loader first reads a plugin to probe it ahead (see `EarlyWorker.end`).
    @MainActor
    public func makeLoader(logger: Logger, opensPlugins: Bool, warn: @escaping (HostWarning) -> Void,
                           beforeProbing: (@MainActor () -> Void)? = nil) -> PluginLoader {
        let prober = ChildProcessProber(executable: probeExecutable, timeout: .milliseconds(Int(probeTimeout * 1000)))
        let cachePath = probeCache ?? ProbeCache.defaultPath()
        if cachePath == nil {
            logger.debug("no probe cache: neither XDG_CACHE_HOME nor HOME is an absolute path, and the user has no home folder; every plugin is probed")
        }
        let cache = cachePath.map { ProbeCache(path: $0, logger: logger, warn: warn) }
        let inspector = PluginInspector(prober: prober, cache: cache, rescan: rescan)
        return PluginLoader(logger: logger, checksFileTrust: checksFileTrust, inspector: inspector, opensPlugins: opensPlugins,
                            beforeProbing: beforeProbing)
    }

    /// The start-up cache beside the probe cache, whose verdicts it rests on (`StartupCache`); nil
    /// without a probe cache. `--rescan` checks the start again (and records it). `warn` as for
    /// `makeLoader`.
    @MainActor
    public func makeStartupCache(warn: @escaping (HostWarning) -> Void) -> StartupCache? {
        (probeCache ?? ProbeCache.defaultPath()).map { StartupCache(probeCache: $0, checksFileTrust: checksFileTrust, reads: !rescan, warn: warn) }
    }

    /// The worker's arguments for these settings (after `--channel-fd`), as `scene-host-worker` reads
    /// them. Never `--rescan`: the host has just probed what needed probing. No config: the worker
    /// is handed the one the host checked (`WorkerStartMessage`), and never reads the file.
    public func workerArguments(verbose: Bool) -> [String] {
        var arguments = ["--probe-timeout", "\(probeTimeout)", "--probe-executable", probeExecutable]
        if let probeCache { arguments += ["--probe-cache", probeCache] }
        if !checksFileTrust { arguments.append("--insecure-plugin-files") }
        if verbose { arguments.append("--verbose") }
        return arguments
    }

    /// The same options as `scene-host check` takes them (it is its own probe executable); never
    /// `--rescan`, for the same reason.
    public func checkArguments(config: String, verbose: Bool) -> [String] {
        var arguments = ["--config", config, "--probe-timeout", "\(probeTimeout)"]
        if let probeCache { arguments += ["--probe-cache", probeCache] }
        if !checksFileTrust { arguments.append("--insecure-plugin-files") }
        if verbose { arguments.append("--verbose") }
        return arguments
    }
}
