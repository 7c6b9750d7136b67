/// The files of a new plugin package for one scene, rendered from the templates.
///
/// Pure: it checks the names and renders text; `ScaffoldWriter` puts the files on disk.
struct SceneScaffold: Sendable {
    /// The scene's name, the prefix of its six Clean Swift types (`Weather`).
    package let scene: String
    /// The plugin's name: package, module, library (`libWeatherScene.so`) and config key.
    package let plugin: String
    /// The SDK package's folder as Package.swift should name it (relative to the package folder).
    let sdkPath: String
    /// Whether the SDK folder holds the testing kit (`SceneTesting`), which the generated test then uses.
    let testingKit: Bool
    /// The slots of a container scene (`--tabs`, `--panes`); nil for a plain scene.
    package let container: ContainerSlots?

    /// Checks `scene` and `plugin` (default `<scene>Scene`); throws `ScaffoldError.invalidName`.
    package init(
        scene: String, plugin: String?, sdkPath: String, testingKit: Bool, container: ContainerSlots? = nil
    ) throws {
        if let problem = SwiftIdentifier.problem(with: scene) {
            throw ScaffoldError.invalidName(option: nil, value: scene, problem)
        }
        let plugin = plugin ?? scene + "Scene"
        if let problem = SwiftIdentifier.problem(with: plugin) {
            throw ScaffoldError.invalidName(option: "--plugin", value: plugin, problem)
        }
        if let declared = SwiftIdentifier.clash(scene: scene, plugin: plugin) {
            throw ScaffoldError.nameClash(scene: scene, plugin: plugin, declared: declared)
        }
        self.scene = scene
        self.plugin = plugin
        self.sdkPath = sdkPath
        self.testingKit = testingKit
        self.container = container
    }

    /// Every file of the package, in the order they are listed to the user.
    package var files: [GeneratedFile] {
        let sources = "Sources/\(plugin)/"
        let scene = SceneFiles(scene: scene, destinations: [], container: container)
        let entry = TemplateRenderer.render(PluginEntryTemplate.text, ["REGISTRATIONS": scene.registration])
        let test = scene.test(
            plugin: plugin, pluginType: self.scene + "Plugin", kit: testingKit, sceneCount: 1, declaresRegistry: true)
        return [
            GeneratedFile(path: "Package.swift", text: render(PackageTemplate.text)),
            GeneratedFile(path: ".gitignore", text: GitignoreTemplate.text),
            GeneratedFile(path: sources + "\(self.scene)Plugin.swift", text: render(entry)),
        ] + scene.cleanSwiftFiles(in: sources) + [
            GeneratedFile(path: "Tests/\(plugin)Tests/\(self.scene)Tests.swift", text: render(test))
        ]
    }

    private func render(_ template: String) -> String {
        // The kit's pieces hold placeholders themselves, so they go in first.
        let withKit = TemplateRenderer.render(
            template,
            [
                "KIT_PACKAGE": PluginTestsTemplate.kitPackage(kit: testingKit),
                "TEST_DEPENDENCIES": PluginTestsTemplate.testDependencies(kit: testingKit),
            ])
        return TemplateRenderer.render(withKit, ["NAME": scene, "PLUGIN": plugin, "SDK": Self.literal(sdkPath)])
    }

    /// `path` inside a Swift string literal: backslashes and quotes escaped.
    package static func literal(_ path: String) -> String {
        path.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "\\": return "\\\\"
            case "\"": return "\\\""
            case "\n": return "\\n"
            case "\r": return "\\r"
            case "\t": return "\\t"
            default: return scalar.value < 0x20 ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
            }
        }.joined()
    }
}
