/// Timing by batches: each sample is the mean time of one iteration over a batch, so the clock's
/// own cost disappears; the median and the 99th percentile are taken over the samples.
struct Measurement {
    /// Nanoseconds per iteration, one value per batch.
    let samples: [Double]

    var median: Double { percentile(0.5) }
    var p99: Double { percentile(0.99) }

    func percentile(_ fraction: Double) -> Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
    }

    /// Measures `first` and `second` in alternating batches, so both see the same machine state
    /// (frequency, caches, other load) and their ratio is fair.
    @MainActor
    static func compare(batches: Int, batchSize: Int, _ first: () throws -> Void, against second: () throws -> Void) rethrows -> (Measurement, Measurement) {
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
        let clock = ContinuousClock()
        for _ in 0..<batchSize { try body() }
        var samples: [Double] = []
        samples.reserveCapacity(batches)
        for _ in 0..<batches {
            let start = clock.now
            for _ in 0..<batchSize { try body() }
            let elapsed = clock.now - start
            samples.append((Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9) / Double(batchSize))
        }
        return Measurement(samples: samples)
    }
}
