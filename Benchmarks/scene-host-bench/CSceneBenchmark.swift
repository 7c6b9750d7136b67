import Foundation
import Logging
import SceneHostConfig
import SceneHostConfigFile
import SceneHostContainer
import SceneHostLoading
import SceneHostNavigation
@_spi(SceneHost) import SceneSDK

/// (a''') A tap into a scene written in C against the same tap into its Swift twin: the demo's Home
/// (libHomeScene.so) with Detail from libDetailC.so (Plugins/DetailC/detail.c, built by cc) on one
/// side and from libDetailScene.so (Plugins/DetailScene, Swift) on the other, both loaded by the
/// host's loader from the demo's config. One operation, as a user takes it: the tap on `openDetail`
/// (Detail built: for C, `DetailInteractor_create`, `DetailDataStore_acceptInput` with the message,
/// `DetailViewController_viewDidLoad`, each through libffi by its declared signature), its screen
/// (`DetailViewController_render` filling it through the host's functions), the tap on `done`
/// (`DetailViewController_handleTap` calling `route_back`; the scene freed:
/// `DetailInteractor_destroy`), Home's screen again. The two sides alternate one operation at a time.
@MainActor
enum CSceneBenchmark {
    static let runs = 5

    static func run(into report: inout BenchReport, buildDirectory: String, scale: Int) throws {
        let cSide = try CrossPluginNavigationBenchmark.demoNavigator(
            buildDirectory: buildDirectory, detailLibrary: "libDetailC.so")
        let swiftSide = try CrossPluginNavigationBenchmark.demoNavigator(buildDirectory: buildDirectory)
        try check(cSide, against: swiftSide)
        let operations = 8_000 * scale
        var cRuns: [LatencyHistogram] = [], swiftRuns: [LatencyHistogram] = []
        for _ in 0..<runs {
            let sides = try Measurement.compareOperations(operations, [{ try tap(cSide) }, { try tap(swiftSide) }])
            cRuns.append(sides[0])
            swiftRuns.append(sides[1])
        }
        guard cSide.path == "Home", swiftSide.path == "Home" else {
            throw BenchFailure("a tap did not come back to Home: \(cSide.path), \(swiftSide.path)")
        }
        let swift = Summary(swiftRuns)
        report.rows.append(
            Summary(cRuns).row(
                "a tap into a C scene vs the same tap into its Swift twin (median)", \.median, against: swift, bar: 1.5)
        )
        report.rows.append(
            Summary(cRuns).row(
                "a tap into a C scene vs the same tap into its Swift twin (p99 of operations)", \.p99, against: swift,
                bar: 1.5))
        report.notes.append(
            "a tap into a C scene: Home (libHomeScene.so) -> Detail from libDetailC.so (C, cc -O2) vs from libDetailScene.so (Swift), both by the host's loader from the demo's config; tap openDetail + Detail's screen + tap done + Home's screen, \(operations) operations a side per run, median of \(runs) runs [min-max]; the C side's roles go through libffi by their declared signatures and its screen through the host's C functions"
        )
    }

    /// One tap into Detail and out of it, with both screens.
    private static func tap(_ navigator: Navigator) throws {
        try navigator.send(.tap(button: "openDetail"))
        _ = try navigator.screen()
        try navigator.send(.tap(button: "done"))
        _ = try navigator.screen()
    }

    /// Both sides do the same work: Detail shows the same screen, and `done` comes back to Home.
    private static func check(_ cSide: Navigator, against swiftSide: Navigator) throws {
        try cSide.send(.tap(button: "openDetail"))
        try swiftSide.send(.tap(button: "openDetail"))
        let (shown, twin) = (try cSide.screen(), try swiftSide.screen())
        guard shown == twin else {
            throw BenchFailure("the C Detail and its Swift twin differ:\n\(shown)\nSwift:\n\(twin)")
        }
        try cSide.send(.tap(button: "done"))
        try swiftSide.send(.tap(button: "done"))
        guard cSide.path == "Home", swiftSide.path == "Home" else {
            throw BenchFailure("done did not come back to Home: \(cSide.path), \(swiftSide.path)")
        }
    }
}
