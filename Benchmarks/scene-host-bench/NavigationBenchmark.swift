import SceneHost
import SceneSDK

/// (a) Navigation by name — resolve the destination by name, build and wire its parts through
/// the container, pass a payload, push, render — against the same scenes wired by hand, as the
/// seed article does. Both then pop, so every iteration starts from Home. Operations alternate one
/// by one and each is timed alone (the clock's cost taken off): the p99 is of operations.
@MainActor
enum NavigationBenchmark {
    static func run(into report: inout BenchReport, scale: Int) throws {
        let (navigator, homeRouter) = try BenchScenes.navigator()
        let home = BenchHomeInteractor()
        var stack: [AnyObject] = []
        let (byName, byHand) = try Measurement.compareOperations(40_000 * scale, {
            try homeRouter.routeToDetail()
            _ = try navigator.screen()
            try navigator.back()
        }, against: {
            BenchScenes.detailByHand(message: home.message, stack: &stack)
        })
        guard navigator.path == "BenchHome" else { throw BenchFailure("navigation did not come back to BenchHome: \(navigator.path)") }
        // Both scenes compiled into this benchmark (one module, one contract type: the typed fast
        // path). Not the path users take (`CrossPluginNavigationBenchmark` is): a labelled extra row.
        report.rows.append(BenchRow(name: "navigation by name vs by hand, same module (median)", value: byName.median, baseline: byHand.median, unit: "ns", bar: nil))
        report.rows.append(BenchRow(name: "navigation by name vs by hand, same module (p99 of operations)", value: byName.p99, baseline: byHand.p99, unit: "ns", bar: nil))
        report.notes.append("navigation: \(byName.count) operations a side; the clock's own cost, \(BenchClock.cost) ns, taken off each")
    }
}
