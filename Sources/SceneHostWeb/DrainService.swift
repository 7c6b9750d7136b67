import ServiceLifecycle

/// The first service a SIGTERM reaches (the group ends services last to first, and this one is
/// last): it marks the instance draining, so `/readyz` answers 503 and a load balancer stops
/// sending, waits `delay` for it to notice, then lets the app's listener close after its in-flight
/// requests finish.
struct DrainService: Service {
    let state: ServeState
    let delay: Duration

    func run() async throws {
        // Runs until the group shuts down gracefully (or is cancelled).
        try? await gracefulShutdown()
        state.startDraining()
        if delay > .zero { try? await Task.sleep(for: delay) }
    }
}
