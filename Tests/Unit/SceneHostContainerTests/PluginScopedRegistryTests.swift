import Testing
import SceneSDK
import SceneHostCore
@testable import SceneHostContainer

/// One service registered by several plugins: the first registration serves the app, so the
/// plugins must agree on every setting they both set.
@MainActor
@Suite("PluginScopedRegistry: services shared by plugins")
struct PluginScopedRegistryTests {
    final class Store {
        let path: String
        init(path: String) { self.path = path }
    }

    private func reference(_ name: String, line: Int) -> PluginReference {
        PluginReference(
            name: name, path: "/plugins/lib\(name).so",
            location: SourceLocation(file: "app.conf", line: line, column: 1),
            settingLocations: ["database": SourceLocation(file: "app.conf", line: line + 3, column: 1)])
    }

    private func registry(_ name: String, line: Int, database: String?) -> PluginScopedRegistry {
        let settings = PluginSettings(database.map { ["database": .string($0)] } ?? [:])
        let registry = PluginScopedRegistry(plugin: reference(name, line: line), settings: settings)
        let path = database ?? "none"
        registry.register(Store.self) { _ in Store(path: path) }
        return registry
    }

    @Test("two plugins registering one service with the same settings share the first registration")
    func sameSettingsShare() throws {
        let container = SceneContainer()
        try registry("Orders", line: 1, database: "orders.sqlite").commit(into: container)
        try registry("Reports", line: 10, database: "orders.sqlite").commit(into: container)
        #expect(try container.resolve(Store.self).path == "orders.sqlite")
        #expect(container.serviceOwner(Store.self)?.plugin.name == "Orders")
    }

    @Test(
        "a setting both set to different values is refused, naming both plugins, the key, both values and where to fix it; nothing of the second plugin is moved"
    )
    func differentSettingsRefused() throws {
        let container = SceneContainer()
        try registry("Orders", line: 1, database: "orders.sqlite").commit(into: container)
        let second = registry("Reports", line: 10, database: "reports.sqlite")
        let expected = ContainerError.serviceSettingsDiffer(
            service: "Store", first: reference("Orders", line: 1), second: reference("Reports", line: 10),
            key: "database", firstValue: "\"orders.sqlite\"", secondValue: "\"reports.sqlite\"")
        #expect(throws: expected) { try second.commit(into: container) }
        #expect(
            expected.message
                == "app.conf:13:1: error: plugins 'Orders' and 'Reports' both register service 'Store', and set 'database' differently (\"orders.sqlite\" and \"reports.sqlite\"): one registration serves the whole app, so one value would go unused. Set the same value in [plugins.Orders.settings] and [plugins.Reports.settings], or register the service in one plugin only."
        )
        #expect(expected.exitStatus == .configError)
        #expect(try container.resolve(Store.self).path == "orders.sqlite")
    }

    @Test("a plugin that sets nothing the first one sets uses its registration without a complaint")
    func noSharedSetting() throws {
        let container = SceneContainer()
        try registry("Orders", line: 1, database: "orders.sqlite").commit(into: container)
        try registry("Reports", line: 10, database: nil).commit(into: container)
        #expect(try container.resolve(Store.self).path == "orders.sqlite")
    }

    @Test("a service the app registered itself is kept, and no plugin's settings are compared with it")
    func appServiceKept() throws {
        let container = SceneContainer()
        container.register(Store.self) { _ in Store(path: "app") }
        try registry("Orders", line: 1, database: "orders.sqlite").commit(into: container)
        try registry("Reports", line: 10, database: "reports.sqlite").commit(into: container)
        #expect(try container.resolve(Store.self).path == "app")
    }
}
