import SceneSDK

@MainActor
protocol AboutRoutingLogic {}

@MainActor
protocol AboutDataPassing {
    var dataStore: (any AboutDataStore)? { get }
}

final class AboutRouter: SceneRouter<AboutViewController, any AboutDataStore>, AboutRoutingLogic, AboutDataPassing {}
