import Logging
import Synchronization

/// A logger whose lines (level and message) a test reads back.
package final class CapturedLog: Sendable {
    package init() {}

    private let lines = Mutex<[(level: Logger.Level, message: String)]>([])

    package var logger: Logger {
        Logger(label: "test") { _ in Handler(sink: self) }
    }

    /// The messages logged at `level` or above, in order.
    package func messages(atLeast level: Logger.Level = .trace) -> [String] {
        lines.withLock { $0.filter { $0.level >= level }.map(\.message) }
    }

    private struct Handler: LogHandler {
        package let sink: CapturedLog
        package var metadata: Logger.Metadata = [:]
        package var logLevel: Logger.Level = .trace

        package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        package func log(event: LogEvent) {
            sink.lines.withLock { $0.append((event.level, "\(event.message)")) }
        }
    }
}
