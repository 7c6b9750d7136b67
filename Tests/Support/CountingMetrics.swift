import CoreMetrics
import Synchronization

/// A swift-metrics factory that keeps each counter's total by label and dimensions, for tests that
/// check what a component counted (timers and recorders count nothing).
package final class CountingMetrics: MetricsFactory {
    package init() {}

    private let totals = Mutex<[String: Int64]>([:])

    private final class Handler: CounterHandler {
        package let key: String
        package let metrics: CountingMetrics

        package init(key: String, metrics: CountingMetrics) {
            self.key = key
            self.metrics = metrics
        }

        package func increment(by amount: Int64) { metrics.totals.withLock { $0[key, default: 0] += amount } }
        package func reset() { metrics.totals.withLock { $0[key] = 0 } }
    }

    private static func key(_ label: String, _ dimensions: [(String, String)]) -> String {
        ([label] + dimensions.map { "\($0.0)=\($0.1)" }).joined(separator: " ")
    }

    /// The total of the counter `label` with `dimensions` (0 when it never counted).
    package func total(_ label: String, _ dimensions: [(String, String)] = []) -> Int64 {
        totals.withLock { $0[Self.key(label, dimensions)] ?? 0 }
    }

    package func makeCounter(label: String, dimensions: [(String, String)]) -> any CounterHandler {
        Handler(key: Self.key(label, dimensions), metrics: self)
    }

    package func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool) -> any RecorderHandler {
        NOOPMetricsHandler.instance
    }
    package func makeTimer(label: String, dimensions: [(String, String)]) -> any TimerHandler {
        NOOPMetricsHandler.instance
    }
    package func destroyCounter(_ handler: any CounterHandler) {}
    package func destroyRecorder(_ handler: any RecorderHandler) {}
    package func destroyTimer(_ handler: any TimerHandler) {}
}
