import SceneSDK

@MainActor
protocol TastingDisplayLogic: AnyObject {
    func displayTasting(viewModel: Tasting.ShowTasting.ViewModel)
}

/// Tasting's screen: the rating that came back so far, a button to taste the tea (Tea, in C) and
/// one to rate it (Rating, in C++). Both routes are taken in code, by the router.
final class TastingViewController: SceneViewController<any TastingBusinessLogic, any TastingRoutingLogic & TastingDataPassing>, TastingDisplayLogic {
    private var tasteTitle = ""
    private var ratingText = ""

    // Each time Tasting is on screen, so a rating Rating just handed back is shown.
    override func viewWillAppear() {
        interactor?.showTasting(request: Tasting.ShowTasting.Request())
    }

    override func render() -> Screen {
        Screen(title: "Tasting", elements: [
            .label(id: "rating", text: ratingText),
            .button(id: "tea", title: tasteTitle),
            .button(id: "rate", title: "Rate it"),
        ])
    }

    override func handle(_ event: UserEvent) throws {
        if case .tap(button: "tea") = event {
            try router?.routeToTea()
        } else if case .tap(button: "rate") = event {
            try router?.routeToRating()
        }
    }

    // MARK: Display logic

    func displayTasting(viewModel: Tasting.ShowTasting.ViewModel) {
        tasteTitle = viewModel.tasteTitle
        ratingText = viewModel.ratingText
    }
}
