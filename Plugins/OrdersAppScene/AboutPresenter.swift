import SceneSDK

@MainActor
protocol AboutPresentationLogic {}

final class AboutPresenter: ScenePresenter<any AboutDisplayLogic>, AboutPresentationLogic {}
