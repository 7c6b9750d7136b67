/// The values of a plugin's `[plugins.NAME.settings]` table in scenes.conf, handed to the plugin
/// at registration (`SceneRegistry.settings`).
///
/// Read them in `register(in:)` and capture what a factory needs. Empty when the config has no
/// such table, and in the host's probe child: registration must succeed without settings, and
/// act on them (open files, connect) only in factories, when a scene is built.
public struct PluginSettings: Sendable, Equatable {
    /// One setting's value: TOML strings, integers, floating-point numbers and booleans.
    public enum Value: Sendable, Equatable {
        /// A TOML string.
        case string(String)
        /// A TOML integer.
        case integer(Int)
        /// A TOML floating-point number.
        case number(Double)
        /// A TOML boolean.
        case boolean(Bool)
    }

    /// Every setting by key.
    public let values: [String: Value]
    /// The folder relative paths are resolved against (`path(_:)`): the config file's folder.
    public let baseDirectory: String

    /// Settings with `values`, relative paths resolved against `baseDirectory`.
    ///
    /// The host makes them from the config; a test makes its own (`SceneTestKit(settings:)`).
    public init(_ values: [String: Value] = [:], baseDirectory: String = ".") {
        self.values = values
        self.baseDirectory = baseDirectory
    }

    /// The string at `key`, or nil when it is missing or not a string.
    public func string(_ key: String) -> String? {
        if case .string(let value)? = values[key] { return value }
        return nil
    }

    /// The integer at `key`, or nil when it is missing or not an integer.
    public func integer(_ key: String) -> Int? {
        if case .integer(let value)? = values[key] { return value }
        return nil
    }

    /// The number at `key` (an integer is read as a number too), or nil.
    public func number(_ key: String) -> Double? {
        switch values[key] {
        case .number(let value)?: return value
        case .integer(let value)?: return Double(value)
        default: return nil
        }
    }

    /// The boolean at `key`, or nil when it is missing or not a boolean.
    public func boolean(_ key: String) -> Bool? {
        if case .boolean(let value)? = values[key] { return value }
        return nil
    }

    /// The string at `key` as a file path: absolute as written, else relative to `baseDirectory`.
    public func path(_ key: String) -> String? {
        guard let value = string(key) else { return nil }
        if value.hasPrefix("/") { return value }
        return baseDirectory.hasSuffix("/") ? baseDirectory + value : baseDirectory + "/" + value
    }
}

/// A plugin's factory (or registration) throws this when a setting cannot be used: the host
/// reports it at the place the setting is written in scenes.conf.
public struct PluginSettingError: Error, Equatable, Sendable {
    /// The setting's key in `[plugins.NAME.settings]`.
    public let key: String
    /// What is wrong and what to do, one sentence without a final period.
    public let reason: String

    /// The error for the setting `key`; `reason` is shown after the setting's place in scenes.conf.
    public init(key: String, reason: String) {
        self.key = key
        self.reason = reason
    }
}
