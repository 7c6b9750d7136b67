@_spi(SceneHost) import SceneSDK
import SceneTesting
import Testing
@testable import SceneHostCore
@testable import SceneHostLoading

/// Declared settings in the SDK (issue 20 item 1): the check of values against declarations the
/// host and the kit share, defaults, malformed declarations, and the kit refusing settings.
@Suite("Plugin settings against their declarations")
struct PluginSettingsDeclarationTests {
    static let declared: [SettingDeclaration] = [
        .path("database", help: "the file"),
        .integer("pageSize", default: 20, help: "rows per page", range: 1...500),
        .string("mode", help: "how", oneOf: ["fast", "safe"]),
        .number("ratio", help: "a ratio", range: 0...1),
        .boolean("verbose", help: "more"),
        .string("owner", required: true, help: "who"),
    ]

    @Test(
        "every key declared, every value of its kind and rule, every required one set: one problem each, in key order")
    func problems() {
        let settings = PluginSettings([
            "databse": .string("x"), "pageSize": .string("20"), "mode": .string("slow"), "ratio": .integer(2),
            "verbose": .integer(1),
        ])
        #expect(
            settings.problems(declared: Self.declared).map(\.description) == [
                "setting 'databse' is not declared. Did you mean 'database'? Its settings: database, pageSize, mode, ratio, verbose, owner",
                "setting 'mode' is \"slow\"; it takes one of: \"fast\", \"safe\"",
                "setting 'pageSize' is a string (\"20\"); it takes an integer",
                "setting 'ratio' is 2; it takes a number from 0.0 to 1.0",
                "setting 'verbose' is an integer (1); it takes a boolean (true or false)",
                "setting 'owner' is required and not set",
            ])
    }

    @Test("values that fit raise nothing; an integer is a number; a plugin declaring nothing takes nothing")
    func fits() {
        let settings = PluginSettings([
            "database": .string("o.sqlite"), "pageSize": .integer(500), "mode": .string("safe"), "ratio": .integer(1),
            "verbose": .boolean(false), "owner": .string(""),
        ])
        #expect(settings.problems(declared: Self.declared).isEmpty)
        #expect(
            PluginSettings(["x": .integer(1)]).problems(declared: []).map(\.description)
                == ["setting 'x' is not declared: the plugin takes no settings (remove it)"])
    }

    @Test("defaults fill in what the config leaves out, and nothing it sets")
    func defaults() {
        let filled = PluginSettings(["mode": .string("fast")], baseDirectory: "/apps").applyingDefaults(
            of: Self.declared)
        #expect(filled.values == ["mode": .string("fast"), "pageSize": .integer(20)])
        #expect(filled.baseDirectory == "/apps")
        #expect(PluginSettings(["pageSize": .integer(3)]).applyingDefaults(of: Self.declared).integer("pageSize") == 3)
    }

    @Test("declarations the host cannot check are refused with the reason")
    func malformed() {
        #expect(SettingDeclaration.malformation(of: Self.declared) == nil)
        #expect(
            SettingDeclaration.malformation(of: [.path("a", help: ""), .integer("a", help: "")])
                == "setting 'a' is declared twice; declare each once")
        #expect(
            SettingDeclaration.malformation(of: [.integer("", help: "")])
                == "a setting is declared with the name \"\"; give each a non-empty name without control characters")
        #expect(
            SettingDeclaration.malformation(of: [.integer("n", default: 0, help: "", range: 1...5)])
                == "the default of setting 'n' is 0; it takes an integer from 1 to 5")
        #expect(
            SettingDeclaration.malformation(of: [
                SettingDeclaration(name: "n", kind: .integer, defaultValue: .string("1"), help: "")
            ])
                == "the default of setting 'n' is a string (\"1\"); it takes an integer")
        #expect(
            SettingDeclaration.malformation(of: [
                SettingDeclaration(name: "n", kind: .integer, help: "", rule: .oneOf(["a"]))
            ])
                == "setting 'n' is an integer but has a rule for another kind of value (oneOf([\"a\"])); give it a rule of its kind"
        )
        #expect(
            SettingDeclaration.malformation(of: [
                SettingDeclaration(name: "n", kind: .integer, defaultValue: .integer(1), isRequired: true, help: "")
            ])
                == "setting 'n' is declared required and with a default; a required setting has none")
    }

    @Test("the message of a refused setting names the plugin, the place and the fix, each problem on its line")
    func message() {
        let plugin = PluginReference(
            name: "ListOrdersScene", path: "/p/libL.so", location: SourceLocation(file: "o.conf", line: 3, column: 1))
        let error = PluginLoadError.pluginSettingsRefused(
            plugin,
            [
                LocatedSettingProblem(
                    location: SourceLocation(file: "o.conf", line: 5, column: 1),
                    problem: SettingProblem(
                        key: "databse", kind: .unknown(suggestion: "database", declared: ["database"]))),
                LocatedSettingProblem(
                    location: SourceLocation(file: "o.conf", line: 3, column: 1),
                    problem: SettingProblem(key: "owner", kind: .missing)),
            ])
        #expect(
            ErrorMessage.render(error) == """
                o.conf:5:1: error: plugin 'ListOrdersScene': setting 'databse' is not declared. Did you mean 'database'? Its settings: database. Fix it in [plugins.ListOrdersScene.settings].
                o.conf:3:1: error: plugin 'ListOrdersScene': setting 'owner' is required and not set. Add it to [plugins.ListOrdersScene.settings].
                """)
        #expect(ExitStatus(for: error) == .configError)
    }

    private enum PagedPlugin: ScenePlugin {
        static let name = "Paged"
        static let version = "1"
        static let settings: [SettingDeclaration] = [
            .integer("pageSize", default: 20, help: "rows per page", range: 1...500)
        ]
        @MainActor static var seen: Int?
        @MainActor static func register(in registry: any SceneRegistry) throws {
            seen = registry.settings.integer("pageSize")
        }
    }

    private enum TwicePlugin: ScenePlugin {
        static let name = "Twice"
        static let version = "1"
        static let settings: [SettingDeclaration] = [.integer("n", help: "a"), .string("n", help: "b")]
        @MainActor static func register(in registry: any SceneRegistry) throws {}
    }

    @Test("the kit refuses a plugin whose declarations the host could not check")
    @MainActor
    func kitMalformed() {
        let error = #expect(throws: SceneTestingError.self) { try SceneTestKit().load(TwicePlugin.self) }
        #expect(
            error?.description
                == "plugin 'Twice' declares settings the host cannot check: setting 'n' is declared twice; declare each once; the host refuses it"
        )
    }

    @Test("the kit checks its settings against the plugin's declarations, and hands the plugin its defaults")
    @MainActor
    func kit() throws {
        try SceneTestKit().load(PagedPlugin.self)
        #expect(PagedPlugin.seen == 20)
        try SceneTestKit(settings: PluginSettings(["pageSize": .integer(7)])).load(PagedPlugin.self)
        #expect(PagedPlugin.seen == 7)
        let error = try #require(throws: SceneTestingError.self) {
            try SceneTestKit(settings: PluginSettings(["pagesize": .integer(7)])).load(PagedPlugin.self)
        }
        #expect(
            error.description
                == "plugin 'Paged' refuses the kit's settings: setting 'pagesize' is not declared. Did you mean 'pageSize'? Its settings: pageSize"
        )
    }
}
