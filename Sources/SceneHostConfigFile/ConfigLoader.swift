import Foundation
import SceneSDK
import TOMLKit
import SceneHostCore
import SceneHostConfig

/// Reads `scenes.conf` (TOML) into a checked `SceneConfig`.
///
/// Every problem is a `ConfigError` located at file:line:column. Unknown keys are errors, so a
/// typo never silently does nothing. Plugin paths resolve against the config file's folder.
package struct ConfigLoader: Sendable {
    static let topLevelKeys = ["initial", "plugins", "segues", "host"]
    static let pluginKeys = ["path", "sha256", "settings", "grant"]
    static let segueKeys = ["from", "id", "to", "style"]

    package init() {}

    /// Reads and checks the config file at `path` (as the user wrote it).
    ///
    /// Only a regular file is read (never a folder, FIFO or device), and at most one byte more
    /// than `ConfigPrecheck.maximumSize`.
    package func load(path: String) throws -> SceneConfig {
        try parse(bytes: try read(path: path), file: path, baseDirectory: ConfigPath.folder(of: path))
    }

    /// The bytes of the config file at `path`, read and limited as `load` reads them.
    package func read(path: String) throws -> [UInt8] {
        let descriptor: Int32
        switch InputFile.open(path) {
        case .success(let opened): descriptor = opened
        case .failure(.notFound): throw ConfigError.configNotFound(path: path)
        case .failure(let problem): throw ConfigError.configNotReadable(path: path, problem)
        }
        defer { close(descriptor) }
        let bytes: [UInt8]
        switch InputFile.read(descriptor, limit: ConfigPrecheck.maximumSize + 1) {
        case .success(let read): bytes = read
        case .failure(let problem): throw ConfigError.configNotReadable(path: path, problem)
        }
        if bytes.count > ConfigPrecheck.maximumSize {
            let (line, column) = ConfigPrecheck.position(of: ConfigPrecheck.maximumSize, in: bytes)
            throw ConfigError.configTooLarge(
                SourceLocation(file: path, line: line, column: column),
                size: max(InputFile.size(descriptor), bytes.count), limit: ConfigPrecheck.maximumSize)
        }
        return bytes
    }

    /// Parses config bytes; `file` names them in messages, `baseDirectory` anchors relative plugin paths.
    /// The largest config read, in bytes: a larger one is refused (`configTooLarge`).
    package static var maximumSize: Int { ConfigPrecheck.maximumSize }

    /// `bytes`, read from the config file at `path`, parsed with paths relative to its folder.
    package func parse(bytes: [UInt8], readFrom path: String) throws -> SceneConfig {
        try parse(bytes: bytes, file: path, baseDirectory: ConfigPath.folder(of: path))
    }

    package func parse(bytes: [UInt8], file: String, baseDirectory: String) throws -> SceneConfig {
        try parseChecked(text: ConfigPrecheck.text(from: bytes, file: file), file: file, baseDirectory: baseDirectory)
    }

    /// Parses config text; `file` names it in messages, `baseDirectory` anchors relative plugin paths.
    package func parse(text: String, file: String, baseDirectory: String) throws -> SceneConfig {
        try parse(bytes: Array(text.utf8), file: file, baseDirectory: baseDirectory)
    }

    /// Parses text that passed `ConfigPrecheck`.
    private func parseChecked(text: String, file: String, baseDirectory: String) throws -> SceneConfig {
        let root: TOMLTable
        do {
            root = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            // A number past its type's range stops the parser: refused at its key, not as TOML syntax.
            if let refusal = ConfigNumberRange.refusal(parsedAt: error.source.begin.line, text: text, file: file) {
                throw refusal
            }
            let location = SourceLocation(file: file, line: error.source.begin.line, column: error.source.begin.column)
            let lines = text.split(
                separator: "\n", maxSplits: max(error.source.begin.line, 1), omittingEmptySubsequences: false)
            let line =
                error.source.begin.line >= 1 && error.source.begin.line <= lines.count
                ? lines[error.source.begin.line - 1] : ""
            throw ConfigError.configSyntax(location, message: TOMLParseMessage.corrected(error.description, line: line))
        }
        let document = LocatedDocument(file: file, locator: TOMLKeyLocator(text: text), text: text)
        try document.rejectUnknownKeys(in: root, table: "", allowed: Self.topLevelKeys)

        let initial = try Self.typable(document.requiredString("initial", in: root, table: ""), key: "initial")
        let plugins = try parsePlugins(root, document: document, baseDirectory: baseDirectory)
        let segues = try parseSegues(root, document: document)
        var host = try HostSettings.parse(root, document: document)
        host.grants = PluginPermission.allCases.filter { permission in
            plugins.contains { $0.grants.contains(permission) }
        }
        return SceneConfig(
            file: file, baseDirectory: baseDirectory, initial: initial, plugins: plugins, segues: segues, host: host)
    }

    private func parsePlugins(
        _ root: TOMLTable, document: LocatedDocument, baseDirectory: String
    ) throws -> [PluginEntry] {
        guard let value = root["plugins"] else { return [] }
        guard let plugins = value.table else {
            throw document.wrongType(
                "plugins", in: "", expected: "a table of plugin tables ([plugins.NAME])", found: value)
        }
        var entries: [PluginEntry] = []
        for name in plugins.keys {
            let tablePath = "plugins.\(name)"
            guard let table = plugins[name]?.table else {
                throw document.wrongType(
                    name, in: "plugins", expected: "a table ([plugins.\(name)] with a 'path')", found: plugins[name])
            }
            try document.rejectUnknownKeys(in: table, table: tablePath, allowed: Self.pluginKeys)
            let path = try document.requiredString("path", in: table, table: tablePath)
            let sha256 = try document.optionalString("sha256", in: table, table: tablePath)
            if let sha256, !Self.isSHA256(sha256.value) {
                throw ConfigError.configInvalidValue(
                    sha256.location, key: "sha256", value: sha256.value,
                    expected: "64 hexadecimal digits (the output of 'sha256sum FILE')")
            }
            let resolved = ConfigPath.resolve(path.value, in: baseDirectory)
            let settings = try PluginSettingsParser(document: document).parse(table, pluginTable: tablePath)
            let grants = try parseGrants(table, plugin: name, document: document)
            entries.append(
                PluginEntry(
                    name: name, path: path.value, resolvedPath: resolved, sha256: sha256?.value.lowercased(),
                    location: document.tableLocation(tablePath), pathLocation: path.location,
                    settings: settings, settingsBaseDirectory: baseDirectory,
                    grants: grants,
                    grantLocation: table["grant"] == nil ? nil : document.valueLocation("grant", in: tablePath)
                ))
        }
        let ordered = entries.sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
        var seen: [String: PluginEntry] = [:]
        for entry in ordered {
            if let first = seen[entry.resolvedPath] {
                throw ConfigError.configDuplicatePlugin(
                    entry.location, name: entry.name, path: entry.resolvedPath, firstName: first.name,
                    first: first.location)
            }
            seen[entry.resolvedPath] = entry
        }
        return ordered
    }

    /// `grant = ["start-processes", ...]`: names of `PluginPermission`, each once.
    private func parseGrants(_ table: TOMLTable, plugin: String, document: LocatedDocument) throws -> [PluginPermission]
    {
        guard let value = table["grant"] else { return [] }
        let tablePath = "plugins.\(plugin)"
        guard let array = value.array else {
            throw document.wrongType(
                "grant", in: tablePath, expected: "an array of permission names (grant = [\"network\"])", found: value)
        }
        let location = document.valueLocation("grant", in: tablePath)
        var grants: [PluginPermission] = []
        for element in array {
            guard let name = element.string else {
                throw document.wrongType(
                    "grant", in: tablePath, expected: "an array of permission names (grant = [\"network\"])",
                    found: element)
            }
            guard let permission = PluginPermission(rawValue: name) else {
                throw ConfigError.configUnknownPermission(location, plugin: plugin, name: name)
            }
            if !grants.contains(permission) { grants.append(permission) }
        }
        return grants
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
            let from = try Self.typable(document.requiredString("from", in: table, table: tablePath), key: "from")
            let id = try Self.typable(document.requiredString("id", in: table, table: tablePath), key: "id")
            let to = try Self.typable(document.requiredString("to", in: table, table: tablePath), key: "to")
            let styleValue = try document.optionalString("style", in: table, table: tablePath)
            var style = NavigationStyle.push
            if let styleValue {
                guard let parsed = NavigationStyle(rawValue: styleValue.value) else {
                    let names = NavigationStyle.allCases.map(\.rawValue).joined(separator: ", ")
                    throw ConfigError.configInvalidValue(
                        styleValue.location, key: "style", value: styleValue.value, expected: "one of \(names)")
                }
                style = parsed
            }
            let location = document.tableLocation(tablePath)
            let key = "\(from.value)\u{0}\(id.value)"
            if let first = seen[key] {
                throw ConfigError.configDuplicateSegue(location, from: from.value, id: id.value, first: first)
            }
            seen[key] = location
            segues.append(SegueDeclaration(from: from, id: id.value, to: to, style: style, location: location))
        }
        return segues
    }

    /// Scene names and segue ids must be words a script can type (`tap ID`, `back SCENE`):
    /// a segue id with a space could never be tapped.
    private static func typable(_ name: Located<String>, key: String) throws -> Located<String> {
        guard TypableName.isTypable(name.value) else {
            throw ConfigError.configInvalidName(name.location, key: key, value: name.value)
        }
        return name
    }

    private static func isSHA256(_ text: String) -> Bool {
        text.count == 64 && text.allSatisfy(\.isHexDigit)
    }
}
