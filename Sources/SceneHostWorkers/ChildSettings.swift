import SceneHostLoading
/// What a child process of the host that loads plugins runs with: the loader options of the
/// command line, `--verbose`, and (a scene worker) the plugins refused for everyone.
///
/// One declared record (`Records/ChildSettings+Record.swift`), handed whole: to a scene worker in
/// its start frame (`WorkerStartMessage.settings`), to the check child in its start file
/// (`CheckChildStart`). Neither child takes options on its command line, so a new option is
/// written where it is parsed and where it is used, never again in an argv builder and a parser.
package struct ChildSettings: Sendable, Equatable {
    /// A plugin refused for everyone (`FaultLedger`): how many clients' faults refused it, and the seconds left.
    package struct Refusal: Sendable, Equatable {
        package let plugin: String
        package let sources: Int
        package let seconds: Int

        package init(plugin: String, sources: Int, seconds: Int) {
            self.plugin = plugin
            self.sources = sources
            self.seconds = seconds
        }
    }

    package var loader: LoaderSettings
    package var verbose: Bool
    package var refused: [Refusal]

    package init(loader: LoaderSettings, verbose: Bool, refused: [Refusal] = []) {
        self.loader = loader
        self.verbose = verbose
        self.refused = refused
    }
}
