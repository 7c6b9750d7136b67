import Foundation
import SceneSDK
import TOMLKit

/// Reads `scenes.conf` (TOML) into a checked `SceneConfig`.
///
/// Every problem is a `HostError` located at file:line:column. Unknown keys are errors, so a
/// typo never silently does nothing. Plugin paths resolve against the config file's folder.
public struct ConfigLoader: Sendable {
    static let topLevelKeys = ["initial", "plugins", "segues"]
    static let pluginKeys = ["path", "sha256"]
    static let segueKeys = ["from", "id", "to", "style"]

    public init() {}

    /// Reads and checks the config file at `path` (as the user wrote it).
    public func load(path: String) throws -> SceneConfig {
        guard FileManager.default.fileExists(atPath: path) else { throw HostError.configNotFound(path: path) }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw HostError.configUnreadable(path: path, reason: error.localizedDescription)
        }
        let base = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path
        return try parse(bytes: [UInt8](data), file: path, baseDirectory: base)
    }

    /// Parses config bytes; `file` names them in messages, `baseDirectory` anchors relative plugin paths.
    public func parse(bytes: [UInt8], file: String, baseDirectory: String) throws -> SceneConfig {
        try parseChecked(text: ConfigPrecheck.text(from: bytes, file: file), file: file, baseDirectory: baseDirectory)
    }

    /// Parses config text; `file` names it in messages, `baseDirectory` anchors relative plugin paths.
    public func parse(text: String, file: String, baseDirectory: String) throws -> SceneConfig {
        try parse(bytes: Array(text.utf8), file: file, baseDirectory: baseDirectory)
    }

    /// Parses text that passed `ConfigPrecheck`.
    private func parseChecked(text: String, file: String, baseDirectory: String) throws -> SceneConfig {
        let root: TOMLTable
        do {
            root = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            let location = SourceLocation(file: file, line: error.source.begin.line, column: error.source.begin.column)
            throw HostError.configSyntax(location, message: error.description)
        }
        let document = LocatedDocument(file: file, locator: TOMLKeyLocator(text: text))
        try document.rejectUnknownKeys(in: root, table: "", allowed: Self.topLevelKeys)

        let initial = try document.requiredString("initial", in: root, table: "")
        let plugins = try parsePlugins(root, document: document, baseDirectory: baseDirectory)
        let segues = try parseSegues(root, document: document)
        return SceneConfig(file: file, baseDirectory: baseDirectory, initial: initial, plugins: plugins, segues: segues)
    }

    private func parsePlugins(_ root: TOMLTable, document: LocatedDocument, baseDirectory: String) throws -> [PluginEntry] {
        guard let value = root["plugins"] else { return [] }
        guard let plugins = value.table else {
            throw document.wrongType("plugins", in: "", expected: "a table of plugin tables ([plugins.NAME])", found: value)
        }
        var entries: [PluginEntry] = []
        for name in plugins.keys {
            let tablePath = "plugins.\(name)"
            guard let table = plugins[name]?.table else {
                throw document.wrongType(name, in: "plugins", expected: "a table ([plugins.\(name)] with a 'path')", found: plugins[name])
            }
            try document.rejectUnknownKeys(in: table, table: tablePath, allowed: Self.pluginKeys)
            let path = try document.requiredString("path", in: table, table: tablePath)
            let sha256 = try document.optionalString("sha256", in: table, table: tablePath)
            if let sha256, !Self.isSHA256(sha256.value) {
                throw HostError.configInvalidValue(sha256.location, key: "sha256", value: sha256.value, expected: "64 hexadecimal digits (the output of 'sha256sum FILE')")
            }
            let resolved = URL(fileURLWithPath: path.value, relativeTo: URL(fileURLWithPath: baseDirectory, isDirectory: true)).standardizedFileURL.path
            entries.append(PluginEntry(
                name: name, path: path.value, resolvedPath: resolved, sha256: sha256?.value.lowercased(),
                location: document.tableLocation(tablePath), pathLocation: path.location
            ))
        }
        let ordered = entries.sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
        var seen: [String: PluginEntry] = [:]
        for entry in ordered {
            if let first = seen[entry.resolvedPath] {
                throw HostError.configDuplicatePlugin(entry.location, name: entry.name, path: entry.resolvedPath, firstName: first.name, first: first.location)
            }
            seen[entry.resolvedPath] = entry
        }
        return ordered
    }

    private func parseSegues(_ root: TOMLTable, document: LocatedDocument) throws -> [SegueDeclaration] {
        guard let value = root["segues"] else { return [] }
        guard let array = value.array else {
            throw document.wrongType("segues", in: "", expected: "an array of tables ([[segues]])", found: value)
        }
        var segues: [SegueDeclaration] = []
        var seen: [String: SourceLocation] = [:]
        for (index, element) in array.enumerated() {
            let tablePath = "segues#\(index)"
            guard let table = element.table else {
                throw document.wrongType("segues", in: "", expected: "an array of tables ([[segues]])", found: element)
            }
            try document.rejectUnknownKeys(in: table, table: tablePath, allowed: Self.segueKeys)
            let from = try document.requiredString("from", in: table, table: tablePath)
            let id = try document.requiredString("id", in: table, table: tablePath)
            let to = try document.requiredString("to", in: table, table: tablePath)
            let styleValue = try document.optionalString("style", in: table, table: tablePath)
            var style = NavigationStyle.push
            if let styleValue {
                guard let parsed = NavigationStyle(rawValue: styleValue.value) else {
                    let names = NavigationStyle.allCases.map(\.rawValue).joined(separator: ", ")
                    throw HostError.configInvalidValue(styleValue.location, key: "style", value: styleValue.value, expected: "one of \(names)")
                }
                style = parsed
            }
            let location = document.tableLocation(tablePath)
            let key = "\(from.value)\u{0}\(id.value)"
            if let first = seen[key] {
                throw HostError.configDuplicateSegue(location, from: from.value, id: id.value, first: first)
            }
            seen[key] = location
            segues.append(SegueDeclaration(from: from, id: id.value, to: to, style: style, location: location))
        }
        return segues
    }

    private static func isSHA256(_ text: String) -> Bool {
        text.count == 64 && text.allSatisfy(\.isHexDigit)
    }
}
