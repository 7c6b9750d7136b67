import ArgumentParser
import Logging

/// Options every subcommand takes.
struct HostOptions: ParsableArguments {
    @Option(name: .long, help: "The app's config file; plugin paths in it are relative to its folder.")
    var config: String = "scenes.conf"

    @Flag(name: .long, help: "Log what the host does (plugin loading, navigation) to standard error.")
    var verbose = false

    /// The one logger of the process; libraries get it passed in.
    func makeLogger() -> Logger {
        var logger = Logger(label: "scene-host") { label in StreamLogHandler.standardError(label: label) }
        logger.logLevel = verbose ? .debug : .warning
        return logger
    }
}
