import Testing
@testable import SceneHostScaffold
import FoundationEssentials

@Suite("SceneScaffold")
struct SceneScaffoldTests {
    static func weather(kit: Bool = true) throws -> SceneScaffold {
        try SceneScaffold(scene: "Weather", plugin: nil, sdkPath: "../sdk", testingKit: kit)
    }

    @Test("the renderer fills every placeholder and leaves other text alone")
    func renderer() {
        #expect(TemplateRenderer.render("a {{X}} b {{Y}} {X} {{X}}", ["X": "1", "Y": "2"]) == "a 1 b 2 {X} 1")
    }

    @Test(
        "the package has the six Clean Swift files with the seeds' names, the entry, a test, Package.swift and .gitignore"
    )
    func filePaths() throws {
        #expect(
            try Self.weather().files.map(\.path) == [
                "Package.swift", ".gitignore",
                "Sources/WeatherScene/WeatherPlugin.swift",
                "Sources/WeatherScene/WeatherViewController.swift", "Sources/WeatherScene/WeatherInteractor.swift",
                "Sources/WeatherScene/WeatherPresenter.swift", "Sources/WeatherScene/WeatherRouter.swift",
                "Sources/WeatherScene/WeatherModels.swift", "Sources/WeatherScene/WeatherWorker.swift",
                "Tests/WeatherSceneTests/WeatherTests.swift",
            ])
    }

    @Test("--plugin names the package, module, library and test target", arguments: [true, false])
    func pluginName(kit: Bool) throws {
        let scaffold = try SceneScaffold(scene: "Forecast", plugin: "Meteo", sdkPath: "../sdk", testingKit: kit)
        let files = scaffold.files
        #expect(files.map(\.path).contains("Sources/Meteo/ForecastPlugin.swift"))
        #expect(files.map(\.path).contains("Tests/MeteoTests/ForecastTests.swift"))
        let package = try #require(files.first { $0.path == "Package.swift" }).text
        #expect(package.contains(#".library(name: "Meteo", type: .dynamic, targets: ["Meteo"]),"#))
        #expect(package.contains(#"name: "MeteoTests","#))
        for file in files {
            #expect(!file.text.contains("{{"), "\(file.path) has a placeholder left")
            #expect(!file.text.contains("Weather"))
        }
    }

    @Test("Package.swift: tools 6.0, Swift 6 mode, the SDK by its relative path, the kit only when it is there")
    func packageManifest() throws {
        let withKit = try #require(Self.weather(kit: true).files.first).text
        #expect(withKit.hasPrefix("// swift-tools-version: 6.0\n"))
        #expect(
            withKit.contains(
                "        .package(path: \"../sdk\"),\n        .package(path: \"../sdk/SceneTesting\"),\n    ],"))
        #expect(
            withKit.contains(
                #"dependencies: ["WeatherScene", .product(name: "SceneTesting", package: "SceneTesting")],"#))
        #expect(withKit.contains("swiftSettings: [.swiftLanguageMode(.v6)]"))
        let withoutKit = try #require(Self.weather(kit: false).files.first).text
        #expect(!withoutKit.contains("SceneTesting"))
        #expect(withoutKit.contains("        .package(path: \"../sdk\"),\n    ],"))
    }

    @Test("the test uses the kit when the SDK has it, else SceneSDK alone")
    func testFile() throws {
        let withKit = try #require(Self.weather(kit: true).files.last).text
        #expect(
            withKit.hasPrefix("import SceneSDK\nimport SceneTesting\nimport Testing\n@testable import WeatherScene\n"))
        #expect(withKit.contains("try kit.load(WeatherPlugin.self)"))
        let withoutKit = try #require(Self.weather(kit: false).files.last).text
        #expect(withoutKit.hasPrefix("import SceneSDK\nimport Testing\n@testable import WeatherScene\n"))
    }

    @Test("the models render exactly")
    func models() throws {
        let models = try #require(Self.weather().files.first { $0.path.hasSuffix("WeatherModels.swift") }).text
        #expect(
            models == """
                /// Weather's use cases, as Clean Swift models.
                enum Weather {
                    /// The user types a text and taps Update: the label shows it.
                    enum Something {
                        struct Request { let text: String }
                        struct Response { let text: String }
                        struct ViewModel { let text: String }
                    }
                }

                """)
    }

    @Test("the Clean Swift protocols, router sections and entry point are there")
    func cleanSwiftShape() throws {
        let text = try Self.weather().files.map(\.text).joined()
        for expected in [
            "protocol WeatherBusinessLogic", "protocol WeatherPresentationLogic",
            "protocol WeatherDisplayLogic: AnyObject",
            "protocol WeatherRoutingLogic", "protocol WeatherDataPassing", "protocol WeatherDataStore",
            "// MARK: Routing", "// MARK: Navigation", "// MARK: Passing data",
            "@_cdecl(\"scene_plugin_entry\")\npublic func scenePluginEntry() -> UnsafeRawPointer { WeatherPlugin.exportDescriptor() }",
        ] {
            #expect(text.contains(expected), "missing: \(expected)")
        }
        #expect(text.components(separatedBy: "@MainActor\nprotocol").count - 1 == 6)
    }

    @Test("a path with quotes or backslashes stays one Swift string literal")
    func literal() throws {
        #expect(SceneScaffold.literal(#"../a "b"\c"#) == #"../a \"b\"\\c"#)
        let scaffold = try SceneScaffold(scene: "Weather", plugin: nil, sdkPath: "../x\"y", testingKit: false)
        #expect(scaffold.files[0].text.contains(#".package(path: "../x\"y"),"#))
    }

    @Test(
        "names: Swift identifiers starting with an upper-case letter, not keywords or imported modules",
        arguments: [
            ("Weather", nil), ("W", nil), ("Weather2_x", nil),
            ("", .empty), ("weather", .notUpperCaseStart), ("_Weather", .notUpperCaseStart),
            ("9Lives", .notUpperCaseStart),
            ("Ärger", .notUpperCaseStart), ("Wea-ther", .invalidCharacter("-")), ("Wea ther", .invalidCharacter(" ")),
            ("Weätherß", .invalidCharacter("ä")), ("Self", .keyword), ("Any", .keyword), ("SceneSDK", .reservedModule),
            ("SceneTesting", .reservedModule),
        ] as [(String, ScaffoldError.NameProblem?)])
    func names(name: String, problem: ScaffoldError.NameProblem?) {
        #expect(SwiftIdentifier.problem(with: name) == problem)
    }

    @Test("a bad NAME or --plugin is refused with which one it was")
    func refusesNames() {
        #expect(throws: ScaffoldError.invalidName(option: nil, value: "weather", .notUpperCaseStart)) {
            try SceneScaffold(scene: "weather", plugin: nil, sdkPath: ".", testingKit: false)
        }
        #expect(throws: ScaffoldError.invalidName(option: "--plugin", value: "My-plugin", .invalidCharacter("-"))) {
            try SceneScaffold(scene: "Weather", plugin: "My-plugin", sdkPath: ".", testingKit: false)
        }
    }

    @Test(
        "a name whose generated types would shadow SceneSDK's or Swift's is refused",
        arguments: [
            ("Scene", nil, "SceneViewController"), ("Screen", nil, "Screen"), ("String", nil, "String"),
            ("Weather", "Screen", "Screen"), ("Weather", "Segue", "Segue"), ("Weather", "MainActor", "MainActor"),
        ] as [(String, String?, String)])
    func clashes(scene: String, plugin: String?, declared: String) {
        #expect(throws: ScaffoldError.nameClash(scene: scene, plugin: plugin ?? scene + "Scene", declared: declared)) {
            try SceneScaffold(scene: scene, plugin: plugin, sdkPath: ".", testingKit: false)
        }
    }

    @Test(
        "relative paths between absolute folders",
        arguments: [
            ("/a/b", "/a/c", "../c"), ("/tmp/x/P", "/work/r/Sources/SceneSDK", "../../../work/r/Sources/SceneSDK"),
            ("/a/b", "/a/b", "."), ("/", "/a", "a"), ("/a/b", "/a/b/c", "c"), ("/a/bc", "/a/b", "../b"),
            ("/a/b/c", "/", "../../.."),
        ])
    func relativePaths(folder: String, target: String, expected: String) {
        #expect(RelativePath.from(folder, to: target) == expected)
    }
}
