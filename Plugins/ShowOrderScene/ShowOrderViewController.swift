import SceneSDK

@MainActor
protocol ShowOrderDisplayLogic: AnyObject {
    func displayOrder(viewModel: ShowOrder.GetOrder.ViewModel)
}

/// One order's fields, and an Edit button (the `edit` segue in examples/orders.conf) when there is an order.
final class ShowOrderViewController: SceneViewController<any ShowOrderBusinessLogic, any ShowOrderRoutingLogic & ShowOrderDataPassing>, ShowOrderDisplayLogic {
    private var title = "Order"
    private var lines: [(id: String, text: String)] = []
    private var canEdit = false

    override func viewWillAppear() {
        interactor?.getOrder(request: ShowOrder.GetOrder.Request())
        interactor?.followOrder(request: ShowOrder.FollowOrder.Request())
    }

    override func render() -> Screen {
        Screen(title: title, elements: lines.map { ScreenElement.label(id: $0.id, text: $0.text) } + (canEdit ? [.button(id: "edit", title: "Edit")] : []))
    }

    // MARK: Display logic

    func displayOrder(viewModel: ShowOrder.GetOrder.ViewModel) {
        title = viewModel.title
        lines = viewModel.lines
        canEdit = viewModel.canEdit
    }
}
