@_spi(SceneHost) import SceneSDK
import SceneHostCore
import SceneHostNative

/// What a scene declares — name, input, results, routes — without any of its code.
///
/// Made from a loaded blueprint, or read from the probe cache for a plugin not loaded yet: the
/// graph, `check`, `list` and `graph` work from descriptions alone.
package struct SceneDescription: Equatable, Sendable {
    package let name: String
    package let input: ContractInfo?
    package let acceptedResult: ContractInfo?
    package let returnedResult: ContractInfo?
    package let routes: [DeclaredRoute]
    /// The scene's deep link, if it declares one (host-only, like the SDK's `DeclaredLink`).
    package let link: DeclaredLink?

    package init(name: String, input: ContractInfo?, acceptedResult: ContractInfo?, returnedResult: ContractInfo?, routes: [DeclaredRoute], link: DeclaredLink? = nil) {
        self.name = name
        self.input = input
        self.acceptedResult = acceptedResult
        self.returnedResult = returnedResult
        self.routes = routes
        self.link = link
    }

    @MainActor
    package init(_ blueprint: SceneBlueprint) {
        name = blueprint.name
        input = blueprint.input
        acceptedResult = blueprint.acceptedResult
        returnedResult = blueprint.returnedResult
        routes = blueprint.routes
        link = blueprint.link
    }
}
