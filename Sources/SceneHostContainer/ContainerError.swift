import SceneSDK
import SceneHostCore

/// What the container refuses: a scene registered twice, an unknown scene, a scene whose parts do not fit.
///
/// Its text and exit code are in `ContainerError+Message.swift`.
package enum ContainerError: HostConcernError, Equatable, Sendable {
    case duplicateScene(scene: String, first: PluginReference, second: PluginReference)
    /// One plugin's `register(in:)` registers the same scene twice: the plugin is at fault.
    case sceneRegisteredTwice(scene: String, plugin: PluginReference)
    case unknownScene(scene: String, requestedBy: String, registered: [String])
    case wiringFailed(scene: String, plugin: PluginReference?, SceneError)
    /// A factory of the scene (or of a Worker it resolves) threw `PluginSettingError`.
    case settingRejected(scene: String, plugin: PluginReference?, key: String, reason: String)
    case noScene
    /// Two plugins register the same service type and set a setting both declare to different
    /// values: one factory serves both, so one plugin's value would silently go unused.
    case serviceSettingsDiffer(
        service: String, first: PluginReference, second: PluginReference, key: String, firstValue: String,
        secondValue: String)
}
