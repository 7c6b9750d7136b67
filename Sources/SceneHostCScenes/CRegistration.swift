@_spi(SceneHost) import SceneSDK
import SceneHostCore
import SceneHostCInterface

/// What a C plugin's `register_scenes` declared, collected call by call (`declare_*`), checked as
/// each call comes: a refused call names itself, its scene and its argument, and fails the load.
@MainActor
final class CRegistration {
    /// One declared scene.
    struct Scene {
        let name: String
        var input: ContractInfo?
        var acceptedResult: ContractInfo?
        var returnedResult: ContractInfo?
        /// Routes in declared order (a second declaration of a destination replaces the first).
        var routes: [Route] = []
        /// Declared roles in declared order: role name and signature text.
        var roles: [(role: String, signature: String)] = []
    }

    /// One declared route.
    struct Route {
        let destination: String
        let style: NavigationStyle?
        let payload: ContractInfo?
    }

    /// A declaration the host refuses: the argument and why.
    struct Refusal: Error {
        let reason: String
    }

    private(set) var scenes: [Scene] = []

    /// At most this many scenes per plugin, and routes and roles per scene: a plugin cannot make the
    /// host hold without bound whatever its registration loops over.
    static let maximumScenes = 256
    static let maximumPerScene = 256

    func declareScene(_ name: String) throws(Refusal) {
        guard CFieldList.isCIdentifier(name) else {
            throw Refusal(
                reason:
                    "'\(name)' is not a scene name a C plugin can have: a C identifier (its roles are named <Scene><Role>)"
            )
        }
        guard !scenes.contains(where: { $0.name == name }) else {
            throw Refusal(reason: "the scene '\(name)' is declared twice")
        }
        guard scenes.count < Self.maximumScenes else { throw Refusal(reason: "more than \(Self.maximumScenes) scenes") }
        scenes.append(Scene(name: name))
    }

    /// Changes the declared scene `name` with `change`.
    func update(_ name: String, _ change: (inout Scene) throws(Refusal) -> Void) throws(Refusal) {
        guard let index = scenes.firstIndex(where: { $0.name == name }) else {
            let hint = Suggestion.closest(to: name, in: scenes.map(\.name)).map { " Did you mean '\($0)'?" } ?? ""
            throw Refusal(reason: "'\(name)' is no scene declared so far (declare_scene comes first).\(hint)")
        }
        try change(&scenes[index])
    }

    /// A contract from a type name and a field list, the argument names given for messages.
    static func contract(typeName: String, fields: String) throws(Refusal) -> ContractInfo {
        guard CFieldList.isCIdentifier(typeName) else {
            throw Refusal(reason: "the type name '\(typeName)' is not an identifier")
        }
        do {
            let parsed = try CFieldList.parse(fields)
            return ContractInfo(typeName: typeName, schema: .object(type: typeName, fields: parsed))
        } catch {
            throw Refusal(reason: "the fields \"\(fields)\" do not read at column \(error.column): \(error.reason)")
        }
    }

    func addRoute(_ route: Route, to scene: String) throws(Refusal) {
        try update(scene) { (declared: inout Scene) throws(Refusal) in
            declared.routes.removeAll { $0.destination == route.destination }
            guard declared.routes.count < Self.maximumPerScene else {
                throw Refusal(reason: "more than \(Self.maximumPerScene) routes")
            }
            declared.routes.append(route)
        }
    }

    func addRole(_ role: String, signature: String, to scene: String) throws(Refusal) {
        try update(scene) { (declared: inout Scene) throws(Refusal) in
            guard !declared.roles.contains(where: { $0.role == role }) else {
                throw Refusal(reason: "the role '\(role)' is declared twice")
            }
            guard declared.roles.count < Self.maximumPerScene else {
                throw Refusal(reason: "more than \(Self.maximumPerScene) roles")
            }
            declared.roles.append((role, signature))
        }
    }
}
