import SceneSDK
import SceneHostConfig
import SceneHostCore
import SceneHostLoading

extension AppCheck {
    /// The permissions plugins declare that the config leaves ungranted, in config order: `check`
    /// says so, since those calls will fail with EPERM (a grant of anything undeclared is an error
    /// at loading, `GrantCheck`).
    static func ungrantedPermissions(config: SceneConfig, plugins: [LoadedPlugin]) -> [HostWarning] {
        let byName = Dictionary(plugins.map { ($0.configName, $0) }, uniquingKeysWith: { first, _ in first })
        return config.plugins.flatMap { entry -> [HostWarning] in
            guard let plugin = byName[entry.name] else { return [] }
            let reference = PluginReference(name: entry.name, path: entry.resolvedPath, location: entry.location)
            return plugin.permissions.filter { !entry.grants.contains($0) }.map {
                .permissionNotGranted(plugin: reference, permission: $0)
            }
        }
    }
}
