import CoreMetrics

/// What the sessions of one `serve` instance do, counted through swift-metrics with the factory
/// the server passes in (`/metrics`; a no-op factory counts nothing), never a global one.
package struct WebSessionCounters: Sendable {
    package let created: Counter
    /// Sessions dropped by the store's idle sweep.
    package let expired: Counter
    /// Sessions built again from the store (a restart, another instance, a cache out of date).
    package let rebuilt: Counter
    /// Sessions ended because their row did not read or their scenes could not be built.
    package let ended: Counter
    let actionsApplied: Counter
    /// Forms refused as out of date (another tab or instance moved the session on first).
    let actionsStale: Counter
    let storeErrors: Counter
    /// New sessions refused: the client started too fast (`rate`), holds its share in use (`client`), the store is full (`full`).
    let refusedRate: Counter
    let refusedClient: Counter
    let refusedFull: Counter
    /// GETs answered from a page snapshot on the connection's thread: with no store check (`none`, the
    /// memory store), after a check that found the state shown (`held`), and checked GETs that went to
    /// the router after all because the session had moved on or the store did not answer (`moved`).
    package let snapshotUnchecked: Counter
    package let snapshotHeld: Counter
    package let snapshotMoved: Counter
    /// How long each request to the session store took.
    let storeLatency: Timer
    /// Sessions this instance holds live.
    package let live: Gauge

    package init(factory: any MetricsFactory = NOOPMetricsHandler.instance) {
        created = Counter(label: "scene_host_sessions_created_total", factory: factory)
        expired = Counter(label: "scene_host_sessions_expired_total", factory: factory)
        rebuilt = Counter(label: "scene_host_sessions_rebuilt_total", factory: factory)
        ended = Counter(label: "scene_host_sessions_ended_total", factory: factory)
        actionsApplied = Counter(
            label: "scene_host_actions_total", dimensions: [("outcome", "applied")], factory: factory)
        actionsStale = Counter(label: "scene_host_actions_total", dimensions: [("outcome", "stale")], factory: factory)
        storeErrors = Counter(label: "scene_host_store_errors_total", factory: factory)
        refusedRate = Counter(
            label: "scene_host_sessions_refused_total", dimensions: [("reason", "rate")], factory: factory)
        refusedClient = Counter(
            label: "scene_host_sessions_refused_total", dimensions: [("reason", "client")], factory: factory)
        refusedFull = Counter(
            label: "scene_host_sessions_refused_total", dimensions: [("reason", "full")], factory: factory)
        snapshotUnchecked = Counter(
            label: "scene_host_snapshot_pages_total", dimensions: [("check", "none")], factory: factory)
        snapshotHeld = Counter(
            label: "scene_host_snapshot_pages_total", dimensions: [("check", "held")], factory: factory)
        snapshotMoved = Counter(
            label: "scene_host_snapshot_pages_total", dimensions: [("check", "moved")], factory: factory)
        storeLatency = Timer(label: "scene_host_store_seconds", factory: factory)
        live = Gauge(label: "scene_host_sessions_live", factory: factory)
    }
}
