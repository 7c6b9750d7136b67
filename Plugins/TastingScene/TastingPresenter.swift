import SceneSDK

@MainActor
protocol TastingPresentationLogic {
    func presentTasting(response: Tasting.ShowTasting.Response)
}

final class TastingPresenter: ScenePresenter<any TastingDisplayLogic>, TastingPresentationLogic {
    func presentTasting(response: Tasting.ShowTasting.Response) {
        viewController?.displayTasting(
            viewModel: Tasting.ShowTasting.ViewModel(
                tasteTitle: "Taste \(response.teaName)",
                ratingText: response.rating.map { Self.text(of: $0, about: response.teaName) } ?? "No rating yet"))
    }

    /// "Sencha: 4 stars, 'grassy'", or "Sencha: 1 star, no comment".
    private static func text(of rating: RatingResult, about tea: String) -> String {
        let stars = rating.stars == 1 ? "1 star" : "\(rating.stars) stars"
        let comment = rating.comment.map { "'\($0)'" } ?? "no comment"
        return "\(tea): \(stars), \(comment)"
    }
}
