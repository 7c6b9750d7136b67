import SceneSDK
import Testing

/// A presenter's and a router's `viewController` hold the object itself, weakly, whatever the
/// declared type: a class, a class-bound display protocol, a protocol any type may adopt, or
/// `AnyObject`. (The setter takes the object from a class instance or an existential holding one
/// without bridging it as a value; this checks it is the same object, and still weak.)
@MainActor
@Suite("Roles: the weak ViewController reference")
struct ViewControllerReferenceTests {
    @MainActor protocol ClassBoundDisplay: AnyObject { func show() }
    @MainActor protocol AnyDisplay { func show() }
    final class Display: ClassBoundDisplay, AnyDisplay { func show() {} }
    struct ValueDisplay: AnyDisplay { func show() {} }

    @Test("the object set is the object read, for every kind of declared type; it is held weakly")
    func sameObjectAndWeak() {
        let classPresenter = ScenePresenter<Display>()
        let boundPresenter = ScenePresenter<any ClassBoundDisplay>()
        let openPresenter = ScenePresenter<any AnyDisplay>()
        let objectRouter = SceneRouter<AnyObject, Int>()
        weak var released: Display?
        do {
            let display = Display()
            released = display
            classPresenter.viewController = display
            boundPresenter.viewController = display
            openPresenter.viewController = display
            objectRouter.viewController = display
            #expect(classPresenter.viewController === display)
            #expect(boundPresenter.viewController === display)
            #expect((openPresenter.viewController as? Display) === display)
            #expect(objectRouter.viewController === display)
        }
        #expect(released == nil)
        #expect(classPresenter.viewController == nil)
        #expect(boundPresenter.viewController == nil)
        #expect(openPresenter.viewController == nil)
        #expect(objectRouter.viewController == nil)
    }

    @Test("setting nil clears it; a value that is not an object cannot be held weakly and reads back nil")
    func nilAndValues() {
        let display = Display()
        let presenter = ScenePresenter<any AnyDisplay>()
        presenter.viewController = display
        #expect(presenter.viewController != nil)
        presenter.viewController = nil
        #expect(presenter.viewController == nil)
        presenter.viewController = ValueDisplay()
        #expect(presenter.viewController == nil)
    }
}
