import SceneHostCore
import SceneHostLoading
extension LoaderSettings {
    /// The start-up cache beside the probe cache, whose verdicts it rests on (`StartupCache`); nil
    /// without a probe cache. `--rescan` checks the start again (and records it). `warn` as for
    /// `makeLoader`.
    @MainActor
    package func makeStartupCache(warn: @escaping (HostWarning) -> Void) -> StartupCache? {
        (probeCache ?? ProbeCache.defaultPath()).map {
            StartupCache(probeCache: $0, checksFileTrust: checksFileTrust, reads: !rescan, warn: warn)
        }
    }
}
