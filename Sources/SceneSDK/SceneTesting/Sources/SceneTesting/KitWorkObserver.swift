@_spi(SceneTesting) import SceneSDK

/// What the kit hears of the scene's background work: the errors it threw and did not catch.
@MainActor
final class KitWorkObserver: SceneWorkObserver {
    private(set) var failures: [any Error] = []

    func workStarted(_ work: SceneWork) {}

    func workEnded(_ work: SceneWork) {}

    func workPresented(_ work: SceneWork) {}

    func work(_ work: SceneWork, failedWith error: any Error) {
        failures.append(error)
    }
}
