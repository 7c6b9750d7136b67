import SceneSDK

@MainActor
protocol PickOrderPresentationLogic {}

final class PickOrderPresenter: ScenePresenter<any PickOrderDisplayLogic>, PickOrderPresentationLogic {}
