import SceneSDK

@MainActor
protocol OrdersSplitRoutingLogic {}

@MainActor
protocol OrdersSplitDataPassing {
    var dataStore: (any OrdersSplitDataStore)? { get }
}

final class OrdersSplitRouter: SceneRouter<OrdersSplitViewController, any OrdersSplitDataStore>, OrdersSplitRoutingLogic, OrdersSplitDataPassing {}
