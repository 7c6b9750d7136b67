/// The four resolved parts of one scene, before wiring. Host-only (SPI): the host resolves them
/// from its container and passes them to `SceneBlueprint.assemble`.
@_spi(SceneHost) @_spi(SceneTesting)
public struct ScenePartSet {
    public let viewController: AnyObject
    public let interactor: AnyObject
    public let presenter: AnyObject
    public let router: AnyObject

    public init(viewController: AnyObject, interactor: AnyObject, presenter: AnyObject, router: AnyObject) {
        self.viewController = viewController
        self.interactor = interactor
        self.presenter = presenter
        self.router = router
    }
}
