/// One plugin of a `new plugin` package, rendered from the templates: its scenes (a folder each, made by
/// `SceneFiles`), the plugin type that registers them all, its entry target and its test target.
///
/// The first scene routes to each of the others in code (a button each), so the plugin is a small app
/// on its own. Pure: it checks the names and renders text; `ScaffoldWriter` puts the files on disk.
struct PluginScaffold: Sendable {
    /// The plugin's name: module, library (`libShop.so`), config key, and the prefix of its targets.
    package let plugin: String
    /// Its scenes, in the order given; the first routes to the others.
    package let scenes: [String]
    /// Whether the tests use the testing kit (`SceneTesting`).
    let testingKit: Bool

    /// Checks the names (`scenes` empty: one scene, `defaultScene(for:)`); throws `ScaffoldError`.
    package init(plugin: String, scenes: [String], testingKit: Bool) throws {
        if let problem = SwiftIdentifier.problem(with: plugin) {
            throw ScaffoldError.invalidName(option: "the plugin name", value: plugin, problem)
        }
        let scenes = scenes.isEmpty ? [Self.defaultScene(for: plugin)] : scenes
        for scene in scenes {
            if let problem = SwiftIdentifier.problem(with: scene) {
                throw ScaffoldError.invalidName(option: "--scene", value: scene, problem)
            }
        }
        var seen: Set<String> = []
        for scene in scenes where !seen.insert(scene).inserted { throw ScaffoldError.sceneTwice(scene: scene) }
        if let clash = SwiftIdentifier.clash(plugin: plugin, scenes: scenes) { throw clash }
        self.plugin = plugin
        self.scenes = scenes
        self.testingKit = testingKit
    }

    /// The scene of a plugin made without `--scene`: the plugin's name without a last "Scene" (so
    /// `new plugin WeatherScene` makes the scene `Weather`, as `new scene Weather` does), else the name itself.
    package static func defaultScene(for plugin: String) -> String {
        plugin.hasSuffix("Scene") && plugin != "Scene" ? String(plugin.dropLast("Scene".count)) : plugin
    }

    /// The package's targets this plugin adds: its code, its entry and its tests.
    static func targets(of plugin: String) -> [String] { [plugin, plugin + "Entry", plugin + "Tests"] }

    /// The folders the plugin's files go in, inside the package: they must not exist.
    var folders: [String] { ["Sources/\(plugin)", "Sources/\(plugin)Entry", "Tests/\(plugin)Tests"] }

    /// Every file of the plugin, paths inside the package, in the order they are listed to the user.
    package var files: [GeneratedFile] {
        let sources = "Sources/\(plugin)/"
        let parts = scenes.enumerated().map { index, scene in
            SceneFiles(scene: scene, destinations: index == 0 ? Array(scenes.dropFirst()) : [])
        }
        let values = [
            "PLUGIN": plugin, "REGISTRATIONS": parts.map(\.registration).joined(separator: "\n"),
            "SCENE_LIST": scenes.map { "\"\($0)\"" }.joined(separator: ", "),
        ]
        let pluginType = GeneratedFile(
            path: sources + "\(plugin)Plugin.swift",
            // The registrations hold no placeholders: PLUGIN and SCENE_LIST cannot reach into them.
            text: TemplateRenderer.render(PluginTypeTemplate.text, values))
        let entry = GeneratedFile(
            path: "Sources/\(plugin)Entry/\(plugin)Entry.swift",
            text: TemplateRenderer.render(PluginEntryPointTemplate.text, ["PLUGIN": plugin]))
        let tests = parts.enumerated().map { index, part in
            GeneratedFile(
                path: "Tests/\(plugin)Tests/\(part.scene)Tests.swift",
                text: part.test(
                    plugin: plugin, pluginType: plugin + "Plugin", kit: testingKit, sceneCount: scenes.count,
                    declaresRegistry: index == 0))
        }
        return [pluginType] + parts.flatMap { $0.cleanSwiftFiles(in: sources + $0.scene + "/") } + [entry] + tests
    }
}
