import SceneSDK
@_spi(SceneHost) @testable import SceneHost
import Testing
@testable import SceneHostCore
@testable import SceneHostConfig
@testable import SceneHostLoading
@testable import SceneHost

/// What `check` and `serve` say of state a plugin keeps in its scene worker's memory (issue 31,
/// point 3): one warning per plugin whose state the config does not move to a shared store,
/// none for one worker, with its exact text.
@MainActor
@Suite("In-memory state warnings")
struct InMemoryStateCheckTests {
    static let orders = InMemoryState("the orders", unlessSet: "database")

    /// A config of `plugins` (table name, its settings), each at line 10, 20, ... of o.conf.
    private func app(
        _ plugins: [(String, [PluginSetting], InMemoryState?, [SettingDeclaration])]
    ) -> (SceneConfig, [LoadedPlugin]) {
        var entries: [PluginEntry] = [], loaded: [LoadedPlugin] = []
        for (index, (name, settings, state, declared)) in plugins.enumerated() {
            let location = SourceLocation(file: "o.conf", line: 10 * (index + 1), column: 1)
            entries.append(
                PluginEntry(
                    name: name, path: "lib\(name).so", resolvedPath: "/p/lib\(name).so", sha256: nil,
                    location: location,
                    pathLocation: location, settings: settings))
            loaded.append(
                LoadedPlugin(
                    configName: name, name: name, version: "1",
                    sdkVersion: SemanticVersion(major: 0, minor: 1, patch: 0),
                    sdkFingerprint: "f", swiftVersion: "6.3.1", path: "/p/lib\(name).so", scenes: [],
                    settings: settings,
                    settingDeclarations: declared, inMemoryState: state))
        }
        let config = SceneConfig(
            file: "o.conf", baseDirectory: "/p",
            initial: Located(value: "A", location: SourceLocation(file: "o.conf", line: 1, column: 1)),
            plugins: entries, segues: [])
        return (config, loaded)
    }

    private let database: [SettingDeclaration] = [.path("database", help: "the file")]
    private func set(_ key: String) -> PluginSetting {
        PluginSetting(
            key: key, value: .string("o.sqlite"), location: SourceLocation(file: "o.conf", line: 99, column: 1))
    }

    @Test(
        "a plugin keeping state in memory is named at its table, in config order; one that sets the setting, or declares nothing, is not"
    )
    func whichPlugins() {
        let (config, plugins) = app([
            ("List", [], Self.orders, database),
            ("Show", [set("database")], Self.orders, database),
            ("Home", [], nil, []),
            ("Cart", [], InMemoryState("the cart"), []),
        ])
        let warnings = InMemoryStateCheck.warnings(config: config, plugins: plugins, workers: nil)
        #expect(
            warnings.map(\.message) == [
                "o.conf:10:1: warning: plugin 'List' keeps the orders in its scene worker's memory, and serve runs several scene workers (one per core unless [host] workers says otherwise), each with its own copy: users on different workers see different copies and not each other's changes. Set 'database' in [plugins.List.settings] to keep the orders in a store every worker shares, or set workers = 1 in [host].",
                "o.conf:40:1: warning: plugin 'Cart' keeps the cart in its scene worker's memory, and serve runs several scene workers (one per core unless [host] workers says otherwise), each with its own copy: users on different workers see different copies and not each other's changes. The plugin offers no shared store: set workers = 1 in [host] to serve every session from one worker.",
            ])
    }

    @Test("serve's count of workers is named; one worker (or none, in process) warns of nothing")
    func workers() {
        let (config, plugins) = app([("List", [], Self.orders, database)])
        #expect(
            InMemoryStateCheck.warnings(config: config, plugins: plugins, workers: 4).map(\.message) == [
                "o.conf:10:1: warning: plugin 'List' keeps the orders in its scene worker's memory, and serve runs 4 scene workers, each with its own copy: users on different workers see different copies and not each other's changes. Set 'database' in [plugins.List.settings] to keep the orders in a store every worker shares, or set workers = 1 in [host]."
            ])
        #expect(InMemoryStateCheck.warnings(config: config, plugins: plugins, workers: 1).isEmpty)
        #expect(InMemoryStateCheck.warnings(config: config, plugins: plugins, workers: 0).isEmpty)
    }

    @Test("a declared default for the setting moves the state as the config would")
    func declaredDefault() {
        let (config, plugins) = app([
            ("List", [], Self.orders, [.path("database", default: "o.sqlite", help: "the file")])
        ])
        #expect(InMemoryStateCheck.warnings(config: config, plugins: plugins, workers: nil).isEmpty)
    }

    @Test("a name or a table name with control characters cannot fake a line of the warning")
    func escaped() {
        let (config, plugins) = app([("List\u{1B}[2J", [], InMemoryState("the\norders"), [])])
        let message = InMemoryStateCheck.warnings(config: config, plugins: plugins, workers: 2).map(\.message).joined()
        #expect(!message.contains("\n") && !message.contains("\u{1B}"))
        #expect(message.contains("keeps the\\norders in"), "\(message)")
    }
}
