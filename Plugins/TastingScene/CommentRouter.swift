import SceneSDK

@MainActor
protocol CommentRoutingLogic {
    func routeToPrevious() throws
}

@MainActor
protocol CommentDataPassing {
    var dataStore: (any CommentDataStore)? { get }
}

final class CommentRouter: SceneRouter<CommentViewController, any CommentDataStore>, CommentRoutingLogic, CommentDataPassing {
    // MARK: Routing

    /// Back to the scene that asked: Tea or Rating, in whatever language it is written.
    func routeToPrevious() throws {
        try routeBack()
    }

    // MARK: Passing data

    /// Asked by the host whenever Comment leaves. The text goes back only when it was saved and is
    /// not blank: leaving by Back, or saving an empty field, hands back nothing (nil), so the scene
    /// below keeps the comment it had.
    func passDataToPrevious() -> CommentResult? {
        guard let dataStore, dataStore.isSaved, !dataStore.text.allSatisfy(\.isWhitespace) else { return nil }
        return CommentResult(text: dataStore.text)
    }
}
