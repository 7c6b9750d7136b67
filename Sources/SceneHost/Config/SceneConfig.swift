import SceneSDK

/// A parsed and checked `scenes.conf`: which plugins to load, the first scene, the segues.
public struct SceneConfig: Sendable {
    /// The config file as the user named it (used in messages).
    public let file: String
    /// The folder plugin paths are relative to: the config file's own folder.
    public let baseDirectory: String
    public let initial: Located<String>
    /// In file order.
    public let plugins: [PluginEntry]
    /// In file order.
    public let segues: [SegueDeclaration]
}

/// A value with the place it was read from.
public struct Located<Value: Sendable & Equatable>: Sendable, Equatable {
    public let value: Value
    public let location: SourceLocation
}

/// One `[plugins.NAME]` table.
public struct PluginEntry: Sendable {
    public init(name: String, path: String, resolvedPath: String, sha256: String?, location: SourceLocation, pathLocation: SourceLocation,
                settings: [PluginSetting] = [], settingsBaseDirectory: String = ".") {
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
    public let name: String
    /// The path as written in the file.
    public let path: String
    /// The path resolved against the config file's folder.
    public let resolvedPath: String
    /// Lower-case hex SHA-256 the file must have, if pinned.
    public let sha256: String?
    /// Where the table starts.
    public let location: SourceLocation
    /// Where `path` is written.
    public let pathLocation: SourceLocation
    /// `[plugins.NAME.settings]`, in file order.
    public let settings: [PluginSetting]
    /// The folder relative paths in settings resolve against: the config file's folder.
    public let settingsBaseDirectory: String

    /// The settings as the plugin sees them at registration.
    public var pluginSettings: PluginSettings {
        PluginSettings(Dictionary(uniqueKeysWithValues: settings.map { ($0.key, $0.value) }), baseDirectory: settingsBaseDirectory)
    }
}

/// One `[[segues]]` entry: the button `id` on scene `from` shows scene `to` in `style`.
public struct SegueDeclaration: Sendable, Equatable {
    public let from: Located<String>
    public let id: String
    public let to: Located<String>
    public let style: NavigationStyle
    public let location: SourceLocation
}
