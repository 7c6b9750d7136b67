import SceneSDK

/// The command line itself is wrong. Exit code 64.
///
/// Rendered to text only by `ErrorMessage`; the exit code is in `ExitStatus+Errors.swift`.
public enum CommandLineError: HostConcernError, Equatable, Sendable {
    /// The first argument is neither an option nor a subcommand; `known` lists the subcommands shown in help.
    case unknownSubcommand(name: String, known: [String])
}
