import Foundation
import Logging
import SceneHostConfig
import SceneHostConfigFile
import SceneHostContainer
import SceneHostLoading
import SceneHostNavigation
@_spi(SceneHost) import SceneSDK

/// (a'') Routing into a container's slot the way the orders app's users take it: `Main` (the
/// OrdersAppScene plugin, tabs Orders and Settings), its Orders tab `OrdersSplit` (panes `list`,
/// ListOrders from libListOrdersScene.so, and `detail`), the pricing Worker in C
/// (libNativePricing.so), all loaded by the host's loader from a config like
/// examples/orders.conf without its `database` settings (the in-memory orders Worker). One
/// operation: a row selected in the list (ListOrders' router routes into the `detail` slot:
/// ShowOrder is built from libShowOrderScene.so, given the id, replaces the detail pane, appears),
/// the composed screen, then back (the focus returns to the list, which appears and starts its
/// load). Against the same ListOrders and ShowOrder classes wired by hand in a split of the
/// benchmark's own (`HandWiredOrders`). The two sides alternate one operation at a time; between
/// runs both lists' loads (`perform`) are let run, so the tasks they leave pending do not pile up.
@MainActor
enum SlotRoutingBenchmark {
    /// How many times the whole comparison runs (every p99 is the median of these runs).
    static let runs = 5

    static func run(into report: inout BenchReport, buildDirectory: String, scale: Int) async throws {
        let installation = try OrdersInstallation(buildDirectory: buildDirectory)
        defer { installation.remove() }
        let navigator = try ordersNavigator(config: try installation.config())
        let hand = try HandWiredOrders()
        try await settle(navigator, hand)
        try check(navigator, against: hand)
        try await settle(navigator, hand)

        var hostRow = 0, handRow = 0
        let viaHost = {
            try navigator.send(.select(list: "orders", row: hostRow % 3))
            _ = try navigator.screen()
            try navigator.back()
            hostRow += 1
        }
        let byHand = {
            try hand.navigate(row: handRow % 3)
            handRow += 1
        }
        let operations = 8_000 * scale
        var hostRuns: [LatencyHistogram] = [], handRuns: [LatencyHistogram] = []
        for _ in 0..<runs {
            let sides = try Measurement.compareOperations(operations, [viaHost, byHand])
            hostRuns.append(sides[0])
            handRuns.append(sides[1])
            try await settle(navigator, hand)
        }
        guard navigator.top?.name == "ListOrders" else {
            throw BenchFailure("routing into the slot did not come back to the list: \(navigator.path)")
        }
        let host = Summary(hostRuns), byHandSummary = Summary(handRuns)
        report.rows.append(
            host.row(
                "routing into a slot (show detail in a split) vs the same classes wired by hand (median)", \.median,
                against: byHandSummary, bar: 2.2))
        report.rows.append(
            host.row(
                "routing into a slot (show detail in a split) vs the same classes wired by hand (p99 of operations)",
                \.p99, against: byHandSummary, bar: 2.2))
        report.notes.append(
            "routing into a slot: the orders app's plugins (libOrdersAppScene.so, libListOrdersScene.so, libShowOrderScene.so, libEditOrderScene.so, libNativePricing.so; no database: the in-memory orders Worker) loaded by the host's loader, a Navigator started at Main; a row selected in the list pane (ListOrders' router routes into the detail slot with .replace: ShowOrder built from its plugin, given the id, the detail pane's stack replaced, ShowOrder's work before it cancelled), the composed screen (tab bar, both panes), back (the focus to the list, whose viewWillAppear starts its async load); \(operations) operations a side per run, both sides' pending loads let run between runs, median of \(runs) runs [min-max]"
        )
        report.notes.append(
            "routing into a slot, by hand: the plugins' ListOrders and ShowOrder sources compiled into the benchmark, wired as the seed's setUpVIPCycle, in a split of the benchmark's own (two panes, each a small stack) whose navigator builds ShowOrder's four parts, decodes and passes the id, loads it, replaces the detail pane (cancelling the old scene's work), shows it and composes the same screen; back focuses the list and calls its viewWillAppear; the pricing Worker's C source compiled in and called directly"
        )
    }

