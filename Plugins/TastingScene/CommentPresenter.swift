import SceneSDK

@MainActor
protocol CommentPresentationLogic {
    func presentSubject(response: Comment.ShowSubject.Response)
    func presentText(response: Comment.EditText.Response)
}

final class CommentPresenter: ScenePresenter<any CommentDisplayLogic>, CommentPresentationLogic {
    func presentSubject(response: Comment.ShowSubject.Response) {
        viewController?.displaySubject(viewModel: Comment.ShowSubject.ViewModel(prompt: "What do you think of \(response.subject)?"))
    }

    func presentText(response: Comment.EditText.Response) {
        viewController?.displayText(viewModel: Comment.EditText.ViewModel(text: response.text))
    }
}
