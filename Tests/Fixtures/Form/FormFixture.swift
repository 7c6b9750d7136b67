import SceneSDK

/// One scene, `LoanForm`, with every form element: a text area, a secure field, a section with a
/// toggle and a choice, rows with a detail line, and a progress element while "sending" is on.
/// Save shows what was set in `summary` (the secret only as its length), for the form tests of
/// `run` and `serve` through the real worker. Built a second time as `FixtureFormReworded`
/// (`REWORDED`: a fourth option, "56 days"), a new build for the `--watch` tests.
enum FormFixturePlugin: ScenePlugin {
    static let name = "FixtureForm"
    static let version = "0.0.1"

    static func register(in registry: any SceneRegistry) throws {
        try registry.register(SceneDefinition("LoanForm", viewController: LoanFormViewController.init, interactor: { _ in LoanFormInteractor() },
                                              presenter: ScenePresenter<LoanFormViewController>.init, router: SceneRouter<LoanFormViewController, LoanFormInteractor>.init))
    }
}

/// Keeps what Save showed (`KeepsState`): the fields come back from the screen's record, the PIN
/// never (a secret is kept nowhere), the summary from its kept state.
final class LoanFormInteractor: SceneInteractor<ScenePresenter<LoanFormViewController>>, KeepsState {
    var notes = ""
    var pin = ""
    var notify = false
    var days: Int?
    var sending = false
    var summary = "nothing saved"

    struct KeptState: Codable {
        var summary: String
    }

    var keptState: KeptState {
        get { KeptState(summary: summary) }
        set { summary = newValue.summary }
    }
}

final class LoanFormViewController: SceneViewController<LoanFormInteractor, SceneRouter<LoanFormViewController, LoanFormInteractor>> {
    #if REWORDED
    static let days = ["7 days", "14 days", "28 days", "56 days"]
    #else
    static let days = ["7 days", "14 days", "28 days"]
    #endif

    override func render() -> Screen {
        guard let form = interactor else { return Screen(title: "Loan") }
        var elements: [ScreenElement] = [
            .list(id: "books", rows: [ListRow(title: "Dune", detail: "due in 3 days"), "Emma"]),
            .textArea(id: "notes", label: "Notes", text: form.notes),
            .secureField(id: "pin", label: "Library PIN", isFilled: !form.pin.isEmpty),
            .section(id: "options", title: "Options", elements: [
                .toggle(id: "notify", title: "Notify me", isOn: form.notify),
                .toggle(id: "sending", title: "Show progress", isOn: form.sending),
                .choice(id: "days", label: "Loan for", options: Self.days, selected: form.days),
            ]),
        ]
        if form.sending { elements.append(.progress(id: "progress", label: "Sending", value: 0.5)) }
        elements += [.label(id: "summary", text: form.summary), .button(id: "save", title: "Save")]
        return Screen(title: "Loan", elements: elements)
    }

    override func handle(_ event: UserEvent) throws {
        guard let form = interactor else { return }
        switch event {
        case .edit(field: "notes", let text): form.notes = text
        case .edit(field: "pin", let text): form.pin = text
        case .set(toggle: "notify", let isOn): form.notify = isOn
        case .set(toggle: "sending", let isOn): form.sending = isOn
        case .choose(choice: "days", let option): form.days = option
        case .tap(button: "save"):
            form.summary = "notify \(form.notify), \(form.days.map { Self.days[$0] } ?? "no days"), pin of \(form.pin.count), notes \(form.notes.split(separator: "\n").count) lines"
        default: break
        }
    }
}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { FormFixturePlugin.exportDescriptor() }
