/// The files of a new C scene (`new scene --language c`), rendered from the templates: the scene's C file,
/// the interface header it is built against, its Makefile and a .gitignore.
///
/// Pure: it checks the names and renders text; `ScaffoldWriter` puts the files on disk. The folder builds
/// alone: `make` there needs a C compiler and nothing of the host's but the header it holds.
struct CSceneScaffold: Sendable {
    /// The scene's name: the prefix of its roles' symbols (`WeatherViewController_render`) and its C file's name.
    package let scene: String
    /// The plugin's name: the library (`libWeatherScene.so`), the config key and the handshake's `name`.
    package let plugin: String
    /// The interface header's text (`scene-host interface --format c`), written as scene_host.h.
    let header: String

    /// The header's file name, as the C file includes it.
    static let headerName = "scene_host.h"

    /// Checks `scene` and `plugin` (default `<scene>Scene`); throws `ScaffoldError.invalidCName`. `header` is
    /// the text `scene-host interface --format c` prints (`CInterface.header`), which the command passes.
    package init(scene: String, plugin: String?, header: String) throws {
        if let problem = CIdentifier.problem(with: scene) {
            throw ScaffoldError.invalidCName(option: nil, value: scene, problem)
        }
        let pluginName = plugin ?? scene + "Scene"
        if let problem = CIdentifier.problem(with: pluginName) {
            // Only a long NAME makes a default that is too long: name what the user can change.
            throw ScaffoldError.invalidCName(
                option: plugin == nil ? "the plugin name" : "--plugin", value: pluginName, problem)
        }
        self.scene = scene
        self.plugin = pluginName
        self.header = header
    }

    /// The library `make` builds in the folder.
    var library: String { "lib\(plugin).so" }

    /// Every file, in the order they are listed to the user.
    package var files: [GeneratedFile] {
        let values = ["NAME": scene, "PLUGIN": plugin]
        return [
            GeneratedFile(path: scene + ".c", text: TemplateRenderer.render(CSceneTemplate.text, values)),
            GeneratedFile(path: Self.headerName, text: header),
            GeneratedFile(path: "Makefile", text: TemplateRenderer.render(CMakefileTemplate.text, values)),
            GeneratedFile(path: ".gitignore", text: CGitignoreTemplate.text),
        ]
    }
}
