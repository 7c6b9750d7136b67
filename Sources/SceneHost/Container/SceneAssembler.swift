@_spi(SceneHost) import SceneSDK

/// Builds a scene by name: resolves its four parts from the container and wires them.
@MainActor
struct SceneAssembler {
    let container: SceneContainer

    /// A ready scene; `requestedBy` names the source in the error when `name` is not registered.
    func assemble(_ name: String, requestedBy: String, navigator: any SceneNavigating) throws -> AssembledScene {
        guard let blueprint = try container.blueprint(named: name) else {
            throw ContainerError.unknownScene(scene: name, requestedBy: requestedBy, registered: container.sceneNames)
        }
        do {
            let parts = ScenePartSet(
                viewController: try container.resolvePart(.viewController, of: name),
                interactor: try container.resolvePart(.interactor, of: name),
                presenter: try container.resolvePart(.presenter, of: name),
                router: try container.resolvePart(.router, of: name)
            )
            return try blueprint.assemble(parts, navigator: navigator)
        } catch let error as SceneError {
            throw ContainerError.wiringFailed(scene: name, plugin: container.plugin(registering: name), error)
        } catch let error as PluginSettingError {
            throw ContainerError.settingRejected(scene: name, plugin: container.plugin(registering: name), key: error.key, reason: error.reason)
        }
    }
}
