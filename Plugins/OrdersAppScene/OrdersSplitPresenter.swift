import SceneSDK

@MainActor
protocol OrdersSplitPresentationLogic {}

final class OrdersSplitPresenter: ScenePresenter<any OrdersSplitDisplayLogic>, OrdersSplitPresentationLogic {}
