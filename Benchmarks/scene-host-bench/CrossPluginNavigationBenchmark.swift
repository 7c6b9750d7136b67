import Foundation
import Logging
import SceneHost
import SceneSDK

/// (a') Navigation the way the demo's users take it: Home and Detail are two separately built
/// plugin libraries (libHomeScene.so, libDetailScene.so), each with its own `DetailInput`, loaded by
/// the host's loader from a real config; a tap on `showDetail` (the segue) or on `openDetail` (the
/// router's code route) builds Detail from its plugin, passes the message across the two contract
/// types, shows it, renders it; then back. Against the same work wired by hand (the benchmark's own
/// Detail classes). The three operations alternate one by one, each timed alone; the run is repeated
/// and each figure is the median of the runs, with the smallest and largest run beside it.
@MainActor
enum CrossPluginNavigationBenchmark {
    /// How many times the whole comparison runs (every p99 is the median of these runs).
    static let runs = 5

    static func run(into report: inout BenchReport, buildDirectory: String, scale: Int) throws {
        let navigator = try demoNavigator(buildDirectory: buildDirectory)
        let home = BenchHomeInteractor()
        var stack: [AnyObject] = []
        let byHand = { BenchScenes.detailByHand(message: home.message, stack: &stack) }
        let bySegue = { try navigate(navigator, tapping: "showDetail") }
        let inCode = { try navigate(navigator, tapping: "openDetail") }
        var segueRuns: [LatencyHistogram] = [], codeRuns: [LatencyHistogram] = [], pooledRuns: [LatencyHistogram] = [], handRuns: [LatencyHistogram] = []
        for _ in 0..<runs {
            let sides = try Measurement.compareOperations(8_000 * scale, [bySegue, inCode, byHand])
            segueRuns.append(sides[0])
            codeRuns.append(sides[1])
            handRuns.append(sides[2])
            var pooled = sides[0]
            pooled.add(sides[1])
            pooledRuns.append(pooled)
        }
        guard navigator.path == "Home" else { throw BenchFailure("navigation did not come back to Home: \(navigator.path)") }
        let hand = Summary(handRuns)
        report.rows.append(Summary(pooledRuns).row("navigation across plugins vs by hand (median)", \.median, against: hand, bar: 1.5))
        report.rows.append(Summary(pooledRuns).row("navigation across plugins vs by hand (p99 of operations)", \.p99, against: hand, bar: 2.0))
        report.rows.append(Summary(segueRuns).row("navigation across plugins, by segue, vs by hand (median)", \.median, against: hand, bar: nil))
        report.rows.append(Summary(segueRuns).row("navigation across plugins, by segue, vs by hand (p99 of operations)", \.p99, against: hand, bar: nil))
        report.rows.append(Summary(codeRuns).row("navigation across plugins, in code, vs by hand (median)", \.median, against: hand, bar: nil))
        report.rows.append(Summary(codeRuns).row("navigation across plugins, in code, vs by hand (p99 of operations)", \.p99, against: hand, bar: nil))
        report.notes.append("navigation across plugins: libHomeScene.so -> libDetailScene.so, each with its own DetailInput; half the operations by the showDetail segue, half by the openDetail code route; tap + build + pass + show + render + back, \(8_000 * scale) operations a side per run, median of \(runs) runs [min-max]")
    }

    /// One tap that shows Detail, its screen, and back to Home.
    private static func navigate(_ navigator: Navigator, tapping button: String) throws {
        try navigator.send(.tap(button: button))
        _ = try navigator.screen()
        try navigator.back()
    }

    /// The demo's two plugins, loaded by the host's loader from a config like the demo's, on Home
    /// with a message typed.
    private static func demoNavigator(buildDirectory: String) throws -> Navigator {
        // The demo's own config and its two plugin libraries, as the workers benchmark installs them.
        let demo = try DemoInstallation(buildDirectory: buildDirectory)
        defer { demo.remove() }
        let loaded = try ConfigLoader().load(path: try demo.config(workers: nil))
        let container = SceneContainer()
        let loader = PluginLoader(logger: Logger(label: "bench"))
        for entry in loaded.plugins { _ = try loader.load(entry, into: container) }
        let navigator = Navigator(container: container, segues: loaded.segues)
        try navigator.start(at: "Home")
        try navigator.send(.edit(field: "message", text: "Hello"))
        return navigator
    }
}
