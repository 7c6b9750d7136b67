/// A plugin as messages name it: its table in `scenes.conf`, its file, where it is configured.
package struct PluginReference: Equatable, Sendable {
    package let name: String
    package let path: String
    package let location: SourceLocation
    /// Where each key of its `[plugins.NAME.settings]` is written, to locate a rejected setting.
    package let settingLocations: [String: SourceLocation]

    package init(name: String, path: String, location: SourceLocation, settingLocations: [String: SourceLocation] = [:])
    {
        self.name = name
        self.path = path
        self.location = location
        self.settingLocations = settingLocations
    }

    /// Where setting `key` is written, else where the plugin's table starts.
    package func location(ofSetting key: String) -> SourceLocation {
        settingLocations[key] ?? location
    }
}
