@_spi(SceneHost) import SceneSDK

/// A weak reference to one part of a scene, for leak checks.
package final class WeakPart {
    package let name: String
    package weak var object: AnyObject?

    package init(_ name: String, _ object: AnyObject) {
        self.name = name
        self.object = object
    }

    /// Weak references to the four parts of a scene.
    @MainActor
    package static func all(of scene: AssembledScene) -> [WeakPart] {
        [
            WeakPart("ViewController", scene.viewController), WeakPart("Interactor", scene.interactor),
            WeakPart("Presenter", scene.presenter), WeakPart("Router", scene.router),
        ]
    }
}
