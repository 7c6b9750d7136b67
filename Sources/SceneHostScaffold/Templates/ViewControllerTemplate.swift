/// <NAME>ViewController.swift: display logic, the screen and the user's events.
///
/// `{{ROUTE_BUTTONS}}` and `{{ROUTE_EVENTS}}` are the buttons to a plugin's other scenes and their
/// taps (`SceneFiles`); empty for a scene that routes only back.
enum ViewControllerTemplate {
    package static let text = #"""
        import SceneSDK

        @MainActor
        protocol {{NAME}}DisplayLogic: AnyObject {
            func displaySomething(viewModel: {{NAME}}.Something.ViewModel)
        }

        /// {{NAME}}'s screen: a label, a text field, an Update button that shows the text in the label
        /// through the VIP cycle (interactor, presenter, back here), and a Done button that goes back.
        /// While the Worker works in the background, a progress element says so.
        final class {{NAME}}ViewController: SceneViewController<any {{NAME}}BusinessLogic, any {{NAME}}RoutingLogic & {{NAME}}DataPassing>, {{NAME}}DisplayLogic {
            private var messageText = ""
            private var fieldText = ""
            private var isWorking = false

            override func viewDidLoad() {
                doSomething()
            }

            override func render() -> Screen {
                Screen(title: "{{NAME}}", elements: [
                    .label(id: "message", text: messageText),
                    .textField(id: "text", placeholder: "type something", text: fieldText),
                    .button(id: "update", title: "Update"),{{ROUTE_BUTTONS}}
                    .button(id: "done", title: "Done"),
                ] + (isWorking ? [.progress(id: "working", label: "Working", value: nil)] : []))
            }

            override func handle(_ event: UserEvent) throws {
                switch event {
                case .edit(field: "text", let text):
                    fieldText = text
                case .tap(button: "update"):
                    doSomething()
                case .tap(button: "done"):
                    try router?.routeToPrevious(){{ROUTE_EVENTS}}
                default:
                    break
                }
            }

            private func doSomething() {
                isWorking = true
                interactor?.doSomething(request: {{NAME}}.Something.Request(text: fieldText))
            }

            // MARK: Display logic

            func displaySomething(viewModel: {{NAME}}.Something.ViewModel) {
                messageText = viewModel.text
                isWorking = false
            }
        }

        """#
}
