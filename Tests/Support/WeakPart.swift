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
    package static func all(of parts: ScenePartSet) -> [WeakPart] {
        [WeakPart("ViewController", parts.viewController), WeakPart("Interactor", parts.interactor),
         WeakPart("Presenter", parts.presenter), WeakPart("Router", parts.router)]
    }
}
