import SceneSDK

@MainActor
protocol MainPresentationLogic {}

final class MainPresenter: ScenePresenter<any MainDisplayLogic>, MainPresentationLogic {}
