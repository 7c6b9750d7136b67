import SceneSDK

@MainActor
protocol CommentBusinessLogic {
    func showSubject(request: Comment.ShowSubject.Request)
    func editText(request: Comment.EditText.Request)
    func saveComment(request: Comment.SaveComment.Request)
}

/// What Comment keeps: the subject it was given, the text typed so far, and whether it was saved.
@MainActor
protocol CommentDataStore {
    var subject: String { get set }
    var text: String { get }
    var isSaved: Bool { get }
}

final class CommentInteractor: SceneInteractor<any CommentPresentationLogic>, CommentBusinessLogic, CommentDataStore {
    var subject = ""
    var text = ""
    var isSaved = false

    func showSubject(request: Comment.ShowSubject.Request) {
        presenter?.presentSubject(response: Comment.ShowSubject.Response(subject: subject))
    }

    func editText(request: Comment.EditText.Request) {
        text = request.text
        presenter?.presentText(response: Comment.EditText.Response(text: text))
    }

    func saveComment(request: Comment.SaveComment.Request) {
        isSaved = true
    }
}
