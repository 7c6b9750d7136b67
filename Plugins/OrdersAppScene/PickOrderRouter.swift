import SceneSDK

@MainActor
protocol PickOrderRoutingLogic {}

@MainActor
protocol PickOrderDataPassing {
    var dataStore: (any PickOrderDataStore)? { get }
}

final class PickOrderRouter: SceneRouter<PickOrderViewController, any PickOrderDataStore>, PickOrderRoutingLogic, PickOrderDataPassing {}
