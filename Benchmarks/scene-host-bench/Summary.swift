/// One side's per-operation latencies over several independent runs of the same comparison: a
/// figure (median, p99, ...) is reported as its median over the runs, with the smallest and
/// largest run beside it.
///
/// Give it the runs in the order they were measured, one `LatencyHistogram` each, and the same
/// number of runs to both sides of a row; with an even count the upper middle run is taken.
struct Summary {
    let runs: [LatencyHistogram]

    init(_ runs: [LatencyHistogram]) { self.runs = runs }

    /// The median over the runs of `figure`, with the smallest and largest run, against `baseline`'s.
    func row(
        _ name: String, _ figure: KeyPath<LatencyHistogram, Double>, against baseline: Summary, bar: Double?
    ) -> BenchRow {
        let mine = runs.map { $0[keyPath: figure] }.sorted(),
            theirs = baseline.runs.map { $0[keyPath: figure] }.sorted()
        var row = BenchRow(
            name: name, value: mine[mine.count / 2], baseline: theirs[theirs.count / 2], unit: "ns", bar: bar)
        row.valueRange = [mine.first ?? 0, mine.last ?? 0]
        row.baselineRange = [theirs.first ?? 0, theirs.last ?? 0]
        return row
    }
}
