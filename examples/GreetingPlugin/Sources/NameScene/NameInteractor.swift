import SceneSDK

@MainActor
protocol NameBusinessLogic {
    func editName(request: Name.Edit.Request)
    func saveName(request: Name.Save.Request)
}

/// What Name takes when it is shown and what its router hands back.
@MainActor
protocol NameDataStore: AnyObject {
    var name: String { get set }
    /// True once the user saved: only then does Name hand a result back.
    var saved: Bool { get }
}

final class NameInteractor: SceneInteractor<any NamePresentationLogic>, NameBusinessLogic, NameDataStore {
    var name = ""
    private(set) var saved = false
    private let worker = NameWorker()

    func editName(request: Name.Edit.Request) {
        name = request.name
        presenter?.presentName(response: Name.Edit.Response(name: name))
    }

    func saveName(request: Name.Save.Request) {
        name = worker.tidy(name)
        saved = true
    }
}
