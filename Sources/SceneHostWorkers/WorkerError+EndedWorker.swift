extension WorkerError {
    /// Whether the request that met this error ended its own scene worker (a crash, an exit, a hang,
    /// garbage): what `serve` counts against the client that sent it. Every case is listed, so a new
    /// one is decided here, not left out.
    package var requestEndedItsWorker: Bool {
        switch self {
        case .workerStopped, .crashedOutsideScene, .sessionEndedForFaults:
            return true
        // Another session's request ended the worker: this one is innocent.
        case .sharedWorkerStopped:
            return false
        // A native function's fault is `call`'s; a page never calls one directly.
        case .nativeCallFaulted:
            return false
        case .workerUnavailable, .pluginRefused, .pluginsClosed, .sessionLost, .workerBusy, .checkStopped, .remote,
            .reloaded, .reloadRefused:
            return false
        }
    }
}
