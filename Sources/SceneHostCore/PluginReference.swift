/// A plugin as messages name it: its table in `scenes.conf`, its file, where it is configured.
public struct PluginReference: Equatable, Sendable {
    public let name: String
    public let path: String
    public let location: SourceLocation
    /// Where each key of its `[plugins.NAME.settings]` is written, to locate a rejected setting.
    public let settingLocations: [String: SourceLocation]

    public init(name: String, path: String, location: SourceLocation, settingLocations: [String: SourceLocation] = [:]) {
        self.name = name
        self.path = path
        self.location = location
        self.settingLocations = settingLocations
    }

    /// Where setting `key` is written, else where the plugin's table starts.
    public func location(ofSetting key: String) -> SourceLocation {
        settingLocations[key] ?? location
    }
}
