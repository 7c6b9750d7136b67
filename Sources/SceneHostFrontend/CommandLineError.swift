import SceneSDK
import SceneHostCore

/// The command line itself is wrong. Exit code 64.
///
/// Its text and exit code are in `CommandLineError+Message.swift`.
package enum CommandLineError: HostConcernError, Equatable, Sendable {
    /// The first argument is neither an option nor a subcommand; `known` lists the subcommands shown in help.
    case unknownSubcommand(name: String, known: [String])
}
