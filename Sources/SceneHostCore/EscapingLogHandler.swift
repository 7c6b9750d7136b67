import Logging

/// A log handler that escapes control characters (`TerminalText.escaped`) in each message and
/// metadata value before the wrapped handler writes it: `--verbose` logs name plugins, paths
/// and scenes that come from configs and plugins.
public struct EscapingLogHandler: LogHandler {
    public var wrapped: any LogHandler

    public init(wrapped: any LogHandler) {
        self.wrapped = wrapped
    }

    public var metadataProvider: Logger.MetadataProvider? {
        get { wrapped.metadataProvider }
        set { wrapped.metadataProvider = newValue }
    }

    public var metadata: Logger.Metadata {
        get { wrapped.metadata }
        set { wrapped.metadata = newValue }
    }

    public var logLevel: Logger.Level {
        get { wrapped.logLevel }
        set { wrapped.logLevel = newValue }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { wrapped[metadataKey: key] }
        set { wrapped[metadataKey: key] = newValue }
    }

    public func log(event: LogEvent) {
        var event = event
        event.message = "\(TerminalText.escaped(event.message.description))"
        event.metadata = event.metadata?.mapValues { .string(TerminalText.escaped($0.description)) }
        wrapped.log(event: event)
    }
}
