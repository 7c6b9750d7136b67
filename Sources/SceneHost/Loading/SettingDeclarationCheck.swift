import SceneSDK

/// Whether a plugin's setting declarations can be checked against a config at all.
enum SettingDeclarationCheck {
    /// What makes `declarations` unusable, as a clause for `pluginSettingsMalformed`: an empty or
    /// repeated name, a name with control characters, a default its own kind or rule refuses, or a
    /// required setting with a default. Nil when they are well formed.
    static func problem(in declarations: [SettingDeclaration]) -> String? {
        var seen: Set<String> = []
        for declaration in declarations {
            let name = declaration.name
            guard !name.isEmpty, !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                return "a setting is declared with the name \(name.debugDescription); give each a non-empty name without control characters"
            }
            guard seen.insert(name).inserted else {
                return "setting '\(name)' is declared twice; declare each once"
            }
            if declaration.isRequired, declaration.defaultValue != nil {
                return "setting '\(name)' is declared required and with a default; a required setting has none"
            }
            if let value = declaration.defaultValue,
               let problem = PluginSettings([name: value]).problems(declared: [declaration]).first {
                return "the default of \(problem.description)"
            }
        }
        return nil
    }
}
