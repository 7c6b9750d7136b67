import SceneSDK
import SceneHostCore

/// A parsed and checked `scenes.conf`: which plugins to load, the first scene, the segues.
package struct SceneConfig: Sendable {
    /// The config file as the user named it (used in messages).
    package let file: String
    /// The folder plugin paths are relative to: the config file's own folder.
    package let baseDirectory: String
    package let initial: Located<String>
    /// In file order.
    package let plugins: [PluginEntry]
    /// In file order.
    package let segues: [SegueDeclaration]
    /// The `[host]` table: the scene workers' limits.
    package let host: HostSettings

    package init(
        file: String, baseDirectory: String, initial: Located<String>, plugins: [PluginEntry],
        segues: [SegueDeclaration],
        host: HostSettings = HostSettings()
    ) {
        self.file = file
        self.baseDirectory = baseDirectory
        self.initial = initial
        self.plugins = plugins
        self.segues = segues
        self.host = host
    }
}

/// A value with the place it was read from.
package struct Located<Value: Sendable & Equatable>: Sendable, Equatable {
    package let value: Value
    package let location: SourceLocation

    package init(value: Value, location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

/// One `[[segues]]` entry: the button `id` on scene `from` shows scene `to` in `style`.
package struct SegueDeclaration: Sendable, Equatable {
    package let from: Located<String>
    package let id: String
    package let to: Located<String>
    package let style: NavigationStyle
    package let location: SourceLocation

    package init(
        from: Located<String>, id: String, to: Located<String>, style: NavigationStyle, location: SourceLocation
    ) {
        self.from = from
        self.id = id
        self.to = to
        self.style = style
        self.location = location
    }
}
