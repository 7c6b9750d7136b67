/// A plugin as messages name it: its table in `scenes.conf`, its file, where it is configured.
public struct PluginReference: Equatable, Sendable {
    public let name: String
    public let path: String
    public let location: SourceLocation

    public init(name: String, path: String, location: SourceLocation) {
        self.name = name
        self.path = path
        self.location = location
    }
}
