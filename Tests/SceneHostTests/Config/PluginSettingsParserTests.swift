import SceneSDK
import Testing
@testable import SceneHost

/// `[plugins.NAME.settings]`: strings, numbers and booleans, located like every other key.
@Suite("Plugin settings in scenes.conf")
struct PluginSettingsParserTests {
    private func parse(_ text: String) throws -> SceneConfig {
        try ConfigLoader().parse(text: text, file: "scenes.conf", baseDirectory: "/apps/orders")
    }

    private func error(_ text: String) -> ConfigError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error as? ConfigError
        }
    }

    private let head = "initial = \"A\"\n[plugins.P]\npath = \"libP.so\"\n"

    @Test("each kind of value is read with the place its key is written, in file order")
    func values() throws {
        let config = try parse(head + "[plugins.P.settings]\nname = \"shop\"\nretries = 3\nratio = 0.5\nverbose = true\n")
        let settings = try #require(config.plugins.first).settings
        #expect(settings.map(\.key) == ["name", "retries", "ratio", "verbose"])
        #expect(settings.map(\.value) == [.string("shop"), .integer(3), .number(0.5), .boolean(true)])
        #expect(settings.map(\.location.line) == [5, 6, 7, 8])
        #expect(settings[1].location == SourceLocation(file: "scenes.conf", line: 6, column: 1))
    }

    @Test("the plugin sees them as PluginSettings, with paths relative to the config's folder")
    func pluginView() throws {
        let config = try parse(head + "[plugins.P.settings]\ndatabase = \"data/orders.sqlite\"\nabsolute = \"/var/o.db\"\ncount = 2\n")
        let settings = try #require(config.plugins.first).pluginSettings
        #expect(settings.path("database") == "/apps/orders/data/orders.sqlite")
        #expect(settings.path("absolute") == "/var/o.db")
        #expect(settings.integer("count") == 2)
        #expect(settings.number("count") == 2.0)
        #expect(settings.string("count") == nil)
        #expect(settings.boolean("missing") == nil)
    }

    @Test("no settings table: no settings")
    func none() throws {
        #expect(try #require(try parse(head).plugins.first).settings.isEmpty)
    }

    @Test("an array, a table or a date as a setting is refused where it is written")
    func wrongKinds() {
        #expect(error(head + "[plugins.P.settings]\nlist = [1, 2]\n")
            == .configWrongType(SourceLocation(file: "scenes.conf", line: 5, column: 8), key: "list", expected: "a string, number or boolean", found: "an array"))
        #expect(error(head + "[plugins.P.settings]\nwhen = 2024-01-01\n")
            == .configWrongType(SourceLocation(file: "scenes.conf", line: 5, column: 8), key: "when", expected: "a string, number or boolean", found: "a date"))
        #expect(error(head + "[plugins.P.settings.deeper]\nx = 1\n")
            == .configWrongType(SourceLocation(file: "scenes.conf", line: 4, column: 1), key: "deeper", expected: "a string, number or boolean", found: "a table"))
    }

    @Test("settings that are not a table are refused")
    func notATable() {
        #expect(error(head + "settings = \"x\"\n")
            == .configWrongType(SourceLocation(file: "scenes.conf", line: 4, column: 12), key: "settings", expected: "a table ([plugins.P.settings])", found: "a string"))
    }
}
