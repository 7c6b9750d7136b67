import ArgumentParser

/// `scene-host new`: makes new things for plugin authors; today only `new scene`.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create a new plugin package (see 'scene-host new scene --help').",
        subcommands: [NewSceneCommand.self]
    )

    /// `scene-host new` alone names nothing to create: a usage error, not help with exit 0.
    func run() throws {
        throw ValidationError("say what to create: 'scene-host new scene NAME'.")
    }
}
