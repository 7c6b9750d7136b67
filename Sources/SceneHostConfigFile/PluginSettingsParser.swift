import SceneSDK
import TOMLKit
import SceneHostCore

/// Reads `[plugins.NAME.settings]`: a flat table of strings, integers, floating-point numbers
/// and booleans, each located where its key is written.
struct PluginSettingsParser {
    package let document: LocatedDocument

    /// The settings of the plugin table at `pluginTable` (`plugins.NAME`), in file order.
    package func parse(_ plugin: TOMLTable, pluginTable: String) throws -> [PluginSetting] {
        guard let value = plugin["settings"] else { return [] }
        guard let table = value.table else {
            throw document.wrongType(
                "settings", in: pluginTable, expected: "a table ([\(pluginTable).settings])", found: value)
        }
        let tablePath = "\(pluginTable).settings"
        var settings: [PluginSetting] = []
        for key in table.keys {
            guard let raw = table[key] else { continue }
            let parsed: PluginSettings.Value
            if let string = raw.string {
                parsed = .string(string)
            } else if raw.type == .bool, let flag = raw.bool {
                parsed = .boolean(flag)
            } else if raw.type == .int, let number = raw.int {
                parsed = .integer(number)
            } else if raw.type == .double, let number = raw.double {
                try checkRange(number, key: key, table: tablePath)
                parsed = .number(number)
            } else {
                throw document.wrongType(key, in: tablePath, expected: "a string, number or boolean", found: raw)
            }
            settings.append(PluginSetting(key: key, value: parsed, location: document.keyLocation(key, in: tablePath)))
        }
        return settings.sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
    }

    /// Refuses a number the parser read as 0 or an infinity that is written as neither: `1e-400`
    /// underflowed. Used as read, the plugin would get another number than the one written,
    /// silently (`call` refuses the same numbers).
    private func checkRange(_ number: Double, key: String, table: String) throws {
        guard number == 0 || number.isInfinite, let literal = document.valueLiteral(key, in: table),
            let problem = ConfigNumberRange.problem(written: literal, read: number)
        else { return }
        throw ConfigNumberRange.outOfRange(document, key: key, table: table, literal: literal, problem: problem)
    }
}
