/// <NAME>Presenter.swift: turns responses into view models.
enum PresenterTemplate {
    package static let text = #"""
        import SceneSDK

        @MainActor
        protocol {{NAME}}PresentationLogic {
            func presentSomething(response: {{NAME}}.Something.Response)
        }

        final class {{NAME}}Presenter: ScenePresenter<any {{NAME}}DisplayLogic>, {{NAME}}PresentationLogic {
            func presentSomething(response: {{NAME}}.Something.Response) {
                let text = response.text.isEmpty ? "Nothing yet" : "You said: \(response.text)"
                viewController?.displaySomething(viewModel: {{NAME}}.Something.ViewModel(text: text))
            }
        }

        """#
}
