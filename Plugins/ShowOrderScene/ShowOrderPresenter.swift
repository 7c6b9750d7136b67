import OrdersKit
import SceneSDK

@MainActor
protocol ShowOrderPresentationLogic {
    func presentOrder(response: ShowOrder.GetOrder.Response)
}

final class ShowOrderPresenter: ScenePresenter<any ShowOrderDisplayLogic>, ShowOrderPresentationLogic {
    func presentOrder(response: ShowOrder.GetOrder.Response) {
        let failure = response.failure.map { reason in
            ("message", "Order #\(response.orderID.map(String.init) ?? "?") could not be loaded (\(reason)); try again.")
        }
        guard let order = response.order else {
            let title = response.orderID.map { "Order #\($0)" } ?? "Order"
            let text = failure?.1 ?? response.orderID.map { "Order #\($0) was not found." } ?? "No order was chosen."
            viewController?.displayOrder(viewModel: ShowOrder.GetOrder.ViewModel(title: title, lines: [("message", text)], canEdit: false))
            return
        }
        var lines = [
            ("customer", "Customer: \(order.customer)"),
            ("item", "Item: \(order.item)"),
            ("quantity", "Quantity: \(order.quantity)"),
            ("note", "Note: \(order.note ?? "-")"),
            ("delivery", "Delivery: \(order.shipping.title)\(order.giftWrap ? ", gift wrapped" : "")"),
        ]
        if let total = response.total { lines.append(("total", "Total: \(total)")) }
        if let failure { lines.append(failure) }
        viewController?.displayOrder(viewModel: ShowOrder.GetOrder.ViewModel(title: "Order #\(order.id)", lines: lines, canEdit: true))
    }
}
