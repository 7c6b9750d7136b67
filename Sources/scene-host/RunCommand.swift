#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
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
        let script: ScriptLineReader?
        do {
            script = try openScript()
            app = try SceneApp.load(configPath: options.config, loader: options.makeLoader())
            try app.start()
        } catch {
            throw StandardStreams.fail(error)
        }
        let failures: Int
        do {
            guard var reader = script else {
                var terminal = ScriptLineReader(descriptor: STDIN_FILENO, file: "<stdin>")
                try TerminalFrontend(navigator: app.navigator, clearsScreen: StandardStreams.outputIsTerminal,
                                     readLine: { try terminal.nextLine() },
                                     write: { StandardStreams.write($0 == "> " ? $0 : $0 + "\n", to: STDOUT_FILENO) }).run()
                return
            }
            failures = try ScriptRunner(navigator: app.navigator, write: StandardStreams.out).run(&reader)
        } catch {
            throw StandardStreams.fail(error)
        }
        if failures > 0 { throw ExitCode(ExitStatus.commandsFailed.rawValue) }
    }

    /// The script to run, or nil for the interactive terminal.
    ///
    /// A script that can be read twice (a file, or standard input redirected from one) is
    /// checked to its end first, so a syntax error stops it before anything runs; a pipe is
    /// checked line by line as it runs.
    private func openScript() throws -> ScriptLineReader? {
        if let script {
            let descriptor: Int32
            switch InputFile.open(script) {
            case .success(let opened): descriptor = opened
            case .failure(.notFound): throw HostError.scriptNotFound(path: script)
            case .failure(let problem): throw HostError.scriptNotReadable(path: script, problem)
            }
            return try checked(ScriptLineReader(descriptor: descriptor, file: script))
        }
        guard !StandardStreams.inputIsTerminal else { return nil }
        return try checked(ScriptLineReader(descriptor: STDIN_FILENO, file: "<stdin>"))
    }

    /// `reader` after checking all of it, when its input is a regular file it can read again.
    private func checked(_ reader: ScriptLineReader) throws -> ScriptLineReader {
        var status = stat()
        let descriptor = reader.descriptor
        let start = lseek(descriptor, 0, SEEK_CUR)
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, start >= 0 else { return reader }
        var first = reader
        try ScriptRunner.check(&first)
        lseek(descriptor, start, SEEK_SET)
        return reader
    }
}
