import SceneSDK

@MainActor
protocol MainRoutingLogic {}

@MainActor
protocol MainDataPassing {
    var dataStore: (any MainDataStore)? { get }
}

/// Main routes nowhere itself: the user selects a tab on the tab bar the host draws.
final class MainRouter: SceneRouter<MainViewController, any MainDataStore>, MainRoutingLogic, MainDataPassing {}
