import SceneSDK

@MainActor
protocol ShowOrderPresentationLogic {
    func presentOrder(response: ShowOrder.GetOrder.Response)
}

final class ShowOrderPresenter: ScenePresenter<any ShowOrderDisplayLogic>, ShowOrderPresentationLogic {
    func presentOrder(response: ShowOrder.GetOrder.Response) {
        guard let order = response.order else {
            viewController?.displayOrder(viewModel: ShowOrder.GetOrder.ViewModel(title: "Order", lines: [("customer", "(no order)")]))
            return
        }
        var lines = [
            ("customer", "Customer: \(order.customer)"),
            ("item", "Item: \(order.item)"),
            ("quantity", "Quantity: \(order.quantity)"),
            ("note", "Note: \(order.note ?? "-")"),
        ]
        if let total = response.total { lines.append(("total", "Total: \(total)")) }
        viewController?.displayOrder(viewModel: ShowOrder.GetOrder.ViewModel(title: "Order #\(order.id)", lines: lines))
    }
}
