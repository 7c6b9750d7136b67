import ArgumentParser

/// `scene-host new`: makes new things for plugin authors: `new scene` and `new plugin`.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create a new plugin package (see 'scene-host new plugin --help' and 'scene-host new scene --help').",
        subcommands: [NewPluginCommand.self, NewSceneCommand.self]
    )

    /// `scene-host new` alone names nothing to create: a usage error, not help with exit 0.
    func run() throws {
        throw ValidationError("say what to create: 'scene-host new plugin PLUGIN' or 'scene-host new scene NAME'.")
    }
}
