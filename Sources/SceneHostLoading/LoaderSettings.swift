import Logging
import SceneHostCore

/// The loader options of the command line (`--probe-timeout`, `--probe-cache`, `--rescan`,
/// `--insecure-plugin-files`), turned into a `PluginLoader` the same way by `scene-host` and by
/// the children it starts, which are handed them in `ChildSettings`.
package struct LoaderSettings: Sendable, Equatable {
    /// The executable that probes a plugin: `scene-host-probe` beside the host
    /// (`probeExecutable(besideHost:)`).
    package var probeExecutable: String
    /// Seconds a plugin may take in its probe.
    package var probeTimeout: Double
    /// The probe cache file; nil: the default (`ProbeCache.defaultPath()`).
    package var probeCache: String?
    /// Probe every plugin again, ignoring recorded verdicts.
    package var rescan: Bool
    /// False with `--insecure-plugin-files`.
    package var checksFileTrust: Bool

    package init(
        probeExecutable: String, probeTimeout: Double, probeCache: String?, rescan: Bool, checksFileTrust: Bool
    ) {
        self.probeExecutable = probeExecutable
        self.probeTimeout = probeTimeout
        self.probeCache = probeCache
        self.rescan = rescan
        self.checksFileTrust = checksFileTrust
    }

    /// `scene-host-worker` in the folder of `host` (the host executable's real path).
    package static func workerExecutable(besideHost host: String) -> String {
        executable(named: "scene-host-worker", besideHost: host)
    }

    /// `scene-host-probe` in the folder of `host` (the host executable's real path).
    package static func probeExecutable(besideHost host: String) -> String {
        executable(named: "scene-host-probe", besideHost: host)
    }

    /// The executable `name` in the folder of `host` (an executable's real path): the executables
    /// installed with `scene-host` are found only there, never on `PATH` or through an option.
    package static func executable(named name: String, besideHost host: String) -> String {
        guard let slash = host.lastIndex(of: "/") else { return "./" + name }
        return host[...slash] + name
    }

    /// The loader: file trust (unless off), each plugin probed in a child process first, verdicts
    /// cached. `opensPlugins`
    /// false: a host whose plugin code runs in scene workers. `warn` prints a problem with a cache
    /// file (the worker, whose host printed them, passes a no-op). `beforeProbing` is called
    /// before the loader first reads a plugin to probe it ahead (see `EarlyWorker.end`).
    @MainActor
    package func makeLoader(
        logger: Logger, opensPlugins: Bool, warn: @escaping (HostWarning) -> Void,
        beforeProbing: (@MainActor () -> Void)? = nil
    ) -> PluginLoader {
        let prober = ChildProcessProber(executable: probeExecutable, timeout: .milliseconds(Int(probeTimeout * 1000)))
        let cachePath = probeCache ?? ProbeCache.defaultPath()
        if cachePath == nil {
            logger.debug(
                "no probe cache: neither XDG_CACHE_HOME nor HOME is an absolute path, and the user has no home folder; every plugin is probed"
            )
        }
        let cache = cachePath.map { ProbeCache(path: $0, logger: logger, warn: warn) }
        let inspector = PluginInspector(prober: prober, cache: cache, rescan: rescan)
        return PluginLoader(
            logger: logger, checksFileTrust: checksFileTrust, inspector: inspector, opensPlugins: opensPlugins,
            beforeProbing: beforeProbing)
    }
}
