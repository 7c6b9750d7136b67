import SceneSDK

@MainActor
protocol OrdersSplitBusinessLogic {}

/// What OrdersSplit keeps: nothing. The list and the order pass data by the route between them
/// (the order's id), never by reaching into each other's DataStore.
@MainActor
protocol OrdersSplitDataStore {}

final class OrdersSplitInteractor: SceneInteractor<any OrdersSplitPresentationLogic>, OrdersSplitBusinessLogic, OrdersSplitDataStore {}
