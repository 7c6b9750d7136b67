/// One setting a plugin takes in its `[plugins.NAME.settings]` table: name, type, default and help.
///
/// A plugin lists them in `ScenePlugin.settings`; the host checks the config against the list
/// before any scene runs (`check`, and `run`/`serve` at start): an undeclared key, a value of
/// another type, a missing required one or a value its rule refuses is an error at the key's line.
/// `scene-host list` shows them with their help.
///
/// ```swift
/// static let settings: [SettingDeclaration] = [
///     .path("database", help: "the SQLite file of the orders; none keeps them in memory"),
///     .integer("pageSize", default: 20, help: "orders per page", range: 1...500),
/// ]
/// ```
public struct SettingDeclaration: Sendable, Equatable {
    /// A check of the value beyond its type, run by the host at start (and by the testing kit).
    public enum Rule: Sendable, Equatable {
        /// A string or path that is not empty.
        case nonEmpty
        /// One of these strings.
        case oneOf([String])
        /// An integer in this range.
        case integerRange(ClosedRange<Int>)
        /// A number in this range.
        case numberRange(ClosedRange<Double>)
    }

    /// The key in `[plugins.NAME.settings]`.
    public let name: String
    public let kind: SettingKind
    /// The value the plugin sees when the config does not set it; nil: no value then.
    public let defaultValue: PluginSettings.Value?
    /// Whether the config must set it (a required setting has no default).
    public let isRequired: Bool
    /// One line for `scene-host list` and messages.
    public let help: String
    public let rule: Rule?

    /// A declaration of any kind; the static functions below read better.
    public init(name: String, kind: SettingKind, defaultValue: PluginSettings.Value? = nil, isRequired: Bool = false, help: String, rule: Rule? = nil) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.isRequired = isRequired
        self.help = help
        self.rule = rule
    }

    /// A string setting; `nonEmpty` refuses `""`, `oneOf` lists the allowed values.
    public static func string(_ name: String, default value: String? = nil, required: Bool = false, help: String,
                              nonEmpty: Bool = false, oneOf choices: [String]? = nil) -> SettingDeclaration {
        SettingDeclaration(name: name, kind: .string, defaultValue: value.map(PluginSettings.Value.string), isRequired: required, help: help,
                           rule: choices.map(Rule.oneOf) ?? (nonEmpty ? .nonEmpty : nil))
    }

    /// An integer setting, optionally limited to `range`.
    public static func integer(_ name: String, default value: Int? = nil, required: Bool = false, help: String,
                               range: ClosedRange<Int>? = nil) -> SettingDeclaration {
        SettingDeclaration(name: name, kind: .integer, defaultValue: value.map(PluginSettings.Value.integer), isRequired: required, help: help,
                           rule: range.map(Rule.integerRange))
    }

    /// A floating-point setting (an integer is accepted too), optionally limited to `range`.
    public static func number(_ name: String, default value: Double? = nil, required: Bool = false, help: String,
                              range: ClosedRange<Double>? = nil) -> SettingDeclaration {
        SettingDeclaration(name: name, kind: .number, defaultValue: value.map(PluginSettings.Value.number), isRequired: required, help: help,
                           rule: range.map(Rule.numberRange))
    }

    /// A boolean setting.
    public static func boolean(_ name: String, default value: Bool? = nil, required: Bool = false, help: String) -> SettingDeclaration {
        SettingDeclaration(name: name, kind: .boolean, defaultValue: value.map(PluginSettings.Value.boolean), isRequired: required, help: help)
    }

    /// A file path setting: never empty, relative to the config's folder, trust-checked by the host.
    public static func path(_ name: String, default value: String? = nil, required: Bool = false, help: String) -> SettingDeclaration {
        SettingDeclaration(name: name, kind: .path, defaultValue: value.map(PluginSettings.Value.string), isRequired: required, help: help,
                           rule: .nonEmpty)
    }
}

/// What a setting's value must be (`SettingDeclaration.kind`).
public enum SettingKind: String, Sendable, Equatable, CaseIterable {
    case string, integer, number, boolean
    /// A string naming a file, relative to the config's folder: the host checks its owner and
    /// permissions like a plugin file's before the plugin gets it (`PluginSettings.path(_:)`).
    case path
}
