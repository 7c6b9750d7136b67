/// What every build of one scene shares, computed once per definition.
@MainActor @usableFromInline
final class SceneRecipe<V: ViewControllerRole, I: InteractorRole, P: PresenterRole, R: RouterRole> {
    @usableFromInline let definition: SceneDefinition<V, I, P, R>
    @usableFromInline let destinations: Set<String>
    @usableFromInline let handlers: [String: @MainActor (R) -> (Segue?) throws -> Void]
    /// The input's typed apply, kept here so `WiredScene` (compiled unspecialized in the SDK) reaches
    /// it without instantiating the definition's generic types on every navigation.
    @usableFromInline let acceptValue: (@MainActor (R, Any) -> Bool)?
    /// The ViewController class last wired successfully into base-class presenter and router:
    /// their two casts of it passed, and would pass again (`SceneDefinition.wire`).
    @usableFromInline var checkedViewControllerClass: ObjectIdentifier?

    @inlinable
    init(_ definition: SceneDefinition<V, I, P, R>) {
        self.definition = definition
        destinations = Set(definition.routes.map(\.destination))
        var handlers: [String: @MainActor (R) -> (Segue?) throws -> Void] = [:]
        for route in definition.routes {
            if let handler = route.handler { handlers[RouteHandlerName.forDestination(route.destination)] = handler }
        }
        self.handlers = handlers
        acceptValue = definition.input?.applyValue
    }
}
