import Foundation
import Testing
import SceneHostCore
@testable import SceneHostScaffold
import TestSupport

/// `new scene --language c`: the files of a C scene, its names, and every refusal's exact text. Building the
/// generated C, loading it and driving it with a script is the end-to-end test's (EndToEnd/NewSceneTests).
@Suite("new scene --language c: the C scene's files and refusals")
struct CSceneScaffoldTests {
    static let header = "/* scene_host.h, as the command passes it */\n"

    static func weather(plugin: String? = nil) throws -> CSceneScaffold {
        try CSceneScaffold(scene: "Weather", plugin: plugin, header: header)
    }

    static func text(_ files: [GeneratedFile], _ path: String) -> String {
        files.first { $0.path == path }?.text ?? ""
    }

    static func newScene(
        _ name: String, output: String, plugin: String? = nil, sdk: String? = nil, config: String? = nil,
        tabs: String? = nil, language: String = "c"
    ) -> NewScene {
        NewScene(
            name: name, plugin: plugin, output: output, sdk: sdk, config: config, executable: "/nowhere/scene-host",
            tabs: tabs, language: language, interfaceHeader: header)
    }

    @Test("the folder holds the scene's C file, the header it is built against, a Makefile and a .gitignore")
    func filePaths() throws {
        let files = try Self.weather().files
        #expect(files.map(\.path) == ["Weather.c", "scene_host.h", "Makefile", ".gitignore"])
        #expect(Self.text(files, "scene_host.h") == Self.header)
        #expect(Self.text(files, ".gitignore") == "*.so\n")
        for file in files { #expect(!file.text.contains("{{"), "\(file.path) has a placeholder left") }
    }

    @Test("the Makefile builds lib<PLUGIN>.so with -Werror and hidden symbols; CC, CFLAGS and BUILD may be given")
    func makefile() throws {
        let makefile = Self.text(try Self.weather(plugin: "Meteo").files, "Makefile")
        #expect(
            makefile.hasSuffix(
                """
                CC ?= cc
                CFLAGS ?= -O2 -g
                BUILD ?= .

                # The host refuses a plugin file others may write, so the library is made not group-writable (any umask).
                $(BUILD)/libMeteo.so: Weather.c scene_host.h
                \tmkdir -p $(BUILD)
                \t$(CC) $(CFLAGS) -std=c11 -Wall -Wextra -Werror -fPIC -fvisibility=hidden -shared -I. -o $@ Weather.c
                \tchmod go-w $@

                clean:
                \trm -f $(BUILD)/libMeteo.so

                .PHONY: clean

                """))
        #expect(makefile.contains("#   [plugins.Meteo]\n#   path = \"Meteo/libMeteo.so\"\n"))
    }

