import SceneSDK
import SceneHostCore
extension ConfigError {
    /// Problems found together are escaped one by one: each keeps its own line.
    package var message: String {
        if case .configProblems(let problems) = self { return problems.map(\.message).joined(separator: "\n") }
        return TerminalText.escaped(unescapedMessage)
    }

    /// Every config problem: the user fixes `scenes.conf`.
    package var exitStatus: ExitStatus { .configError }

    /// The message before it is escaped.
    package var unescapedMessage: String {
        switch self {
        case .configProblems(let problems):
            return problems.map(\.unescapedMessage).joined(separator: "\n")
        case .configNotFound(let path):
            return
                "error: config file '\(path)' not found. Pass --config FILE, or run from the folder that holds scenes.conf."
        case .configUnreadable(let path, let reason):
            return "error: cannot read config file '\(path)': \(reason)."
        case .configNotReadable(let path, let problem):
            return
                "error: cannot read config file '\(path)': \(problem.clause(hint: "Pass --config with the config file itself"))"
        case .configNulInString(let location):
            return
                "\(location): error: a string holds a NUL character (\\u0000), which no name or path can contain. Remove it."
        case .configInvalidName(let location, let key, let value):
            return
                "\(location): error: \(name: key) is \"\(QuotedName.shortened(value))\", which a script or the terminal cannot type: ids and scene names are one word of letters, digits and punctuation, without spaces, tabs or control characters."
        case .configNumberOutOfRange(let location, let key, let plugin, let literal, let problem):
            // The words of `call`'s refusal of the same number (NativeError.argumentUnderflows, .argumentOutOfRange).
            let owner = plugin.map { "plugin \(name: $0): setting " } ?? ""
            let start = "\(location): error: \(owner)\(name: key) is \(QuotedName.shortened(literal)), which"
            let fix = plugin.map { " Fix it in [plugins.\($0).settings]." } ?? ""
            switch problem {
            case .underflows:
                return
                    "\(start) is not zero but too small for a double and would become 0. Write 0 for zero, or a number a double can hold (the smallest is 4.9e-324).\(fix)"
            case .overflows:
                return
                    "\(start) is out of the range of a double and would become infinity. Write inf for infinity, or a number a double can hold (the largest is 1.7976931348623157e308).\(fix)"
            case .integerOverflows:
                return
                    "\(start) is out of the range of a 64-bit integer (\(Int64.min) to \(Int64.max)). Write a whole number within it.\(fix)"
            }
        case .configSyntax(let location, let message):
            return "\(location): error: TOML syntax: \(message). Fix this line, then run 'scene-host check'."
        case .configUnknownKey(let location, let key, let table, let allowed):
            let suggestion = Suggestion.closest(to: key, in: allowed).map { " Did you mean '\($0)'?" } ?? ""
            return
                "\(location): error: unknown key \(name: key) in \(Self.tableName(table)).\(suggestion) Allowed keys: \(allowed.joined(separator: ", "))."
        case .configTooLarge(let location, let size, let limit):
            return
                "\(location): error: the config is \(size) bytes; configs larger than \(limit) bytes are refused. Is this the right file?"
        case .configInvalidEncoding(let location, let byte):
            return
                "\(location): error: the config is not valid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true))). Save it as UTF-8."
        case .configTooDeep(let location, let limit):
            return
                "\(location): error: arrays or inline tables nest deeper than \(limit) levels here; scenes.conf never needs more than one."
        case .configMissingKey(let location, let key, let table):
            return "\(location): error: \(Self.tableName(table)) has no \(name: key). Add it: \(key) = \"...\"."
        case .configWrongType(let location, let key, let expected, let found):
            return "\(location): error: \(name: key) must be \(expected), not \(found)."
        case .configUnknownPermission(let location, let plugin, let name):
            let names = PluginPermission.allCases.map(\.rawValue)
            let suggestion = Suggestion.closest(to: name, in: names).map { " Did you mean '\($0)'?" } ?? ""
            return
                "\(location): error: [plugins.\(plugin)] grants \(name: name), which is no permission.\(suggestion) Permissions: \(names.map { "'\($0)'" }.joined(separator: ", "))."
        case .configUnknownUser(let location, let name, let known):
            let suggestion = Suggestion.closest(to: name, in: known).map { " Did you mean '\($0)'?" } ?? ""
            return
                "\(location): error: [host] worker-user is \"\(QuotedName.shortened(name))\", which is no user of this system.\(suggestion) Name an unprivileged user that exists (useradd --system scene-worker makes one), or remove worker-user."
        case .configWorkerUserNeedsRoot(let location, let name):
            return
                "\(location): error: [host] worker-user is \"\(QuotedName.shortened(name))\", but this host does not run as root, so its workers cannot become another user. Start the host as root, or remove worker-user (the workers then run as you)."
        case .configInvalidValue(let location, let key, let value, let expected):
            return "\(location): error: \(name: key) is \"\(QuotedName.shortened(value))\"; expected \(expected)."
        case .configDuplicateSegue(let location, let from, let id, let first):
            return
                "\(location): error: scene \(name: from) has two segues with id \(name: id) (the first at \(first)). Give each button one segue."
        case .configDuplicatePlugin(let location, let name, let path, let firstName, let first):
            return
                "\(location): error: [plugins.\(name)] loads the same file as [plugins.\(firstName)] (\(first)): \(path). List each plugin once."
        }
    }

    private static func tableName(_ table: String) -> String {
        if table.isEmpty { return "the top level" }
        if let hash = table.firstIndex(of: "#"), let index = Int(table[table.index(after: hash)...]) {
            return "[[\(table[..<hash])]] entry \(index + 1)"
        }
        return "[\(table)]"
    }
}
