import CoreMetrics
import Synchronization

/// A swift-metrics factory that keeps each counter's total by label and dimensions, for tests that
/// check what a component counted (timers and recorders count nothing).
final class CountingMetrics: MetricsFactory {
    private let totals = Mutex<[String: Int64]>([:])

    private final class Handler: CounterHandler {
        let key: String
        let metrics: CountingMetrics

        init(key: String, metrics: CountingMetrics) {
            self.key = key
            self.metrics = metrics
        }

        func increment(by amount: Int64) { metrics.totals.withLock { $0[key, default: 0] += amount } }
        func reset() { metrics.totals.withLock { $0[key] = 0 } }
    }

    private static func key(_ label: String, _ dimensions: [(String, String)]) -> String {
        ([label] + dimensions.map { "\($0.0)=\($0.1)" }).joined(separator: " ")
    }

    /// The total of the counter `label` with `dimensions` (0 when it never counted).
    func total(_ label: String, _ dimensions: [(String, String)] = []) -> Int64 {
        totals.withLock { $0[Self.key(label, dimensions)] ?? 0 }
    }

    func makeCounter(label: String, dimensions: [(String, String)]) -> any CounterHandler {
        Handler(key: Self.key(label, dimensions), metrics: self)
    }

    func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool) -> any RecorderHandler { NOOPMetricsHandler.instance }
    func makeTimer(label: String, dimensions: [(String, String)]) -> any TimerHandler { NOOPMetricsHandler.instance }
    func destroyCounter(_ handler: any CounterHandler) {}
    func destroyRecorder(_ handler: any RecorderHandler) {}
    func destroyTimer(_ handler: any TimerHandler) {}
}
