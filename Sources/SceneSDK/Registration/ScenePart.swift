/// The four VIP parts of a scene, as the container knows them. Host-only (SPI).
@_spi(SceneHost) @_spi(SceneTesting)
public enum ScenePart: String, Sendable, CaseIterable {
    case viewController = "ViewController"
    case interactor = "Interactor"
    case presenter = "Presenter"
    case router = "Router"
}
