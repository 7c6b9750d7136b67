@_spi(SceneHost) import SceneSDK

/// Builds a scene by name: resolves its four parts from the container and wires them.
@MainActor
package struct SceneAssembler {
    package let container: SceneContainer

    package init(container: SceneContainer) {
        self.container = container
    }

    /// A ready scene; `requestedBy` names the source in the error when `name` is not registered.
    package func assemble(_ name: String, requestedBy: String, navigator: any SceneNavigating) throws -> AssembledScene
    {
        guard let build = try container.builder(named: name) else {
            throw ContainerError.unknownScene(scene: name, requestedBy: requestedBy, registered: container.sceneNames)
        }
        do {
            return try build(container, navigator)
        } catch let error as SceneError {
            throw ContainerError.wiringFailed(scene: name, plugin: container.plugin(registering: name), error)
        } catch let error as PluginSettingError {
            throw ContainerError.settingRejected(
                scene: name, plugin: container.plugin(registering: name), key: error.key, reason: error.reason)
        }
    }
}
