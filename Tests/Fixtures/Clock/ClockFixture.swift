import SceneSDK

/// A scene that shows the time of day of the clock it resolves (`SceneClock`): pinned by
/// `[host] clock`, the same in every run (the tests of scripts and transcripts).
enum ClockPlugin: ScenePlugin {
    static let name = "FixtureClock"
    static let version = "0.0.1"

    static func register(in registry: any SceneRegistry) throws {
        try registry.register(
            SceneDefinition(
                "Clock", viewController: ClockViewController.init,
                interactor: { services in ClockInteractor(clock: try services.resolve(SceneClock.self)) },
                presenter: ScenePresenter<ClockViewController>.init, router: ClockRouter.init
            )
        )
    }
}

final class ClockViewController: SceneViewController<ClockInteractor, ClockRouter> {
    override func render() -> Screen {
        Screen(title: "Clock", elements: [.label(id: "time", text: interactor?.timeOfDay ?? "")])
    }
}

final class ClockInteractor: SceneInteractor<ScenePresenter<ClockViewController>> {
    let clock: SceneClock

    init(clock: SceneClock) {
        self.clock = clock
    }

    /// "It is 09:00 UTC", from the clock's milliseconds.
    var timeOfDay: String {
        let minutes = Int(clock.millisecondsSince1970 / 60_000 % 1440)
        let hour = minutes / 60, minute = minutes % 60
        return "It is \(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute) UTC"
    }
}

final class ClockRouter: SceneRouter<ClockViewController, ClockInteractor> {}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { ClockPlugin.exportDescriptor() }
