import CoreMetrics

/// What a scene worker supervisor counts for `/metrics` (swift-metrics, with the factory the server
/// passes in; a no-op factory by default).
public struct WorkerCounters: Sendable {
    let starts: Counter
    let faults: Counter
    /// Sessions built again after their worker ended.
    let restores: Counter

    public init(factory: any MetricsFactory = NOOPMetricsHandler.instance) {
        starts = Counter(label: "scene_host_worker_starts_total", factory: factory)
        faults = Counter(label: "scene_host_worker_faults_total", factory: factory)
        restores = Counter(label: "scene_host_worker_restores_total", factory: factory)
    }
}