    @Test("each role the C file exports is declared with declare_role, with one signature type per C parameter")
    func rolesDeclared() throws {
        let source = Self.text(try Self.weather().files, "Weather.c")
        // Exported functions, with their parameter count: `SCENE_HOST_EXPORT void *WeatherX(a, b) {`.
        var exported: [String: Int] = [:]
        for line in source.split(separator: "\n") where line.hasPrefix("SCENE_HOST_EXPORT") && line.contains("(") {
            guard let match = line.firstMatch(of: /Weather([A-Za-z_]+)\(([^)]*)\)/) else { continue }
            exported[String(match.1)] = match.2.split(separator: ",").count
        }
        var declared: [String: Int] = [:]
        for match in source.matches(
            of: /\n    api->declare_role\(registration, "Weather", "([A-Za-z_]+)", "[a-z]+\(([^)]*)\)"\);/)
        {
            declared[String(match.1)] = match.2.split(separator: ",").count
        }
        #expect(
            exported == [
                "Interactor_create": 1, "Interactor_destroy": 1, "ViewController_viewDidLoad": 1,
                "ViewController_render": 2, "ViewController_handleEdit": 3, "ViewController_handleTap": 2,
            ])
        #expect(declared == exported)
        #expect(source.contains("    api->declare_scene(registration, \"Weather\");\n"))
        #expect(
            source.contains(
                "    SCENE_HOST_C_MAGIC, SCENE_HOST_C_INTERFACE_VERSION, \"WeatherScene\", \"0.1.0\", register_scenes,\n"
            ))
        // The commented example of an input, with its role.
        #expect(
            source.contains(
                "    // api->declare_input(registration, \"Weather\", \"WeatherInput\", \"text: String\");\n"
                    + "    // api->declare_role(registration, \"Weather\", \"DataStore_acceptInput\", \"void(pointer, string)\");\n"
            ))
        #expect(
            source.contains(
                "// SCENE_HOST_EXPORT void WeatherDataStore_acceptInput(WeatherState *state, const char *text) {\n"))
    }

    @Test("the Clean Swift parts are the C file's sections, in order")
    func sections() throws {
        let source = Self.text(try Self.weather().files, "Weather.c")
        let marks = source.split(separator: "\n").filter { $0.hasPrefix("// MARK: ") }
        #expect(
            marks == [
                "// MARK: State (the DataStore)", "// MARK: ViewController (display logic)",
                "// MARK: Presenter (presentation logic)", "// MARK: Interactor (business logic)",
                "// MARK: Router (routing logic)", "// MARK: Roles the host calls", "// MARK: Registration",
            ])
        #expect(source.hasPrefix("// Weather: a scene written in C against scene_host.h alone, made by\n"))
        #expect(source.contains("#include \"scene_host.h\"\n"))
    }

    @Test(
        "names: C identifiers the host takes (ASCII letters, digits, '_', no digit first, at most 128 bytes)",
        arguments: [
            ("Weather", nil), ("weather", nil), ("_w2", nil), ("W", nil), (String(repeating: "a", count: 128), nil),
            ("", .empty), ("9Lives", .digitStart), ("Wea-ther", .invalidCharacter("-")),
            ("Wea ther", .invalidCharacter(" ")), ("Ärger", .invalidCharacter("Ä")),
            (String(repeating: "a", count: 129), .tooLong(bytes: 129)),
        ] as [(String, ScaffoldError.CNameProblem?)])
    func names(name: String, problem: ScaffoldError.CNameProblem?) {
        #expect(CIdentifier.problem(with: name) == problem)
    }

    @Test("a bad NAME, --plugin or default plugin name is refused, naming which it was, with the exact text")
    func refusesNames() throws {
        let long = String(repeating: "a", count: 125)
        let cases: [(String, String?, ScaffoldError, String)] = [
            (
                "9Lives", nil, .invalidCName(option: nil, value: "9Lives", .digitStart),
                "error: the scene name '9Lives' starts with a digit. A C scene's names become C symbols and file names (its roles are NAMEInteractor_create, ...): ASCII letters, digits and '_', not starting with a digit, at most 128 bytes."
            ),
            (
                "Weather", "My-plugin", .invalidCName(option: "--plugin", value: "My-plugin", .invalidCharacter("-")),
                "error: --plugin 'My-plugin' holds '-'. A C scene's names become C symbols and file names (its roles are NAMEInteractor_create, ...): ASCII letters, digits and '_', not starting with a digit, at most 128 bytes."
            ),
            (
                long, nil, .invalidCName(option: "the plugin name", value: long + "Scene", .tooLong(bytes: 130)),
                "error: the plugin name '\(long)Scene' is 130 bytes long. A C scene's names become C symbols and file names (its roles are NAMEInteractor_create, ...): ASCII letters, digits and '_', not starting with a digit, at most 128 bytes."
            ),
            (
                "", nil, .invalidCName(option: nil, value: "", .empty),
                "error: the scene name is empty. A C scene's names become C symbols and file names (its roles are NAMEInteractor_create, ...): ASCII letters, digits and '_', not starting with a digit, at most 128 bytes, e.g. 'Weather'."
            ),
        ]
        for (scene, plugin, error, message) in cases {
            #expect(throws: error) { try CSceneScaffold(scene: scene, plugin: plugin, header: "") }
            #expect(error.message == message)
            #expect(error.exitStatus == .usage)
        }
    }

    @Test("--language: swift or c; anything else is a usage error naming both")
    func language() throws {
        #expect(try SceneLanguage(option: "swift") == .swift)
        #expect(try SceneLanguage(option: "c") == .c)
        #expect(throws: ScaffoldError.unknownLanguage("C++")) { try SceneLanguage(option: "C++") }
        #expect(
            ScaffoldError.unknownLanguage("rust").message
                == "error: --language 'rust' is not a language 'scene-host new scene' writes a scene in. Give one of: swift, c (the default is swift)."
        )
        #expect(ScaffoldError.unknownLanguage("rust").exitStatus == .usage)
    }

    @Test("writes the folder OUTPUT/PLUGIN and prints make and the config lines, relative to --config's folder")
    func writes() throws {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        try folder.makeFolder("plugins")
        try folder.makeFolder("app")
        let printed = try Self.newScene(
            "Weather", output: folder.path("plugins"), config: folder.path("app") + "/scenes.conf"
        ).run()
        let plugin = try #require(FileSystemPath.real(folder.path("plugins/WeatherScene")))
        for file in try Self.weather().files {
            #expect(
                FileManager.default.contents(atPath: plugin + "/" + file.path) == Data(file.text.utf8), "\(file.path)")
        }
        #expect(
            printed == """
                Created the C plugin WeatherScene for the scene 'Weather' in \(plugin):
                  Weather.c
                  scene_host.h
                  Makefile
                  .gitignore

                Build it (with cc, or make CC=...):
                  cd \(plugin)
                  make

                Add these lines to \(folder.path("app"))/scenes.conf (the path is relative to its folder):
                  [plugins.WeatherScene]
                  path = "../plugins/WeatherScene/libWeatherScene.so"

                Then route to 'Weather' from a scene (or set initial = "Weather") and check the app:
                  scene-host check --config \(folder.path("app"))/scenes.conf
                """)
    }

    @Test("an existing folder, an option only a Swift scene takes, a bad name or language: refused, nothing written")
    func refusals() throws {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        try folder.makeFolder("Meteo")
        try folder.write("mine", to: "Meteo/Makefile")
        let real = try #require(FileSystemPath.real(folder.url.path))
        let cases: [(NewScene, String)] = [
            (
                Self.newScene("Weather", output: folder.url.path, plugin: "Meteo"),
                "error: \(real)/Meteo already exists; 'scene-host new scene' never overwrites. Remove it, or choose another --plugin or --output."
            ),
            (
                Self.newScene("Weather", output: folder.url.path, sdk: "."),
                "error: --sdk is for a Swift scene: a C scene is built against the scene_host.h written beside it, not against SceneSDK. Leave out --sdk (or --language c)."
            ),
            (
                Self.newScene("Weather", output: folder.url.path, tabs: "a:A"),
                "error: --tabs makes a container, which only a Swift scene can be: the C interface declares no slots. Leave out --tabs (or --language c)."
            ),
            (
                Self.newScene("Weather", output: folder.url.path, language: "rust"),
                "error: --language 'rust' is not a language 'scene-host new scene' writes a scene in. Give one of: swift, c (the default is swift)."
            ),
            (
                Self.newScene("Wea-ther", output: folder.url.path),
                "error: the scene name 'Wea-ther' holds '-'. A C scene's names become C symbols and file names (its roles are NAMEInteractor_create, ...): ASCII letters, digits and '_', not starting with a digit, at most 128 bytes."
            ),
        ]
        for (command, message) in cases {
            do {
                _ = try command.run()
                Issue.record("not refused: \(message)")
            } catch let error as ScaffoldError {
                #expect(error.message == message)
                #expect(error.exitStatus == .usage)
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["Meteo"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("Meteo")) == ["Makefile"])
        #expect(FileManager.default.contents(atPath: folder.path("Meteo/Makefile")) == Data("mine".utf8))
    }
}
