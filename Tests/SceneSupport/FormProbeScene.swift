import SceneSDK
import SceneHostCore
import SceneHostContainer

// A form of every input kind, for the controls of issue 34: a text area, a secure field, and a
// section with two toggles and a choice. What the user set is kept in the interactor (the secret
// too: the screen only says whether one was typed).

@MainActor
package protocol FormProbeBusinessLogic: AnyObject {
    var notes: String { get set }
    var secret: String { get set }
    var notify: Bool { get set }
    var wrap: Bool { get set }
    var days: Int? { get set }
}

@MainActor
package protocol FormProbePresentationLogic: AnyObject {}

@MainActor
package protocol FormProbeDisplayLogic: AnyObject {}

@MainActor
package protocol FormProbeRoutingLogic: AnyObject {}

package final class FormProbeInteractor: SceneInteractor<any FormProbePresentationLogic>, FormProbeBusinessLogic {
    package var notes = ""
    package var secret = ""
    package var notify = false
    package var wrap = true
    package var days: Int?
}

package final class FormProbePresenter: ScenePresenter<any FormProbeDisplayLogic>, FormProbePresentationLogic {}

package final class FormProbeViewController: SceneViewController<any FormProbeBusinessLogic, any FormProbeRoutingLogic>,
    FormProbeDisplayLogic
{
    package static let dayOptions = ["7 days", "14 days", "28 days"]

    package override func render() -> Screen {
        guard let form = interactor else { return Screen(title: "Form") }
        return Screen(
            title: "Form",
            elements: [
                .textArea(id: "notes", label: "Notes", text: form.notes),
                .secureField(id: "pin", label: "PIN", isFilled: !form.secret.isEmpty),
                .section(
                    id: "options", title: "Options",
                    elements: [
                        .toggle(id: "notify", title: "Notify me", isOn: form.notify),
                        .toggle(id: "wrap", title: "Gift wrap", isOn: form.wrap),
                        .choice(id: "days", label: "Days", options: Self.dayOptions, selected: form.days),
                    ]),
                .label(
                    id: "summary",
                    text:
                        "notify \(form.notify), wrap \(form.wrap), days \(form.days.map { Self.dayOptions[$0] } ?? "none"), pin \(form.secret.count) characters"
                ),
                .button(id: "save", title: "Save"),
            ])
    }

    package override func handle(_ event: UserEvent) throws {
        guard let form = interactor else { return }
        switch event {
        case .edit(field: "notes", let text): form.notes = text
        case .edit(field: "pin", let text): form.secret = text
        case .set(toggle: "notify", let isOn): form.notify = isOn
        case .set(toggle: "wrap", let isOn): form.wrap = isOn
        case .choose(choice: "days", let option): form.days = option
        default: break
        }
    }
}

package final class FormProbeRouter: SceneRouter<FormProbeViewController, FormProbeInteractor>, FormProbeRoutingLogic {}

@MainActor
package enum FormProbe {
    package static let plugin = PluginReference(
        name: "FormPlugin", path: "/probe/libForm.so", location: SourceLocation(file: "form.conf", line: 3, column: 1))

    package static var definition:
        SceneDefinition<FormProbeViewController, FormProbeInteractor, FormProbePresenter, FormProbeRouter>
    {
        SceneDefinition(
            "Form", viewController: FormProbeViewController.init, interactor: { _ in FormProbeInteractor() },
            presenter: FormProbePresenter.init, router: FormProbeRouter.init)
    }

    /// A container with the one scene `Form`.
    package static func container() throws -> SceneContainer {
        let container = SceneContainer()
        let registry = PluginScopedRegistry(plugin: plugin)
        try registry.register(definition)
        try registry.commit(into: container)
        return container
    }
}
