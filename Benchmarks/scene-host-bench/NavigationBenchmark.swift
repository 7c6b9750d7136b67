import SceneSDK
import SceneHostNavigation

/// (a) Navigation by name — resolve the destination by name, build and wire its parts through
/// the container, pass a payload, push, render — against the same scenes wired by hand, as the
/// seed article does. Both then pop, so every iteration starts from Home. Operations alternate one
/// by one and each is timed alone (the clock's cost taken off): the p99 is of operations. The
/// comparison runs `runs` times; each figure is the median of the runs, with the smallest and
/// largest run beside it (`Summary`).
@MainActor
enum NavigationBenchmark {
    /// How many times the whole comparison runs (every median and p99 is the median of these runs).
    static let runs = 5

    static func run(into report: inout BenchReport, scale: Int) throws {
        let (navigator, homeRouter) = try BenchScenes.navigator()
        let home = BenchHomeInteractor()
        var stack: [AnyObject] = []
        let operations = 40_000 * scale
        var byNameRuns: [LatencyHistogram] = [], byHandRuns: [LatencyHistogram] = []
        for _ in 0..<runs {
            let (byName, byHand) = try Measurement.compareOperations(
                operations,
                {
                    try homeRouter.routeToDetail()
                    _ = try navigator.screen()
                    try navigator.back()
                },
                against: {
                    BenchScenes.detailByHand(message: home.message, stack: &stack)
                })
            byNameRuns.append(byName)
            byHandRuns.append(byHand)
        }
        guard navigator.path == "BenchHome" else {
            throw BenchFailure("navigation did not come back to BenchHome: \(navigator.path)")
        }
        // Both scenes compiled into this benchmark (one module, one contract type: the typed fast
        // path). Not the path users take (`CrossPluginNavigationBenchmark` is): a labelled extra row.
        let byName = Summary(byNameRuns), byHand = Summary(byHandRuns)
        report.rows.append(
            byName.row("navigation by name vs by hand, same module (median)", \.median, against: byHand, bar: nil))
        report.rows.append(
            byName.row(
                "navigation by name vs by hand, same module (p99 of operations)", \.p99, against: byHand, bar: nil))
        report.notes.append(
            "navigation, same module: \(operations) operations a side per run, median of \(runs) runs [min-max]; "
                + "the clock's own cost, \(BenchClock.cost) ns, taken off each")
    }
}
