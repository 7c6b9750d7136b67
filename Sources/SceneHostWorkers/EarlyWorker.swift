/// A scene worker started before the host has loaded the app, so that the two load at the same
/// time (it waits for its start frame, which brings the checked config and its settings); the supervisor made
/// after the host's load adopts it (`SceneWorkerSupervisor.init(early:)`). Dropped unadopted (the
/// host's own load failed), it is ended.
package final class EarlyWorker {
    private var process: WorkerProcess?

    /// Starts `launch`'s worker now; nil when it cannot be started (the supervisor then starts one,
    /// and reports what goes wrong).
    package static func start(_ launch: SceneWorkerSupervisor.Launch) -> EarlyWorker? {
        guard let process = try? WorkerProcess(executable: launch.executable, traces: launch.settings.verbose) else {
            return nil
        }
        let early = EarlyWorker()
        early.process = process
        return early
    }

    /// Ends the worker now (the host is about to probe plugins its cache did not know: the worker,
    /// reading the same empty cache, would probe them all a second time on the same cores). The
    /// supervisor then starts a new one after the host's load, which finds every verdict recorded.
    package func end() {
        take()?.end()
    }

    /// The process, handed over once.
    package func take() -> WorkerProcess? {
        defer { process = nil }
        return process
    }
}
