@_spi(SceneHost) import SceneSDK
import SceneHostCore

/// What went wrong building one scene once in its plugin's probe, as data: `check` reports it
/// from the probe verdict without loading the plugin into the host.
///
/// Only failures whose text depends on nothing but the plugin itself are kept as they are; one
/// that depends on the other plugins of the app (a service it resolves from them, the list of
/// registered names) is `needsHost`, and `check` then builds the scenes in the host as before.
package enum WiringFinding: Equatable, Sendable {
    /// Its parts do not fit each other (`SceneError.wiringMismatch`).
    case wiringMismatch(part: String, partType: String, property: String, expected: String)
    /// A factory refused a plugin setting (`PluginSettingError`).
    case settingRejected(key: String, reason: String)
    /// A factory threw an error of the plugin's own; its description.
    case failed(description: String)
    /// The failure's text depends on more than this plugin: only a check in the host can tell.
    case needsHost

    /// `error`, thrown while the probe built `scene`, as a finding.
    package init(_ error: any Error) {
        guard let concern = error as? any HostConcernError else {
            // The plugin's own error: its description is all there is.
            self = .failed(description: String(describing: error))
            return
        }
        self = (concern as? ContainerError).flatMap(Self.finding) ?? .needsHost
    }

    /// The finding a container error is about this plugin alone; nil when only the host can tell.
    private static func finding(_ error: ContainerError) -> WiringFinding? {
        switch error {
        case .wiringFailed(_, _, .wiringMismatch(_, let part, let partType, let property, let expected)):
            return .wiringMismatch(part: part, partType: partType, property: property, expected: expected)
        case .settingRejected(_, _, let key, let reason):
            return .settingRejected(key: key, reason: reason)
        case .wiringFailed, .duplicateScene, .sceneRegisteredTwice, .unknownScene, .noScene, .serviceSettingsDiffer:
            return nil
        }
    }
}
