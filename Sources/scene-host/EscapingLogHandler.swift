import Logging
import SceneHost

/// A log handler that escapes control characters (`TerminalText.escaped`) in each message and
/// metadata value before the wrapped handler writes it: `--verbose` logs name plugins, paths
/// and scenes that come from configs and plugins.
struct EscapingLogHandler: LogHandler {
    var wrapped: any LogHandler

    var metadataProvider: Logger.MetadataProvider? {
        get { wrapped.metadataProvider }
        set { wrapped.metadataProvider = newValue }
    }

    var metadata: Logger.Metadata {
        get { wrapped.metadata }
        set { wrapped.metadata = newValue }
    }

    var logLevel: Logger.Level {
        get { wrapped.logLevel }
        set { wrapped.logLevel = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { wrapped[metadataKey: key] }
        set { wrapped[metadataKey: key] = newValue }
    }

    func log(event: LogEvent) {
        var event = event
        event.message = "\(TerminalText.escaped(event.message.description))"
        event.metadata = event.metadata?.mapValues { .string(TerminalText.escaped($0.description)) }
        wrapped.log(event: event)
    }
}
