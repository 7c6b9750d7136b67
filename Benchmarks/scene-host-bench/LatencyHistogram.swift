import Histogram

/// Per-operation latencies in an HDR histogram (3 significant digits, 1 ns to 10 s), with the
/// clock's own cost taken off each value, so percentiles are of operations, not of batch means.
struct LatencyHistogram {
    private var histogram = Histogram<UInt64>(
        highestTrackableValue: 10_000_000_000, numberOfSignificantValueDigits: .three)

    /// Records one operation timed from `start` to `end` (readings of `BenchClock`).
    mutating func record(from start: UInt64, to end: UInt64) {
        let elapsed = end &- start
        histogram.record(max(1, elapsed > BenchClock.cost ? elapsed - BenchClock.cost : 1))
    }

    var count: UInt64 { histogram.totalCount }

    /// Adds every operation of `other` (the sides of one figure pooled).
    mutating func add(_ other: LatencyHistogram) {
        histogram.add(other.histogram)
    }
    func percentile(_ percent: Double) -> Double { Double(histogram.valueAtPercentile(percent)) }
    var median: Double { percentile(50) }
    var p99: Double { percentile(99) }
}
