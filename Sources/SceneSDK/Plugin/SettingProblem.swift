/// What is wrong with one setting against a plugin's declarations (`PluginSettings.problems(declared:)`).
public struct SettingProblem: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// No declaration has this key; `suggestion` is a declared name close to it.
        case unknown(suggestion: String?, declared: [String])
        /// The value is not of the declared kind.
        case wrongType(expected: SettingKind, found: PluginSettings.Value)
        /// A required setting is not set.
        case missing
        /// The declaration's rule refuses the value; `reason` says why.
        case refused(reason: String)
    }

    /// The setting's key.
    public let key: String
    public let kind: Kind

    public init(key: String, kind: Kind) {
        self.key = key
        self.kind = kind
    }

    /// The problem as one sentence without the plugin's name, e.g. "setting 'databse' is not
    /// declared. Did you mean 'database'?"; the host and the testing kit put it in their messages.
    public var description: String {
        switch kind {
        case .unknown(let suggestion, let declared):
            if declared.isEmpty { return "setting '\(key)' is not declared: the plugin takes no settings (remove it)" }
            let hint = suggestion.map { " Did you mean '\($0)'?" } ?? ""
            return "setting '\(key)' is not declared.\(hint) Its settings: \(declared.joined(separator: ", "))"
        case .wrongType(let expected, let found):
            return "setting '\(key)' is \(found.kindDescription); it takes \(expected.description)"
        case .missing:
            return "setting '\(key)' is required and not set"
        case .refused(let reason):
            return "setting '\(key)' \(reason)"
        }
    }
}

extension SettingKind: CustomStringConvertible {
    /// "a string", "an integer", "a path (a string)": how messages name the kind.
    public var description: String {
        switch self {
        case .string: return "a string"
        case .integer: return "an integer"
        case .number: return "a number"
        case .boolean: return "a boolean (true or false)"
        case .path: return "a path (a string naming a file, relative to the config's folder)"
        }
    }
}

extension PluginSettings.Value {
    /// "an integer (42)", "a string (\"x\")": what a value is, for messages.
    public var kindDescription: String {
        switch self {
        case .string(let text): return "a string (\"\(text.count > 40 ? String(text.prefix(40)) + "…" : text)\")"
        case .integer(let number): return "an integer (\(number))"
        case .number(let number): return "a number (\(number))"
        case .boolean(let flag): return "a boolean (\(flag))"
        }
    }
}
