import SceneSDK
import SceneHostCore

/// A plugin to load: one `[plugins.NAME]` table of `scenes.conf`, as the loader needs it.
///
/// Declared by the loader, filled in by `ConfigLoader`: the config depends on the loader, never the reverse.
package struct PluginEntry: Sendable {
    package init(
        name: String, path: String, resolvedPath: String, sha256: String?, location: SourceLocation,
        pathLocation: SourceLocation,
        settings: [PluginSetting] = [], settingsBaseDirectory: String = ".", grants: [PluginPermission] = [],
        grantLocation: SourceLocation? = nil
    ) {
        self.grants = grants
        self.grantLocation = grantLocation
        self.settings = settings
        self.settingsBaseDirectory = settingsBaseDirectory
        self.name = name
        self.path = path
        self.resolvedPath = resolvedPath
        self.sha256 = sha256
        self.location = location
        self.pathLocation = pathLocation
    }

    /// The table's name (`NAME` in `[plugins.NAME]`).
    package let name: String
    /// The path as written in the file.
    package let path: String
    /// The path resolved against the config file's folder.
    package let resolvedPath: String
    /// Lower-case hex SHA-256 the file must have, if pinned.
    package let sha256: String?
    /// Where the table starts.
    package let location: SourceLocation
    /// Where `path` is written.
    package let pathLocation: SourceLocation
    /// `[plugins.NAME.settings]`, in file order.
    package let settings: [PluginSetting]
    /// The folder relative paths in settings resolve against: the config file's folder.
    package let settingsBaseDirectory: String
    /// The permissions its table grants (`grant = [...]`), in file order; each must be one the plugin declares.
    package let grants: [PluginPermission]
    /// Where `grant` is written, when it is.
    package let grantLocation: SourceLocation?

    /// The settings as the plugin sees them at registration.
    package var pluginSettings: PluginSettings {
        PluginSettings(
            Dictionary(uniqueKeysWithValues: settings.map { ($0.key, $0.value) }), baseDirectory: settingsBaseDirectory)
    }
}
