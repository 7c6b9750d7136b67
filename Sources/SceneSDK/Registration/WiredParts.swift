/// The parts the inlined wiring reads: `ScenePartSet` as plugins' code may see it (the host's type
/// is SPI, and code that plugins inline can only use public or `@usableFromInline` declarations).
@usableFromInline
struct WiredParts {
    @usableFromInline let viewController: AnyObject
    @usableFromInline let interactor: AnyObject
    @usableFromInline let presenter: AnyObject
    @usableFromInline let router: AnyObject

    @inlinable
    init(viewController: AnyObject, interactor: AnyObject, presenter: AnyObject, router: AnyObject) {
        self.viewController = viewController
        self.interactor = interactor
        self.presenter = presenter
        self.router = router
    }

    init(_ parts: ScenePartSet) {
        viewController = parts.viewController
        interactor = parts.interactor
        presenter = parts.presenter
        router = parts.router
    }
}
