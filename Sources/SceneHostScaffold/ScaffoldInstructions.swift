/// What `scene-host new scene` and `new plugin` print after creating the package: the files, the commands to
/// build and test it, and the lines to add to a scenes.conf.
enum ScaffoldInstructions {
    /// The config the user named with `--config`: the plugin path is then relative to its folder,
    /// as the host reads it.
    package struct Config: Sendable {
        /// As the user gave it.
        package let path: String
        /// Its folder, absolute.
        package let folder: String

        package init(path: String, folder: String) {
            self.path = path
            self.folder = folder
        }
    }

    /// - Parameter folder: the package folder, absolute. Without `config` the plugin path is absolute.
    package static func text(_ scaffold: SceneScaffold, folder: String, config: Config?) -> String {
        let text = text(
            headline: "Created the plugin package \(scaffold.plugin) for the scene '\(scaffold.scene)' in \(folder):",
            plugin: scaffold.plugin, scene: scaffold.scene, files: scaffold.files.map(\.path),
            testingKit: scaffold.testingKit, folder: folder, config: config)
        guard let container = scaffold.container else { return text }
        let scenes = container.scenes.map { "'\($0)'" }.joined(separator: ", ")
        return text
            + "\nIts \(container.kind.rawValue) show \(scenes) first: load the plugins that register them, or check refuses the app."
    }

    /// What `new scene --language c` prints: the files, `make`, and the config lines of the library it builds.
    package static func text(_ scaffold: CSceneScaffold, folder: String, config: Config?) -> String {
        let library = folder + "/" + scaffold.library
        let build = ["", "Build it (with cc, or make CC=...):", "  cd \(folder)", "  make", ""]
        return
            (["Created the C plugin \(scaffold.plugin) for the scene '\(scaffold.scene)' in \(folder):"]
            + scaffold.files.map { "  " + $0.path } + build
            + loadLines(plugin: scaffold.plugin, scene: scaffold.scene, library: library, config: config))
            .joined(separator: "\n")
    }

    /// The text for one plugin: `headline`, the `files` it wrote (paths inside the package `folder`),
    /// the commands, and the config lines of `plugin`, whose scene `scene` the app routes to first.
    static func text(
        headline: String, plugin: String, scene: String, files: [String], testingKit: Bool, folder: String,
        config: Config?
    ) -> String {
        let library = folder + "/.build/debug/lib\(plugin).so"
        let kit = testingKit ? "" : " (this SDK has no testing kit, so the test uses SceneSDK alone)"
        return
            ([headline] + files.map { "  " + $0 }
            + [
                "",
                "Build it and run its tests\(kit):",
                "  cd \(folder)",
                "  swift build",
                "  swift test",
                "",
            ] + loadLines(plugin: plugin, scene: scene, library: library, config: config)).joined(separator: "\n")
    }

    /// The lines to add to the config for `plugin`'s `library` (absolute; relative to `config`'s folder when
    /// given), and how to reach `scene` and check the app.
    private static func loadLines(plugin: String, scene: String, library: String, config: Config?) -> [String] {
        let path = config.map { RelativePath.from($0.folder, to: library) } ?? library
        return [
            config.map { "Add these lines to \($0.path) (the path is relative to its folder):" }
                ?? "Add these lines to your scenes.conf:",
            "  [plugins.\(plugin)]",
            "  path = \"\(SceneScaffold.literal(path))\"",
            "",
            "Then route to '\(scene)' from a scene (or set initial = \"\(scene)\") and check the app:",
            "  scene-host check --config \(config?.path ?? "scenes.conf")",
        ]
    }
}
