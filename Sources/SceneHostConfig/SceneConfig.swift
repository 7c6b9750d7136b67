import SceneSDK
import SceneHostCore

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
    /// The `[host]` table: the scene workers' limits.
    public let host: HostSettings

    public init(file: String, baseDirectory: String, initial: Located<String>, plugins: [PluginEntry], segues: [SegueDeclaration],
                host: HostSettings = HostSettings()) {
        self.file = file
        self.baseDirectory = baseDirectory
        self.initial = initial
        self.plugins = plugins
        self.segues = segues
        self.host = host
    }
}

/// A value with the place it was read from.
public struct Located<Value: Sendable & Equatable>: Sendable, Equatable {
    public let value: Value
    public let location: SourceLocation

    package init(value: Value, location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

/// One `[[segues]]` entry: the button `id` on scene `from` shows scene `to` in `style`.
public struct SegueDeclaration: Sendable, Equatable {
    public let from: Located<String>
    public let id: String
    public let to: Located<String>
    public let style: NavigationStyle
    public let location: SourceLocation

    package init(from: Located<String>, id: String, to: Located<String>, style: NavigationStyle, location: SourceLocation) {
        self.from = from
        self.id = id
        self.to = to
        self.style = style
        self.location = location
    }
}
