import OrdersKit
import SceneSDK

@MainActor
protocol EditOrderBusinessLogic {
    func loadForm(request: EditOrder.LoadForm.Request)
    func editField(request: EditOrder.EditField.Request)
    func editDelivery(request: EditOrder.EditDelivery.Request)
    func saveOrder(request: EditOrder.SaveOrder.Request)
}

/// What EditOrder keeps: the draft being edited (with the version it started from) and whether it was saved.
@MainActor
protocol EditOrderDataStore {
    var draft: EditableOrder? { get set }
    var saved: Bool { get }
}

/// Save checks every field, then writes through the orders Worker at once, over the version the
/// edit started from. When someone else saved the order meanwhile, nothing is written: the form
/// keeps the user's edits, takes the stored version as its new starting point, and says what is
/// stored now, so a second Save writes over it knowingly.
final class EditOrderInteractor: SceneInteractor<any EditOrderPresentationLogic>, EditOrderBusinessLogic, EditOrderDataStore {
    var draft: EditableOrder?
    private(set) var saved = false
    /// The quantity as typed, kept apart so a half-typed number is not lost.
    private var quantityText: String?
    private let worker: any OrdersWorking
    private let validator = EditOrderValidator()

    init(worker: any OrdersWorking) {
        self.worker = worker
    }

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

    func editDelivery(request: EditOrder.EditDelivery.Request) {
        if let giftWrap = request.giftWrap { draft?.giftWrap = giftWrap }
        if let index = request.shipping, Shipping.allCases.indices.contains(index) { draft?.shipping = Shipping.allCases[index].rawValue }
        presenter?.presentForm(response: EditOrder.LoadForm.Response(order: draft, quantityText: quantityText))
    }

    func saveOrder(request: EditOrder.SaveOrder.Request) {
        guard let draft else { return }
        presenter?.presentSaveResult(response: EditOrder.SaveOrder.Response(outcome: save(draft)))
    }

    private func save(_ draft: EditableOrder) -> EditOrder.SaveOrder.Outcome {
        let order: EditableOrder
        switch validator.validated(draft, quantityText: quantityText) {
        case .failure(let failure): return .invalid(failure.problems)
        case .success(let valid): order = valid
        }
        do {
            self.draft = EditableOrder(try worker.save(order.order))
            quantityText = nil
            saved = true
            return .saved
        } catch let conflict as OrderConflictError {
            // The user's edits stay; the next Save is checked against what is stored now.
            if let current = conflict.current { self.draft?.version = current.version }
            return .conflict(id: conflict.id, current: conflict.current)
        } catch {
            return .failed(reason: OrdersFailure.reason(error))
        }
    }
}
