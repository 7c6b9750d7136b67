import ArgumentParser
import Foundation
import SceneHostCommandLine
import SceneHostCore
import CWorkerShim

/// `scene-host`: runs apps made of Clean Swift scenes loaded from plugins.
///
/// `serve` is its own executable, `scene-host-serve`, started in this process's place (`ServeLauncher`):
/// the other commands load neither the web stack nor the database drivers.
@main
struct SceneHostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scene-host",
        abstract: "Run apps made of Clean Swift (VIP) scenes loaded from plugin libraries.",
        // Made from ExitStatus, so a new code cannot be left out.
        discussion: "Exit codes: \(ExitStatus.helpList).",
        subcommands: [
            RunCommand.self, CheckCommand.self, ListCommand.self, GraphCommand.self, NewCommand.self, CallCommand.self,
            InterfaceCommand.self, ServeLauncher.self,
        ],
        defaultSubcommand: RunCommand.self
    )

    static func main() {
        // Linked for the check child, which confines itself (Sources/CWorkerShim): referenced so it is.
        _ = scene_host_worker_shim_linked()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "serve" {
            // Its own options and help are `scene-host-serve`'s: handed on as they are.
            ServeLauncher.exec(Array(arguments.dropFirst()))
        }
        if arguments.count == 2, arguments == ["help", "serve"] {
            // `scene-host help serve` is the server's help too, not this launcher's.
            ServeLauncher.exec(["--help"])
        }
        CommandStart.prepare(command: arguments.first { !$0.hasPrefix("-") } ?? "run")
        if let problem = SubcommandCheck.problem(in: arguments, configuration: configuration) {
            exit(withError: StandardStreams.fail(problem))
        }
        main(nil)
    }
}
