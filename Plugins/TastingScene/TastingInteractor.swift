import SceneSDK

@MainActor
protocol TastingBusinessLogic {
    func showTasting(request: Tasting.ShowTasting.Request)
}

/// What Tasting keeps: the tea it offers (passed to Tea, named to Rating) and what came back.
@MainActor
protocol TastingDataStore {
    var teaName: String { get }
    var teaPrice: Double { get }
    var teaIsOrganic: Bool { get }
    /// The last rating Rating handed back; nil until one comes.
    var rating: RatingResult? { get set }
}

final class TastingInteractor: SceneInteractor<any TastingPresentationLogic>, TastingBusinessLogic, TastingDataStore {
    let teaName = "Sencha"
    let teaPrice = 4.5
    let teaIsOrganic = true
    var rating: RatingResult?

    func showTasting(request: Tasting.ShowTasting.Request) {
        presenter?.presentTasting(response: Tasting.ShowTasting.Response(teaName: teaName, rating: rating))
    }
}
