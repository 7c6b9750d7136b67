/// The four VIP parts of a scene, as the container knows them.
public enum ScenePart: String, Sendable, CaseIterable {
    case viewController = "ViewController"
    case interactor = "Interactor"
    case presenter = "Presenter"
    case router = "Router"
}
