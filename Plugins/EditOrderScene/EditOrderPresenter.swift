import OrdersKit
import SceneSDK

@MainActor
protocol EditOrderPresentationLogic {
    func presentForm(response: EditOrder.LoadForm.Response)
    func presentSaveResult(response: EditOrder.SaveOrder.Response)
}

final class EditOrderPresenter: ScenePresenter<any EditOrderDisplayLogic>, EditOrderPresentationLogic {
    func presentForm(response: EditOrder.LoadForm.Response) {
        guard let order = response.order else { return }
        let shipping = order.shipping.flatMap(Shipping.init(rawValue:)) ?? .standard
        viewController?.displayForm(viewModel: EditOrder.LoadForm.ViewModel(title: "Edit order #\(order.id)", fields: [
            ("customer", "Customer", order.customer),
            ("item", "Item", order.item),
            ("quantity", "Quantity", response.quantityText ?? "\(order.quantity)"),
            ("note", "Note (optional)", order.note ?? ""),
        ], giftWrap: order.giftWrap ?? false, shippingOptions: Shipping.allCases.map(\.title),
           shipping: Shipping.allCases.firstIndex(of: shipping) ?? 0))
    }

    func presentSaveResult(response: EditOrder.SaveOrder.Response) {
        let message: String
        var problems: [String: String] = [:]
        var failure: String?
        switch response.outcome {
        case .saved:
            message = ""
        case .invalid(let found):
            // Each problem at its field (the web page ties it to the field and moves the focus there).
            for problem in found { problems[problem.field.rawValue, default: ""] += Self.sentence(problem) }
            message = ""
        case .conflict(let id, let current?):
            message = "Order #\(id) was changed by someone else since you opened it (now: \(current.customer), \(current.item) × \(current.quantity)). "
                + "Your edits are still here: Save again to replace it, or Cancel."
        case .conflict(let id, nil):
            message = "Order #\(id) was deleted by someone else since you opened it; it cannot be saved. Cancel to go back."
        case .failed(let reason):
            message = ""
            failure = "could not save the order (\(reason)); nothing was written, try again"
        }
        viewController?.displaySaveResult(viewModel: EditOrder.SaveOrder.ViewModel(
            saved: message.isEmpty && problems.isEmpty && failure == nil, message: message, problems: problems, failure: failure
        ))
    }

    private static func sentence(_ problem: FieldProblem) -> String {
        let name = problem.field.rawValue.prefix(1).uppercased() + problem.field.rawValue.dropFirst()
        switch problem.kind {
        case .empty: return "\(name) must not be empty."
        case .notAWholeNumberAboveZero: return "\(name) must be a whole number above 0."
        case .tooLong(let limit): return "\(name) must be at most \(limit) characters."
        }
    }
}
