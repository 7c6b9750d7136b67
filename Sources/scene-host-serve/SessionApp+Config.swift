import SceneHostConfig
import SceneHostSessions
import SceneHostCore

extension SessionApp {
    /// The app `config` describes, for the session store (`SessionApp.init(initial:plugins:)`): its
    /// initial scene and each plugin table's name and settings as written.
    init(config: SceneConfig) {
        var plugins: [String: [String: String]] = [:]
        for plugin in config.plugins {
            // The loader refuses a name or a key twice; should one slip through, the first is kept.
            plugins[plugin.name] = Dictionary(
                plugin.settings.map { ($0.key, $0.valueText) }, uniquingKeysWith: { first, _ in first })
        }
        self.init(initial: config.initial.value, plugins: plugins)
    }
}
