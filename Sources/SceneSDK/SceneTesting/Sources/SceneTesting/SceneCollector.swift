@_spi(SceneTesting) import SceneSDK

/// The registry a plugin registers into when a test loads it: the same `SceneBlueprint`s the
/// host gets, so the kit builds scenes exactly as the host does.
@MainActor
final class SceneCollector: SceneRegistry {
    private(set) var blueprints: [String: SceneBlueprint] = [:]
    /// The plugin whose `register(in:)` runs now (`SceneTestKit.load`), and the scenes it registered so far.
    var loading: (plugin: String, scenes: Set<String>)?
    private let services: TestServices
    /// What the loaded plugins read as their settings (`SceneTestKit(settings:)`).
    let settings: PluginSettings

    init(services: TestServices, settings: PluginSettings) {
        self.services = services
        self.settings = settings
    }

    func register(_ blueprint: SceneBlueprint) throws {
        guard blueprints[blueprint.name] == nil else {
            if let loading, loading.scenes.contains(blueprint.name) {
                throw SceneTestingError.sceneRegisteredTwice(scene: blueprint.name, plugin: loading.plugin)
            }
            throw SceneTestingError.duplicateScene(scene: blueprint.name)
        }
        blueprints[blueprint.name] = blueprint
        loading?.scenes.insert(blueprint.name)
    }

    func registerService(_ type: Any.Type, factory: @escaping @MainActor (any ServiceResolving) throws -> Any) {
        services.registerFromPlugin(type, factory: factory)
    }

    /// Builds the scene `name` from its factories and wires it to `navigator`, as the host's assembler does.
    func assemble(_ name: String, navigator: any SceneNavigating) throws -> AssembledScene {
        guard let blueprint = blueprints[name] else {
            throw SceneTestingError.unknownScene(scene: name, registered: blueprints.keys.sorted())
        }
        func part(_ part: ScenePart) throws -> AnyObject {
            guard let factory = blueprint.factories[part] else {
                throw SceneTestingError.unknownScene(scene: name, registered: blueprints.keys.sorted())
            }
            return try factory(services)
        }
        return try blueprint.assemble(viewController: try part(.viewController), interactor: try part(.interactor),
                                      presenter: try part(.presenter), router: try part(.router), navigator: navigator)
    }
}
