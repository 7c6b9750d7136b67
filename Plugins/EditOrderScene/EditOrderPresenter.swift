import SceneSDK

@MainActor
protocol EditOrderPresentationLogic {
    func presentForm(response: EditOrder.LoadForm.Response)
    func presentSaveResult(response: EditOrder.SaveOrder.Response)
}

final class EditOrderPresenter: ScenePresenter<any EditOrderDisplayLogic>, EditOrderPresentationLogic {
    func presentForm(response: EditOrder.LoadForm.Response) {
        guard let order = response.order else { return }
        viewController?.displayForm(viewModel: EditOrder.LoadForm.ViewModel(title: "Edit order #\(order.id)", fields: [
            ("customer", "customer", order.customer),
            ("item", "item", order.item),
            ("quantity", "quantity", response.quantityText ?? "\(order.quantity)"),
            ("note", "note", order.note ?? ""),
        ]))
    }

    func presentSaveResult(response: EditOrder.SaveOrder.Response) {
        viewController?.displaySaveResult(viewModel: EditOrder.SaveOrder.ViewModel(saved: response.problem == nil, message: response.problem ?? ""))
    }
}
