/// Lets the wiring hand the base classes their weak view controller as a plain object.
///
/// Setting the typed `viewController` property converts an existential to `AnyObject` through
/// the runtime's bridging path on every navigation; the wiring already holds the object itself.
@MainActor @usableFromInline
protocol ViewControllerLinking: AnyObject {
    func link(viewController object: AnyObject)
}
