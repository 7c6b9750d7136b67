import SceneSDK

@MainActor
protocol SettingsDisplayLogic: AnyObject {
    func displaySignature(viewModel: Settings.UpdateSignature.ViewModel)
}

/// The Settings tab: the signature, and the way to About.
final class SettingsViewController: SceneViewController<any SettingsBusinessLogic, any SettingsRoutingLogic & SettingsDataPassing>, SettingsDisplayLogic {
    private var signature = ""
    private var preview = ""

    override func viewWillAppear() {
        interactor?.loadSignature()
    }

    override func render() -> Screen {
        Screen(title: "Settings", elements: [
            .textField(id: "signature", placeholder: "Your name", text: signature, label: "Signature"),
            .label(id: "preview", text: preview),
            .button(id: "about", title: "About this app"),
            .button(id: "orders", title: "See the orders"),
        ])
    }

    override func handle(_ event: UserEvent) throws {
        switch event {
        case .edit(field: "signature", let text):
            interactor?.updateSignature(request: Settings.UpdateSignature.Request(text: text))
        case .tap(button: "about"):
            try router?.routeToAbout()
        case .tap(button: "orders"):
            try router?.routeToOrders()
        default:
            return
        }
    }

    // MARK: Display logic

    func displaySignature(viewModel: Settings.UpdateSignature.ViewModel) {
        signature = viewModel.signature
        preview = viewModel.preview
    }
}
