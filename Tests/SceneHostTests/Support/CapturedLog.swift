import Logging
import Synchronization

/// A logger whose lines (level and message) a test reads back.
final class CapturedLog: Sendable {
    private let lines = Mutex<[(level: Logger.Level, message: String)]>([])

    var logger: Logger {
        Logger(label: "test") { _ in Handler(sink: self) }
    }

    /// The messages logged at `level` or above, in order.
    func messages(atLeast level: Logger.Level = .trace) -> [String] {
        lines.withLock { $0.filter { $0.level >= level }.map(\.message) }
    }

    private struct Handler: LogHandler {
        let sink: CapturedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            sink.lines.withLock { $0.append((event.level, "\(event.message)")) }
        }
    }
}
