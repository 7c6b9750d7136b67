import CoreMetrics

/// What a scene worker supervisor counts for `/metrics` (swift-metrics, with the factory the server
/// passes in; a no-op factory by default).
package struct WorkerCounters: Sendable {
    package let starts: Counter
    package let faults: Counter
    /// Sessions built again after their worker ended.
    package let restores: Counter
    /// Sessions ended because their own actions ended their worker too often (`[host] faults-per-session`).
    let sessionsEndedForFaults: Counter
    /// Made per plugin when first needed: plugin names come from the config.
    private let factory: any MetricsFactory

    package init(factory: any MetricsFactory = NOOPMetricsHandler.instance) {
        self.factory = factory
        starts = Counter(label: "scene_host_worker_starts_total", factory: factory)
        faults = Counter(label: "scene_host_worker_faults_total", factory: factory)
        restores = Counter(label: "scene_host_worker_restores_total", factory: factory)
        sessionsEndedForFaults = Counter(label: "scene_host_sessions_ended_for_faults_total", factory: factory)
    }

    /// Counts a fault of `plugin`'s code (`scene_host_plugin_faults_total{plugin}`).
    func pluginFaulted(_ plugin: String) {
        Counter(label: "scene_host_plugin_faults_total", dimensions: [("plugin", plugin)], factory: factory).increment()
    }

    /// Counts a refusal of `plugin` for everyone (`scene_host_plugins_refused_total{plugin}`).
    package func pluginRefused(_ plugin: String) {
        Counter(label: "scene_host_plugins_refused_total", dimensions: [("plugin", plugin)], factory: factory)
            .increment()
    }
}
