import Logging

/// A log handler that escapes control characters (`TerminalText.escaped`) in each message and
/// metadata value before the wrapped handler writes it: `--verbose` logs name plugins, paths
/// and scenes that come from configs and plugins.
package struct EscapingLogHandler: LogHandler {
    package var wrapped: any LogHandler

    package init(wrapped: any LogHandler) {
        self.wrapped = wrapped
    }

    package var metadataProvider: Logger.MetadataProvider? {
        get { wrapped.metadataProvider }
        set { wrapped.metadataProvider = newValue }
    }

    package var metadata: Logger.Metadata {
        get { wrapped.metadata }
        set { wrapped.metadata = newValue }
    }

    package var logLevel: Logger.Level {
        get { wrapped.logLevel }
        set { wrapped.logLevel = newValue }
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { wrapped[metadataKey: key] }
        set { wrapped[metadataKey: key] = newValue }
    }

    package func log(event: LogEvent) {
        var event = event
        event.message = "\(TerminalText.escaped(event.message.description))"
        event.metadata = event.metadata?.mapValues { .string(TerminalText.escaped($0.description)) }
        wrapped.log(event: event)
    }
}
