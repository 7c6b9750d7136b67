/// Timing by batches: each sample is the mean time of one iteration over a batch; the median is
/// taken over the samples. Used where one operation is too short to time alone (container
/// look-ups); per-operation percentiles come from `LatencyHistogram`.
struct Measurement {
    /// Nanoseconds per iteration, one value per batch.
    let samples: [Double]

    var median: Double { percentile(0.5) }

    func percentile(_ fraction: Double) -> Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
    }

    /// Times `first` and `second` one operation at a time, alternating, so both see the same
    /// machine state (frequency, caches, other load); each operation's time, less the clock's
    /// cost, goes into its side's histogram.
    @MainActor
    static func compareOperations(
        _ operations: Int, _ first: () throws -> Void, against second: () throws -> Void
    ) rethrows -> (LatencyHistogram, LatencyHistogram) {
        for _ in 0..<1_000 {
            try first()
            try second()
        }
        var firstTimes = LatencyHistogram(), secondTimes = LatencyHistogram()
        for _ in 0..<operations {
            var start = BenchClock.nanoseconds()
            try first()
            var end = BenchClock.nanoseconds()
            firstTimes.record(from: start, to: end)
            start = BenchClock.nanoseconds()
            try second()
            end = BenchClock.nanoseconds()
            secondTimes.record(from: start, to: end)
        }
        return (firstTimes, secondTimes)
    }

    /// `compareOperations` for operations that await (a scene worker's supervisor is an actor). A
    /// copy, not the one loop for both: awaiting a synchronous side would add a suspension point's
    /// cost to operations that never wait, and the sides must be timed alike.
    @MainActor
    static func compareOperations(
        _ operations: Int, _ first: () async throws -> Void, against second: () throws -> Void
    ) async rethrows -> (LatencyHistogram, LatencyHistogram) {
        for _ in 0..<1_000 {
            try await first()
            try second()
        }
        var firstTimes = LatencyHistogram(), secondTimes = LatencyHistogram()
        for _ in 0..<operations {
            var start = BenchClock.nanoseconds()
            try await first()
            var end = BenchClock.nanoseconds()
            firstTimes.record(from: start, to: end)
            start = BenchClock.nanoseconds()
            try second()
            end = BenchClock.nanoseconds()
            secondTimes.record(from: start, to: end)
        }
        return (firstTimes, secondTimes)
    }

    /// Times each of `operations` in turn, one operation at a time, `count` rounds: every side sees
    /// the same machine state; each time, less the clock's cost, goes into its side's histogram.
    @MainActor
    static func compareOperations(_ count: Int, _ operations: [() throws -> Void]) throws -> [LatencyHistogram] {
        for _ in 0..<1_000 { for operation in operations { try operation() } }
        var times = Array(repeating: LatencyHistogram(), count: operations.count)
        for _ in 0..<count {
            for (index, operation) in operations.enumerated() {
                let start = BenchClock.nanoseconds()
                try operation()
                let end = BenchClock.nanoseconds()
                times[index].record(from: start, to: end)
            }
        }
        return times
    }

    /// Times `first` and `second` by batches, alternating batch by batch: for operations too short
    /// to time one at a time (a direct C call takes a few nanoseconds, less than the clock's cost).
    @MainActor
    static func compare(
        batches: Int, batchSize: Int, _ first: () throws -> Void, against second: () throws -> Void
    ) rethrows -> (Measurement, Measurement) {
        var firstSamples: [Double] = [], secondSamples: [Double] = []
        for _ in 0..<batches {
            firstSamples += try run(batches: 1, batchSize: batchSize, first).samples
            secondSamples += try run(batches: 1, batchSize: batchSize, second).samples
        }
        return (Measurement(samples: firstSamples), Measurement(samples: secondSamples))
    }

    /// Runs `body` `batches` × `batchSize` times after a warm-up batch.
    @MainActor
    static func run(batches: Int, batchSize: Int, _ body: () throws -> Void) rethrows -> Measurement {
        for _ in 0..<batchSize { try body() }
        var samples: [Double] = []
        samples.reserveCapacity(batches)
        for _ in 0..<batches {
            let start = BenchClock.nanoseconds()
            for _ in 0..<batchSize { try body() }
            samples.append(Double(BenchClock.nanoseconds() - start) / Double(batchSize))
        }
        return Measurement(samples: samples)
    }
}
