import Testing
@testable import SceneHostWorkers
@testable import SceneHostNavigation

/// Which errors say the request itself ended its worker (`serve` counts those against its client).
@Suite("Worker errors: did this request end its worker")
struct WorkerErrorEndedWorkerTests {
    @Test(
        "its own crash, a crash outside every plugin, and a session ended for faults count; another's crash, a busy or refused worker do not"
    )
    func endedItsWorker() {
        let counted: [WorkerError] = [
            .workerStopped(plugin: "P", scene: "S", action: "tap a", fault: .signal(11), restore: .restored),
            .crashedOutsideScene(
                plugin: nil, scenePlugin: "P", scene: "S", action: "tap a", fault: .signal(11), restore: .restored),
            .sessionEndedForFaults(plugin: "P", scene: "S", action: "tap a", fault: .signal(11), faults: 3),
        ]
        let innocent: [WorkerError] = [
            .sharedWorkerStopped(plugin: "P", fault: .signal(4), restore: .restored),
            .workerBusy(milliseconds: 10),
            .pluginRefused(plugin: "P", sources: 3, retryIn: 10),
            .workerUnavailable(reason: "x"),
        ]
        for error in counted { #expect(error.requestEndedItsWorker, "\(error)") }
        for error in innocent { #expect(!error.requestEndedItsWorker, "\(error)") }
    }
}
