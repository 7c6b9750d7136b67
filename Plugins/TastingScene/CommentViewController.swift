import SceneSDK

@MainActor
protocol CommentDisplayLogic: AnyObject {
    func displaySubject(viewModel: Comment.ShowSubject.ViewModel)
    func displayText(viewModel: Comment.EditText.ViewModel)
}

/// Comment's screen: what it asks about, a text field, and Save, which goes back with the text.
final class CommentViewController: SceneViewController<any CommentBusinessLogic, any CommentRoutingLogic & CommentDataPassing>, CommentDisplayLogic {
    private var prompt = ""
    private var text = ""

    override func viewDidLoad() {
        interactor?.showSubject(request: Comment.ShowSubject.Request())
    }

    override func render() -> Screen {
        Screen(title: "Comment", elements: [
            .label(id: "subject", text: prompt),
            .textField(id: "text", placeholder: "comment", text: text, label: "Your comment"),
            .button(id: "save", title: "Save"),
        ])
    }

    override func handle(_ event: UserEvent) throws {
        if case .edit(field: "text", let text) = event {
            interactor?.editText(request: Comment.EditText.Request(text: text))
        } else if case .tap(button: "save") = event {
            interactor?.saveComment(request: Comment.SaveComment.Request())
            try router?.routeToPrevious()
        }
    }

    // MARK: Display logic

    func displaySubject(viewModel: Comment.ShowSubject.ViewModel) {
        prompt = viewModel.prompt
    }

    func displayText(viewModel: Comment.EditText.ViewModel) {
        text = viewModel.text
    }
}
