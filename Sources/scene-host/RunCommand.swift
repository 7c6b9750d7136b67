import ArgumentParser
import Foundation
import SceneHost

/// `scene-host run`: load the app and drive it from the terminal or from a script.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the app: interactively on a terminal, or from a script (--script FILE, or standard input when it is not a terminal)."
    )

    @OptionGroup var options: HostOptions

    @Option(name: .long, help: "Run the commands of this file, printing the screen after each.")
    var script: String?

    func run() throws {
        try MainActor.assumeIsolated { try runOnMain() }
    }

    @MainActor
    private func runOnMain() throws {
        let app: SceneApp
        let commands: [(line: String, command: FrontendCommand)]?
        do {
            commands = try readScript()
            app = try SceneApp.load(configPath: options.config, loader: options.makeLoader())
            try app.start()
        } catch {
            throw StandardStreams.fail(error)
        }
        guard let commands else {
            TerminalFrontend(navigator: app.navigator, clearsScreen: StandardStreams.outputIsTerminal,
                             readLine: { readLine() }, write: { print($0, terminator: $0 == "> " ? "" : "\n") }).run()
            return
        }
        let failures = ScriptRunner(navigator: app.navigator, write: StandardStreams.out).run(commands)
        if failures > 0 { throw ExitCode(ExitStatus.commandsFailed.rawValue) }
    }

    /// The script's commands, or nil for the interactive terminal.
    private func readScript() throws -> [(line: String, command: FrontendCommand)]? {
        if let script {
            guard let data = FileManager.default.contents(atPath: script), let text = String(data: data, encoding: .utf8) else {
                throw HostError.scriptNotFound(path: script)
            }
            return try ScriptRunner.parse(text, file: script)
        }
        guard !StandardStreams.inputIsTerminal else { return nil }
        var lines: [String] = []
        while let line = readLine() { lines.append(line) }
        return try ScriptRunner.parse(lines.joined(separator: "\n"), file: "<stdin>")
    }
}
