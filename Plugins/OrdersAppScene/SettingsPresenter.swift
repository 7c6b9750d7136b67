import SceneSDK

@MainActor
protocol SettingsPresentationLogic {
    func presentSignature(response: Settings.UpdateSignature.Response)
}

final class SettingsPresenter: ScenePresenter<any SettingsDisplayLogic>, SettingsPresentationLogic {
    func presentSignature(response: Settings.UpdateSignature.Response) {
        let preview = response.signature.isEmpty ? "Orders are printed unsigned." : "Orders are printed signed “\(response.signature)”."
        viewController?.displaySignature(viewModel: Settings.UpdateSignature.ViewModel(signature: response.signature, preview: preview))
    }
}
