extension SettingDeclaration {
    /// What makes `declarations` impossible to check a config against, as a clause: an empty or
    /// repeated name, a name with control characters, a rule for another kind of value, a default
    /// its own kind or rule refuses, or a required setting with a default; an `inMemoryState`
    /// without words to name it, or whose `unlessSet` is no declared setting. Nil when well formed.
    ///
    /// The host refuses a plugin whose declarations are malformed (found by its probe); the testing
    /// kit refuses to load it, so the author sees it first.
    public static func malformation(of declarations: [SettingDeclaration], inMemoryState: InMemoryState? = nil) -> String? {
        var seen: Set<String> = []
        for declaration in declarations {
            let name = declaration.name
            guard !name.isEmpty, !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                return "a setting is declared with the name \(name.debugDescription); give each a non-empty name without control characters"
            }
            guard seen.insert(name).inserted else {
                return "setting '\(name)' is declared twice; declare each once"
            }
            if let rule = declaration.rule, !rule.applies(to: declaration.kind) {
                return "setting '\(name)' is \(declaration.kind.description) but has a rule for another kind of value (\(rule)); give it a rule of its kind"
            }
            if declaration.isRequired, declaration.defaultValue != nil {
                return "setting '\(name)' is declared required and with a default; a required setting has none"
            }
            if let value = declaration.defaultValue,
               let problem = PluginSettings([name: value]).problems(declared: [declaration]).first {
                return "the default of \(problem.description)"
            }
        }
        return inMemoryState.flatMap { $0.malformation(declared: declarations.map(\.name)) }
    }
}

extension InMemoryState {
    /// Why the host could not name this state or tell whether the config moves it (`malformation(of:inMemoryState:)`).
    func malformation(declared names: [String]) -> String? {
        guard !what.isEmpty, !what.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            return "the in-memory state is named \(what.debugDescription); name it in words without control characters, such as \"the orders\""
        }
        guard let setting = unlessSet, !names.contains(setting) else { return nil }
        let hint = NameSuggestion.closest(to: setting, in: names).map { " (did you mean '\($0)'?)" } ?? ""
        return "the in-memory state (\(what)) is kept unless setting '\(setting)' is set, but no setting of that name is declared\(hint); name a declared setting in inMemoryState"
    }
}

extension SettingDeclaration.Rule {
    /// Whether the rule judges values of `kind` (a range of integers does not judge a string).
    func applies(to kind: SettingKind) -> Bool {
        switch (self, kind) {
        case (.nonEmpty, .string), (.nonEmpty, .path), (.oneOf, .string), (.oneOf, .path),
             (.integerRange, .integer), (.numberRange, .number):
            return true
        case (.nonEmpty, _), (.oneOf, _), (.integerRange, _), (.numberRange, _):
            return false
        }
    }
}
