import SceneSDK
import SceneHostCore
import SceneHostConfig

/// The config's grants against what a plugin declares (`ScenePlugin.permissions`): a grant of
/// anything undeclared is refused, so a config never hands a plugin more than its author asked for.
package enum GrantCheck {
    /// Throws `pluginGrantNotDeclared` for the first granted permission `declared` lacks.
    package static func check(
        _ entry: PluginEntry, plugin: PluginReference, declared: [PluginPermission]
    ) throws(PluginLoadError) {
        for permission in entry.grants where !declared.contains(permission) {
            throw .pluginGrantNotDeclared(
                plugin, permission: permission, at: entry.grantLocation ?? entry.location, declared: declared)
        }
    }
}
