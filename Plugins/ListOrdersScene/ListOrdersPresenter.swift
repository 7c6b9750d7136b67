import OrdersKit
import SceneSDK

@MainActor
protocol ListOrdersPresentationLogic {
    func presentOrders(response: ListOrders.FetchOrders.Response)
}

final class ListOrdersPresenter: ScenePresenter<any ListOrdersDisplayLogic>, ListOrdersPresentationLogic {
    func presentOrders(response: ListOrders.FetchOrders.Response) {
        var rows = response.orders.map(Self.row)
        if let totals = response.totals, totals.count == rows.count {
            rows = zip(rows, totals).map { "\($0)  \($1)" }
        }
        let count = "\(response.orders.count) order\(response.orders.count == 1 ? "" : "s")" + (response.grandTotal.map { ", \($0) in all" } ?? "")
        var summary = response.failure.map { "\(count). The orders could not be loaded (\($0)); try again." } ?? count
        if response.pricingFailed { summary += " (prices unavailable)" }
        if response.isLoading { summary = "Loading the orders…" }
        viewController?.displayOrders(viewModel: ListOrders.FetchOrders.ViewModel(rows: rows, summary: summary, isLoading: response.isLoading))
    }

    private static func row(_ order: Order) -> String {
        let note = order.note.map { " (\($0))" } ?? ""
        return "#\(order.id) \(order.customer): \(order.quantity) × \(order.item)\(note)"
    }
}
