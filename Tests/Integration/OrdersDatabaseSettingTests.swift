import Foundation
import Logging
import OrdersKit
import Testing
@_spi(SceneHost) import SceneSDK
@testable import SceneHostCore
@testable import SceneHostContainer
@testable import SceneHostConfig
@testable import SceneHostConfigFile
@testable import SceneHostLoading
@testable import SceneHostNavigation
@testable import SceneHostFrontend
import TestSupport
import HostTestSupport

/// The real ListOrders plugin reads `database` from its settings: SQLite when set, located errors.
@MainActor
@Suite("Orders database setting (plugin settings, integration)")
struct OrdersDatabaseSettingTests {
    /// The three orders plugins; each names `database` (`databases` gives one per plugin, in order).
    private func config(
        in folder: TemporaryFolder, database: String?, databases: [String?]? = nil
    ) throws -> SceneConfig {
        var text = "initial = \"ListOrders\"\n"
        let names = ["ListOrdersScene", "ShowOrderScene", "EditOrderScene"]
        for name in names {
            text += "[plugins.\(name)]\npath = \"\(BuildProducts.library(name))\"\n"
        }
        for (name, database) in zip(names, databases ?? Array(repeating: database, count: names.count)) {
            if let database { text += "[plugins.\(name).settings]\ndatabase = \"\(database)\"\n" }
        }
        text += "[[segues]]\nfrom = \"ShowOrder\"\nid = \"edit\"\nto = \"EditOrder\"\nstyle = \"present\"\n"
        return try ConfigLoader().load(path: try folder.write(text, to: "orders-stack.conf"))
    }

    /// One "run": a fresh container with the three plugins registered, and a navigator on ListOrders.
    private func start(_ config: SceneConfig) async throws -> Navigator {
        let container = SceneContainer()
        let loader = PluginLoader(logger: Logger(label: "test"))
        for entry in config.plugins { _ = try loader.load(entry, into: container) }
        let navigator = Navigator(container: container, segues: config.segues)
        try await navigator.startSettled(at: config.initial.value)
        return navigator
    }

    @Test("an edit saved through the SQLite Worker is there in the next run, in the file named relative to the config")
    func persistsAcrossRuns() async throws {
        let folder = try TemporaryFolder()
        let config = try config(in: folder, database: "orders.sqlite")
        let navigator = try await start(config)
        for command: FrontendCommand in [
            .select(list: "orders", row: 1), .tap(button: "edit"), .fill(field: "quantity", text: "7"),
            .tap(button: "save"),
        ] {
            try await navigator.executeSettled(command)
        }
        #expect(navigator.path == "ListOrders › ShowOrder", "no back: Save wrote")
        #expect(FileManager.default.fileExists(atPath: folder.path("orders.sqlite")))
        let again = try await start(config)
        #expect(
            try again.screen().element(id: "orders")
                == .list(
                    id: "orders", rows: ["#1 Ada: 2 × Tea", "#2 Grace: 7 × Cake (no nuts)", "#3 Linus: 3 × Coffee"]))
    }

    @Test("a corrupt database is an error at start, located at the 'database' setting")
    func corruptAtStart() async throws {
        let folder = try TemporaryFolder()
        try folder.write("garbage, not SQLite\n", to: "orders.sqlite")
        let config = try config(in: folder, database: "orders.sqlite")
        let error = try await #require(throws: ContainerError.self) { _ = try await start(config) }
        guard case .settingRejected(let scene, let plugin, let key, let reason) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(scene == "ListOrders" && key == "database")
        #expect(
            reason
                == "cannot open the orders database \(folder.path("orders.sqlite")): the file is not a database (corrupt, or another kind of file); move it away and a new one is made at the next start"
        )
        let line = config.plugins.first { $0.name == "ListOrdersScene" }?.settings.first?.location
        #expect(plugin?.location(ofSetting: key) == line)
        #expect(
            ErrorMessage.render(error).hasPrefix(
                "\(folder.path("orders-stack.conf")):9:1: error: scene 'ListOrders' cannot be built: setting 'database' of plugin 'ListOrdersScene': cannot open the orders database"
            ))
    }

    @Test("without settings the plugin keeps its orders in memory and writes no file")
    func inMemoryWithoutSetting() async throws {
        let folder = try TemporaryFolder()
        let navigator = try await start(try config(in: folder, database: nil))
        #expect(try navigator.screen().element(id: "summary") == .label(id: "summary", text: "3 orders"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["orders-stack.conf"])
    }

    @Test("an orders plugin naming another database than the others is refused at its own setting")
    func disagreeingSettings() async throws {
        let folder = try TemporaryFolder()
        let config = try config(in: folder, database: nil, databases: ["orders.sqlite", nil, "orders.sqlite"])
        let navigator = try await start(config)
        let error = try #require(throws: (any Error).self) { try navigator.execute(.select(list: "orders", row: 0)) }
        let message = ErrorMessage.render(error)
        #expect(
            message.contains(
                "setting 'database' of plugin 'ShowOrderScene': names no database (orders in memory), but plugin 'ListOrdersScene' names the orders database \(folder.path("orders.sqlite")); every orders plugin must name the same database"
            ), "\(message)")
        #expect(navigator.path == "ListOrders")
    }
}