    /// Lets every pending load of both sides run: the host's `settle`, the hand-wired list's work
    /// settled, then a moment for the cancelled tasks of the scenes that left to end.
    private static func settle(_ navigator: Navigator, _ hand: HandWiredOrders) async throws {
        guard await navigator.settle(within: .seconds(60)) else {
            throw BenchFailure("the orders app's work did not settle within 60 s")
        }
        guard await hand.listWork?.settle(within: .seconds(60)) ?? true else {
            throw BenchFailure("the hand-wired list's work did not settle within 60 s")
        }
        try await Task.sleep(for: .milliseconds(100))
    }

    /// Both sides do the same work: after a row selected, and after back, both show the same screen.
    private static func check(_ navigator: Navigator, against hand: HandWiredOrders) throws {
        try navigator.send(.select(list: "orders", row: 2))
        try hand.select(row: 2)
        let (shown, shownByHand) = (try navigator.screen(), hand.screen())
        guard shown == shownByHand else {
            throw BenchFailure("the two sides show different orders:\n\(shown)\nby hand:\n\(shownByHand)")
        }
        try navigator.back()
        try hand.back()
        let (list, listByHand) = (try navigator.screen(), hand.screen())
        guard list == listByHand else {
            throw BenchFailure("the two sides show different lists:\n\(list)\nby hand:\n\(listByHand)")
        }
        guard navigator.top?.name == "ListOrders" else {
            throw BenchFailure("back did not focus the list: \(navigator.path)")
        }
    }

    /// The orders app's plugins, loaded by the host's loader from `config`, a navigator on Main.
    private static func ordersNavigator(config: String) throws -> Navigator {
        let loaded = try ConfigLoader().load(path: config)
        let container = SceneContainer()
        let loader = PluginLoader(logger: Logger(label: "bench"))
        for entry in loaded.plugins { _ = try loader.load(entry, into: container) }
        let navigator = Navigator(container: container, segues: loaded.segues)
        try navigator.start(at: "Main")
        return navigator
    }
}

/// The orders app (examples/orders.conf without its `database` settings) with its plugin libraries
/// and libOrdersKit.so (which ListOrders, ShowOrder and EditOrder find beside them) copied from the
/// build folder into a temporary folder (mode 755: plugins are refused from writable folders).
struct OrdersInstallation {
    static let libraries = [
        "libOrdersAppScene.so", "libListOrdersScene.so", "libShowOrderScene.so", "libEditOrderScene.so",
        "libNativePricing.so", "libOrdersKit.so",
    ]
    let folder: URL

    init(buildDirectory: String) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scene-host-bench-orders-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        chmod(folder.path, 0o755)
        for library in Self.libraries {
            let original = URL(fileURLWithPath: buildDirectory + "/" + library)
            guard let bytes = try? Data(contentsOf: original) else {
                throw BenchFailure("cannot read \(original.path): build first")
            }
            let copy = folder.appendingPathComponent(library).path
            try bytes.write(to: URL(fileURLWithPath: copy))
            chmod(copy, 0o644)
        }
    }

    private func path(_ library: String) -> String { folder.appendingPathComponent(library).path }

    /// The orders app's config (examples/orders.conf) pointing at the copies, without `database`.
    func config() throws -> String {
        let config = folder.appendingPathComponent("orders.conf").path
        let text = """
            initial = "Main"

            [plugins.OrdersAppScene]
            path = "\(path("libOrdersAppScene.so"))"

            [plugins.ListOrdersScene]
            path = "\(path("libListOrdersScene.so"))"

            [plugins.ShowOrderScene]
            path = "\(path("libShowOrderScene.so"))"

            [plugins.EditOrderScene]
            path = "\(path("libEditOrderScene.so"))"

            [[segues]]
            from = "ShowOrder"
            id = "edit"
            to = "EditOrder"
            style = "present"

            [plugins.NativePricing]
            path = "\(path("libNativePricing.so"))"

            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: config))
        return config
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}
