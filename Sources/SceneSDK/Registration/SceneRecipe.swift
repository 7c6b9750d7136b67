/// What every build of one scene shares, computed once per definition.
@MainActor @usableFromInline
final class SceneRecipe<V: ViewControllerRole, I: InteractorRole, P: PresenterRole, R: RouterRole> {
    @usableFromInline let definition: SceneDefinition<V, I, P, R>
    @usableFromInline let destinations: Set<String>
    /// The router's route handlers by destination scene (a segue to it calls the handler; its name,
    /// `routeTo<Destination>`, is what `check` shows, never built on a tap).
    @usableFromInline let handlers: [String: @MainActor (R) -> (Segue?) throws -> Void]
    /// The input's typed apply, kept here so `WiredScene` (compiled unspecialized in the SDK) reaches
    /// it without instantiating the definition's generic types on every navigation.
    @usableFromInline let acceptValue: (@MainActor (R, Any) -> Bool)?
    /// The declared input's type identity (`ContractDeclaration.typeID`).
    @usableFromInline let inputType: ObjectIdentifier?
    /// The input's conversion from another type (`ContractDeclaration.applyConverted`), for the same reason.
    @usableFromInline let acceptConverted: (@MainActor (R, any Encodable) -> Bool)?
    /// The result handed back on leaving (`ReturnDeclaration.produce`), for the same reason.
    @usableFromInline let produceResult: (@MainActor (R) throws -> ScenePayload?)?
    /// The ViewController class last wired successfully into base-class presenter and router:
    /// their two casts of it passed, and would pass again (`SceneDefinition.wire`).
    @usableFromInline var checkedViewControllerClass: ObjectIdentifier?

    @inlinable
    init(_ definition: SceneDefinition<V, I, P, R>) {
        self.definition = definition
        destinations = Set(definition.routes.map(\.destination))
        var handlers: [String: @MainActor (R) -> (Segue?) throws -> Void] = [:]
        for route in definition.routes {
            if let handler = route.handler { handlers[route.destination] = handler }
        }
        self.handlers = handlers
        acceptValue = definition.input?.applyValue
        inputType = definition.input?.typeID
        if let input = definition.input {
            let convert = input.applyConverted, schema = input.schema
            acceptConverted = { router, value in convert(router, value, schema) }
        } else {
            acceptConverted = nil
        }
        produceResult = definition.returnedResult?.produce
    }
}
