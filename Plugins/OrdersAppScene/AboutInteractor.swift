import SceneSDK

@MainActor
protocol AboutBusinessLogic {}

@MainActor
protocol AboutDataStore {}

final class AboutInteractor: SceneInteractor<any AboutPresentationLogic>, AboutBusinessLogic, AboutDataStore {}
