import ArgumentParser
import Foundation
import SceneHost
import SceneHostProcesses
import CWorkerShim

/// `scene-host`: runs apps made of Clean Swift scenes loaded from plugins.
@main
struct SceneHostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scene-host",
        abstract: "Run apps made of Clean Swift (VIP) scenes loaded from plugin libraries.",
        // Made from ExitStatus, so a new code cannot be left out.
        discussion: "Exit codes: \(ExitStatus.helpList).",
        subcommands: [RunCommand.self, CheckCommand.self, ListCommand.self, GraphCommand.self, NewCommand.self, CallCommand.self, ServeCommand.self],
        defaultSubcommand: RunCommand.self
    )

    /// Makes writing to closed or full standard streams harmless and the process non-dumpable (no
    /// process of the same user, plugin code in a worker included, may ptrace it or open its memory:
    /// `Sandbox`), then runs the command.
    static func main() {
        // Linked for the check child, which confines itself (Sources/CWorkerShim): referenced so it is.
        _ = scene_host_worker_shim_linked()
        StandardStreams.prepare()
        Sandbox.forbidInspection(environment: ProcessInfo.processInfo.environment)
        removeStalePrivateFolders()
        if let problem = SubcommandCheck.problem(in: Array(CommandLine.arguments.dropFirst()), configuration: configuration) {
            exit(withError: StandardStreams.fail(problem))
        }
        main(nil)
    }

    /// What a host that was killed left: the private folders of its children (`PrivateFolder`),
    /// removed when `run`, `serve` or `check` starts (not in a check child: its parent did it).
    private static func removeStalePrivateFolders() {
        let environment = ProcessInfo.processInfo.environment
        guard environment[CheckChild.childVariable] != "1" else { return }
        let command = CommandLine.arguments.dropFirst().first { !$0.hasPrefix("-") } ?? "run"
        guard !["list", "graph", "new", "call", "help"].contains(command) else { return }
        PrivateFolder.removeStale(in: PrivateFolder.parentFolder(environment))
    }
}
