import SceneSDK

@MainActor
protocol SettingsBusinessLogic {
    func updateSignature(request: Settings.UpdateSignature.Request)
    func loadSignature()
}

/// What Settings keeps: the signature, kept with the session (`KeepsState`), so a restart, a
/// crash or another instance shows it as the user left it.
@MainActor
protocol SettingsDataStore {
    var signature: String { get }
}

final class SettingsInteractor: SceneInteractor<any SettingsPresentationLogic>, SettingsBusinessLogic, SettingsDataStore, KeepsState {
    private(set) var signature = ""

    var keptState: String {
        get { signature }
        set { signature = newValue }
    }

    func updateSignature(request: Settings.UpdateSignature.Request) {
        signature = String(request.text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        presenter?.presentSignature(response: Settings.UpdateSignature.Response(signature: signature))
    }

    func loadSignature() {
        presenter?.presentSignature(response: Settings.UpdateSignature.Response(signature: signature))
    }
}
