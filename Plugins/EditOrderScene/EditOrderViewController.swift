import SceneSDK

@MainActor
protocol EditOrderDisplayLogic: AnyObject {
    func displayForm(viewModel: EditOrder.LoadForm.ViewModel)
    func displaySaveResult(viewModel: EditOrder.SaveOrder.ViewModel)
}

/// The form: customer, item, quantity, note; Save and Cancel.
final class EditOrderViewController: SceneViewController<any EditOrderBusinessLogic, any EditOrderRoutingLogic & EditOrderDataPassing>, EditOrderDisplayLogic {
    private var title = "Edit order"
    private var fields: [(id: String, label: String, text: String)] = []
    private var giftWrap = false
    private var shippingOptions: [String] = []
    private var shipping = 0
    private var message = ""
    private var problems: [String: String] = [:]
    private var failure: String?
    private var saved = false

    override func viewDidLoad() {
        interactor?.loadForm(request: EditOrder.LoadForm.Request())
    }

    override func render() -> Screen {
        var elements = fields.map {
            ScreenElement.textField(id: $0.id, placeholder: $0.id, text: $0.text, label: $0.label, problem: problems[$0.id] ?? "")
        }
        if !fields.isEmpty {
            elements.append(.section(id: "delivery", title: "Delivery", elements: [
                .toggle(id: "giftWrap", title: "Gift wrap", isOn: giftWrap),
                .choice(id: "shipping", label: "Shipping", options: shippingOptions, selected: shipping),
            ]))
        }
        // An alert: the page announces it and moves the focus to it, the terminal marks it.
        if !message.isEmpty { elements.append(.alert(id: "message", text: message)) }
        elements += [.button(id: "save", title: "Save"), .button(id: "cancel", title: "Cancel")]
        return Screen(title: title, elements: elements)
    }

    override func handle(_ event: UserEvent) throws {
        switch event {
        case .edit(let field, let text):
            interactor?.editField(request: EditOrder.EditField.Request(field: field, text: text))
        case .set(toggle: "giftWrap", let isOn):
            interactor?.editDelivery(request: EditOrder.EditDelivery.Request(giftWrap: isOn))
        case .choose(choice: "shipping", let option):
            interactor?.editDelivery(request: EditOrder.EditDelivery.Request(shipping: option))
        case .tap(button: "save"):
            interactor?.saveOrder(request: EditOrder.SaveOrder.Request())
            // A write that failed is the scene's failure: the frontend says so (a script exits 1),
            // and the form stays as it is for another try.
            if let failure { throw EditOrderSaveFailure(description: failure) }
            if saved { try router?.routeToShowOrder() }
        case .tap(button: "cancel"):
            try router?.routeToShowOrder()
        default:
            break
        }
    }

    // MARK: Display logic

    /// A form drawn again after an edit: a message from an earlier Save is gone.
    func displayForm(viewModel: EditOrder.LoadForm.ViewModel) {
        title = viewModel.title
        fields = viewModel.fields
        giftWrap = viewModel.giftWrap
        shippingOptions = viewModel.shippingOptions
        shipping = viewModel.shipping
        message = ""
        problems = [:]
        failure = nil
    }

    func displaySaveResult(viewModel: EditOrder.SaveOrder.ViewModel) {
        saved = viewModel.saved
        message = viewModel.message
        problems = viewModel.problems
        failure = viewModel.failure
    }
}

/// A Save whose write failed (a locked database, a full disk): what the user is told, without paths.
struct EditOrderSaveFailure: Error, CustomStringConvertible {
    let description: String
}
