import SceneSDK

@MainActor
protocol EditOrderBusinessLogic {
    func loadForm(request: EditOrder.LoadForm.Request)
    func editField(request: EditOrder.EditField.Request)
    func saveOrder(request: EditOrder.SaveOrder.Request)
}

/// What EditOrder keeps: the draft being edited and whether it was saved.
@MainActor
protocol EditOrderDataStore {
    var draft: EditableOrder? { get set }
    var saved: Bool { get }
}

final class EditOrderInteractor: SceneInteractor<any EditOrderPresentationLogic>, EditOrderBusinessLogic, EditOrderDataStore {
    var draft: EditableOrder?
    private(set) var saved = false
    /// The quantity as typed, kept apart so a half-typed number is not lost.
    private var quantityText: String?

    func loadForm(request: EditOrder.LoadForm.Request) {
        presenter?.presentForm(response: EditOrder.LoadForm.Response(order: draft, quantityText: quantityText))
    }

    func editField(request: EditOrder.EditField.Request) {
        switch request.field {
        case "customer": draft?.customer = request.text
        case "item": draft?.item = request.text
        case "note": draft?.note = request.text.isEmpty ? nil : request.text
        case "quantity": quantityText = request.text
        default: break
        }
        presenter?.presentForm(response: EditOrder.LoadForm.Response(order: draft, quantityText: quantityText))
    }

    func saveOrder(request: EditOrder.SaveOrder.Request) {
        guard var order = draft else { return }
        var problem: String?
        if let quantityText {
            if let quantity = Int(quantityText), quantity > 0 { order.quantity = quantity } else { problem = "Quantity must be a whole number above 0." }
        }
        if order.customer.allSatisfy(\.isWhitespace) { problem = "Customer must not be empty." }
        if problem == nil {
            draft = order
            saved = true
        }
        presenter?.presentSaveResult(response: EditOrder.SaveOrder.Response(problem: problem))
    }
}
