import SceneSDK

/// One key of a `[plugins.NAME.settings]` table: its value and where it is written.
package struct PluginSetting: Sendable, Equatable {
    package let key: String
    package let value: PluginSettings.Value
    /// Where the key is written in scenes.conf.
    package let location: SourceLocation

    package init(key: String, value: PluginSettings.Value, location: SourceLocation) {
        self.key = key
        self.value = value
        self.location = location
    }

    /// The value as TOML writes it (`list` shows it so); the caller escapes control characters.
    package var valueText: String {
        switch value {
        case .string(let text):
            return "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
                + "\""
        case .integer(let number): return String(number)
        case .number(let number): return String(number)
        case .boolean(let flag): return flag ? "true" : "false"
        }
    }
}
