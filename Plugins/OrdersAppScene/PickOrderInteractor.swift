import SceneSDK

@MainActor
protocol PickOrderBusinessLogic {}

@MainActor
protocol PickOrderDataStore {}

final class PickOrderInteractor: SceneInteractor<any PickOrderPresentationLogic>, PickOrderBusinessLogic, PickOrderDataStore {}
