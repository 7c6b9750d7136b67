extension PluginSettings {
    /// What is wrong with these settings against `declared`, in key order: keys no declaration
    /// has, values of another kind, required settings not set, values a rule refuses.
    ///
    /// The host runs it at start and reports each problem at its key's line; the testing kit runs
    /// it on the settings a test gives. An integer is a valid `number`.
    @_spi(SceneHost) @_spi(SceneTesting) public func problems(declared: [SettingDeclaration]) -> [SettingProblem] {
        let byName = Dictionary(declared.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let names = declared.map(\.name)
        var problems: [SettingProblem] = []
        for key in values.keys.sorted() {
            guard let value = values[key] else { continue }
            guard let declaration = byName[key] else {
                problems.append(SettingProblem(key: key, kind: .unknown(suggestion: NameSuggestion.closest(to: key, in: names), declared: names)))
                continue
            }
            if let problem = declaration.problem(with: value) { problems.append(problem) }
        }
        for declaration in declared where declaration.isRequired && values[declaration.name] == nil {
            problems.append(SettingProblem(key: declaration.name, kind: .missing))
        }
        return problems
    }

    /// These settings with each declared default filled in where the config sets nothing: what a
    /// plugin's `register(in:)` reads.
    public func applyingDefaults(of declared: [SettingDeclaration]) -> PluginSettings {
        var filled = values
        for declaration in declared {
            if filled[declaration.name] == nil, let value = declaration.defaultValue { filled[declaration.name] = value }
        }
        return PluginSettings(filled, baseDirectory: baseDirectory)
    }
}

extension SettingDeclaration {
    /// The problem of `value` for this declaration: its kind, then its rule.
    func problem(with value: PluginSettings.Value) -> SettingProblem? {
        let fits: Bool
        switch (kind, value) {
        case (.string, .string), (.path, .string), (.integer, .integer), (.number, .number), (.number, .integer), (.boolean, .boolean): fits = true
        case (.string, _), (.path, _), (.integer, _), (.number, _), (.boolean, _): fits = false
        }
        guard fits else { return SettingProblem(key: name, kind: .wrongType(expected: kind, found: value)) }
        guard let rule, let reason = rule.refusal(of: value) else { return nil }
        return SettingProblem(key: name, kind: .refused(reason: reason))
    }
}

extension SettingDeclaration.Rule {
    /// Why `value` breaks the rule ("is empty; give ..."), or nil when it keeps it.
    func refusal(of value: PluginSettings.Value) -> String? {
        switch (self, value) {
        case (.nonEmpty, .string(let text)):
            return text.isEmpty ? "is empty; give a value" : nil
        case (.oneOf(let choices), .string(let text)):
            return choices.contains(text) ? nil : "is \"\(text)\"; it takes one of: \(choices.map { "\"\($0)\"" }.joined(separator: ", "))"
        case (.integerRange(let range), .integer(let number)):
            return range.contains(number) ? nil : "is \(number); it takes an integer from \(range.lowerBound) to \(range.upperBound)"
        case (.numberRange(let range), .number(let number)):
            return range.contains(number) ? nil : "is \(number); it takes a number from \(range.lowerBound) to \(range.upperBound)"
        case (.numberRange(let range), .integer(let number)):
            return range.contains(Double(number)) ? nil : "is \(number); it takes a number from \(range.lowerBound) to \(range.upperBound)"
        // A rule of another kind's values: `SettingDeclaration.malformation(of:)` refuses such a
        // declaration before any value is checked against it.
        case (.nonEmpty, _), (.oneOf, _), (.integerRange, _), (.numberRange, _):
            return nil
        }
    }
}
