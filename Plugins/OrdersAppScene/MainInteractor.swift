import SceneSDK

@MainActor
protocol MainBusinessLogic {}

/// What Main keeps for its tabs: nothing; each tab's scenes keep their own data.
@MainActor
protocol MainDataStore {}

final class MainInteractor: SceneInteractor<any MainPresentationLogic>, MainBusinessLogic, MainDataStore {}
