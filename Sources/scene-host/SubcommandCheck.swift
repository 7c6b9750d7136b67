import ArgumentParser
import SceneHostFrontend

/// Refuses a first argument that is neither an option nor a subcommand of `scene-host`.
///
/// `run` is the default subcommand, so ArgumentParser would otherwise hand `scene-host bogus` to
/// `run`, which answers with its own help: the author never learns that `bogus` is no subcommand.
/// The known names come from the command configuration, so a subcommand added there is known here.
enum SubcommandCheck {
    /// The usage error for `arguments` (without the executable), or nil when they may be parsed.
    static func problem(in arguments: [String], configuration: CommandConfiguration) -> CommandLineError? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        var known = ["help"], shown: [String] = []
        for command in configuration.subcommands {
            let subcommand: CommandConfiguration = command.configuration
            let name = command._commandName
            known.append(name)
            known += subcommand.aliases
            if subcommand.shouldDisplay { shown.append(name) }
        }
        guard !known.contains(first) else { return nil }
        return .unknownSubcommand(name: first, known: shown)
    }
}
