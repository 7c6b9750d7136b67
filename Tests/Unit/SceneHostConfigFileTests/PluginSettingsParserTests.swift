import SceneSDK
import Testing
@testable import SceneHostCore
@testable import SceneHostConfig
@testable import SceneHostConfigFile

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
        let config = try parse(
            head + "[plugins.P.settings]\nname = \"shop\"\nretries = 3\nratio = 0.5\nverbose = true\n")
        let settings = try #require(config.plugins.first).settings
        #expect(settings.map(\.key) == ["name", "retries", "ratio", "verbose"])
        #expect(settings.map(\.value) == [.string("shop"), .integer(3), .number(0.5), .boolean(true)])
        #expect(settings.map(\.location.line) == [5, 6, 7, 8])
        #expect(settings[1].location == SourceLocation(file: "scenes.conf", line: 6, column: 1))
    }

    @Test("the plugin sees them as PluginSettings, with paths relative to the config's folder")
    func pluginView() throws {
        let config = try parse(
            head + "[plugins.P.settings]\ndatabase = \"data/orders.sqlite\"\nabsolute = \"/var/o.db\"\ncount = 2\n")
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
        #expect(
            error(head + "[plugins.P.settings]\nlist = [1, 2]\n")
                == .configWrongType(
                    SourceLocation(file: "scenes.conf", line: 5, column: 8), key: "list",
                    expected: "a string, number or boolean", found: "an array"))
        #expect(
            error(head + "[plugins.P.settings]\nwhen = 2024-01-01\n")
                == .configWrongType(
                    SourceLocation(file: "scenes.conf", line: 5, column: 8), key: "when",
                    expected: "a string, number or boolean", found: "a date"))
        #expect(
            error(head + "[plugins.P.settings.deeper]\nx = 1\n")
                == .configWrongType(
                    SourceLocation(file: "scenes.conf", line: 4, column: 1), key: "deeper",
                    expected: "a string, number or boolean", found: "a table"))
    }

    @Test("settings that are not a table are refused")
    func notATable() {
        #expect(
            error(head + "settings = \"x\"\n")
                == .configWrongType(
                    SourceLocation(file: "scenes.conf", line: 4, column: 12), key: "settings",
                    expected: "a table ([plugins.P.settings])", found: "a string"))
    }

    @Test(
        "a number the parser would read as 0 or infinity, written as neither, is refused at its key, as call refuses it",
        arguments: [
            (
                "ratio = 1e-400", NumberRangeProblem.underflows, "1e-400",
                "scenes.conf:5:1: error: plugin 'P': setting 'ratio' is 1e-400, which is not zero but too small for a double and would become 0. Write 0 for zero, or a number a double can hold (the smallest is 4.9e-324). Fix it in [plugins.P.settings]."
            ),
            (
                "ratio = -0.000_1e-399", .underflows, "-0.000_1e-399",
                "scenes.conf:5:1: error: plugin 'P': setting 'ratio' is -0.000_1e-399, which is not zero but too small for a double and would become 0. Write 0 for zero, or a number a double can hold (the smallest is 4.9e-324). Fix it in [plugins.P.settings]."
            ),
            (
                "ratio = 1e400", .overflows, "1e400",
                "scenes.conf:5:1: error: plugin 'P': setting 'ratio' is 1e400, which is out of the range of a double and would become infinity. Write inf for infinity, or a number a double can hold (the largest is 1.7976931348623157e308). Fix it in [plugins.P.settings]."
            ),
            (
                "ratio = -2.5E+308", .overflows, "-2.5E+308",
                "scenes.conf:5:1: error: plugin 'P': setting 'ratio' is -2.5E+308, which is out of the range of a double and would become infinity. Write inf for infinity, or a number a double can hold (the largest is 1.7976931348623157e308). Fix it in [plugins.P.settings]."
            ),
            (
                "ratio = 99999999999999999999", .integerOverflows, "99999999999999999999",
                "scenes.conf:5:1: error: plugin 'P': setting 'ratio' is 99999999999999999999, which is out of the range of a 64-bit integer (-9223372036854775808 to 9223372036854775807). Write a whole number within it. Fix it in [plugins.P.settings]."
            ),
            (
                "ratio = -9_223_372_036_854_775_809", .integerOverflows, "-9_223_372_036_854_775_809",
                "scenes.conf:5:1: error: plugin 'P': setting 'ratio' is -9_223_372_036_854_775_809, which is out of the range of a 64-bit integer (-9223372036854775808 to 9223372036854775807). Write a whole number within it. Fix it in [plugins.P.settings]."
            ),
            (
                "ratio = 0x1_0000_0000_0000_0000", .integerOverflows, "0x1_0000_0000_0000_0000",
                "scenes.conf:5:1: error: plugin 'P': setting 'ratio' is 0x1_0000_0000_0000_0000, which is out of the range of a 64-bit integer (-9223372036854775808 to 9223372036854775807). Write a whole number within it. Fix it in [plugins.P.settings]."
            ),
        ])
    func numberOutOfRange(line: String, problem: NumberRangeProblem, literal: String, message: String) {
        let refusal = error(head + "[plugins.P.settings]\n\(line)\n")
        #expect(
            refusal
                == .configNumberOutOfRange(
                    SourceLocation(file: "scenes.conf", line: 5, column: 1), key: "ratio", plugin: "P",
                    literal: literal, problem: problem))
        #expect(refusal.map(ErrorMessage.render) == message)
    }

    @Test(
        "zero, infinity and the extremes a double holds are read as written",
        arguments: [
            ("0.0", 0.0), ("-0e-400", -0.0), ("0e400", 0.0), ("inf", Double.infinity), ("-inf", -Double.infinity),
            ("4.9e-324", Double.leastNonzeroMagnitude), ("2.2250738585072014e-308", Double.leastNormalMagnitude),
            ("1.7976931348623157e308", Double.greatestFiniteMagnitude),
        ])
    func numberInRange(literal: String, expected: Double) throws {
        let config = try parse(head + "[plugins.P.settings]\nratio = \(literal)\n")
        #expect(try #require(config.plugins.first).settings.map(\.value) == [.number(expected)])
    }

    @Test(
        "the extremes of a 64-bit integer are read as written",
        arguments: [
            ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min), ("0x7FFFFFFFFFFFFFFF", Int.max),
        ])
    func integerInRange(literal: String, expected: Int) throws {
        let config = try parse(head + "[plugins.P.settings]\ncount = \(literal)\n")
        #expect(try #require(config.plugins.first).settings.map(\.value) == [.integer(expected)])
    }

    @Test("a [host] number past 64 bits is refused at its key, not as TOML syntax; a malformed number still is syntax")
    func hostIntegerOverflows() {
        let refusal = error("initial = \"A\"\n[host]\nworkers = 99999999999999999999\n")
        #expect(
            refusal
                == .configNumberOutOfRange(
                    SourceLocation(file: "scenes.conf", line: 3, column: 1), key: "workers", plugin: nil,
                    literal: "99999999999999999999", problem: .integerOverflows))
        #expect(
            refusal.map(ErrorMessage.render)
                == "scenes.conf:3:1: error: 'workers' is 99999999999999999999, which is out of the range of a 64-bit integer (-9223372036854775808 to 9223372036854775807). Write a whole number within it."
        )
        if case .configSyntax? = error(head + "[plugins.P.settings]\nratio = 1e\n") {
        } else {
            Issue.record("1e is not a number: a syntax error")
        }
    }

    @Test("an inline settings table is checked too, at its key")
    func inlineOutOfRange() {
        #expect(
            error(head + "settings = { ratio = 1e-400 }\n")
                == .configNumberOutOfRange(
                    SourceLocation(file: "scenes.conf", line: 4, column: 14), key: "ratio", plugin: "P",
                    literal: "1e-400", problem: .underflows))
        #expect(
            error(head + "settings = { name = \"x\", count = 99999999999999999999 }\n")
                == .configNumberOutOfRange(
                    SourceLocation(file: "scenes.conf", line: 4, column: 26), key: "count", plugin: "P",
                    literal: "99999999999999999999", problem: .integerOverflows))
    }
}
