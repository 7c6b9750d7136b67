#if canImport(Glibc)
import SceneHostCommandLine
import Glibc
#endif
import ArgumentParser
import Dispatch
import SceneHost
import SceneHostCore
import SceneHostFrontend
import SceneHostNavigation
import SceneHostWorkers
import SceneHostConfig
import SceneHostContainer

/// `scene-host run`: load the app and drive it from the terminal or from a script.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract:
            "Run the app: interactively on a terminal, or from a script (--script FILE, or standard input when it is not a terminal)."
    )

    @OptionGroup var options: HostOptions

    @Option(name: .long, help: "Run the commands of this file, printing the screen after each.")
    var script: String?

    @Option(
        name: .long,
        help:
            "Start at the scene of this deep link (e.g. 'orders/2'): the stack from the initial scene to it. A bad link exits 9."
    )
    var open: String?

    @Option(
        name: .long,
        help: "Compare everything the run prints with this transcript; on a difference print a unified diff and exit 1."
    )
    var expect: String?

    @Option(
        name: .long, help: "Write everything the run prints to this transcript file (for --expect later), replacing it."
    )
    var record: String?

    @Flag(
        name: .long,
        help:
            "Development only: reload the app when a plugin file changes (a new build), keeping the screens and typed text; a build the checks refuse changes nothing. Needs the interactive terminal and scene workers."
    )
    var watch = false

    func validate() throws {
        if watch, options.inProcess {
            throw ValidationError(
                "--watch and --in-process exclude each other: a reload starts fresh scene workers on the new build, and a library loaded into this process cannot be replaced. Drop --in-process."
            )
        }
        if watch, script != nil || expect != nil || record != nil {
            throw ValidationError(
                "--watch is for the interactive terminal: drop --script, --expect and --record (a script runs one build from start to end)."
            )
        }
        if watch, !StandardStreams.inputIsTerminal {
            throw ValidationError(
                "--watch is for the interactive terminal, and standard input is not one: run it in a terminal, without piping commands in."
            )
        }
        if expect != nil, record != nil {
            throw ValidationError(
                "--expect and --record exclude each other: record a transcript once, then check runs against it.")
        }
        if expect != nil || record != nil, script == nil, StandardStreams.inputIsTerminal {
            throw ValidationError(
                "--expect and --record need a script: pass --script FILE, or pipe the commands to standard input.")
        }
    }

    func run() throws {
        // The session model is async (the web waits for workers the same way): the run goes on in a
        // main-actor task, and the main thread serves the main actor until the run exits the process.
        Task { @MainActor in
            do {
                try await runOnMain()
                StandardStreams.succeed()
            } catch let exit as ExitCode {
                fflush(nil)
                Glibc.exit(exit.rawValue)
            } catch {
                Glibc.exit(StandardStreams.fail(error).rawValue)
            }
        }
        dispatchMain()
    }

    @MainActor
    private func runOnMain() async throws {
        let app: SceneApp
        let script: ScriptLineReader?
        let expected: String?
        let session: any AppSession
        var supervisor: WorkerPool?
        var reload: LiveReload?
        // The `--open` link's code faulted in the worker: the run goes on at the initial scene, and exits 9.
        var openFault: WorkerError?
        do {
            expected = try expect.map { try TranscriptFile.read($0) }
            script = try openScript()
            // The worker starts now and loads the app while this process does (both read the config).
            let early = options.inProcess ? nil : EarlyWorker.start(options.workerLaunch)
            // A sandbox layer this kernel lacks is said at start (serve states every layer).
            if !options.inProcess, let missing = SandboxReport.missingLayer() { StandardStreams.error(missing) }
            // Refused at start for everything `check` refuses, through the same check.
            app = try options.loadCheckedApp(command: "run", early: early)
            // A link is matched before anything is shown: a bad one shows nothing.
            let link = try open.map { try app.links.resolve($0) }
            if options.inProcess {
                try app.start()
                session = InProcessSession(navigator: app.navigator)
            } else {
                // Plugin code runs in one scene worker; this process keeps the terminal and the records.
                let changes = ChangeSignal()
                let worker = WorkerPool(
                    supervisors: [options.makeSupervisor(for: app, early: early, changes: changes)],
                    waitLimit: app.loaded.config.host.eventTimeout, links: app.links,
                    pluginOfScene: app.loaded.container.sceneOwners, inline: true, changes: changes)
                supervisor = worker
                try await worker.start()
                session = try await worker.openSession()
                if watch {
                    reload = try LiveReload(options: options, command: "run", app: app, pool: worker)
                }
            }
            if let link { openFault = try await Self.open(link, in: session) }
        } catch {
            await supervisor?.shutdown()
            throw StandardStreams.fail(error)
        }
        let failures: Int
        let notice = openFault.map(ErrorMessage.render)
        do {
            guard var reader = script else {
                let terminal = TerminalLineEditor()
                try await TerminalFrontend(
                    session: session, clearsScreen: StandardStreams.outputIsTerminal,
                    readInput: { wake in
                        while true {
                            if let input = try await terminal.read(wake: wake, watch: reload?.watch.descriptor) {
                                return input
                            }
                            // A plugin file changed: the screen is drawn again with the session's notice (reloaded, or refused and why).
                            if await reload?.reloadIfChanged() != nil { return .redraw(note: nil) }
                        }
                    },
                    write: { StandardStreams.write($0 == "> " ? $0 : $0 + "\n", to: STDOUT_FILENO) },
                    readSecret: { prompt in
                        StandardStreams.write(prompt, to: STDOUT_FILENO)
                        return try TerminalEcho.withoutEcho { try terminal.readSecret() }
                    }, settleLimit: app.loaded.config.host.eventTimeout
                ).run(notice: notice)
                if openFault != nil { throw ExitCode(ExitStatus.linkError.rawValue) }
                if session.isClosed { throw ExitCode(ExitStatus.commandsFailed.rawValue) }
                await Self.finish(app, supervisor: supervisor)
            }
            guard expect != nil || record != nil else {
                failures = try await ScriptRunner(
                    session: session, settleLimit: app.loaded.config.host.eventTimeout, write: StandardStreams.out
                ).run(&reader, notice: notice)
                if openFault != nil { throw ExitCode(ExitStatus.linkError.rawValue) }
                if failures > 0 { throw ExitCode(ExitStatus.commandsFailed.rawValue) }
                await Self.finish(app, supervisor: supervisor)
            }
            var transcript = ""
            // --record shows the run as it goes (what it writes to the file); --expect prints only a diff.
            let shows = record != nil
            failures = try await ScriptRunner(
                session: session, settleLimit: app.loaded.config.host.eventTimeout,
                write: { text in
                    transcript += StandardStreams.escapedLines(text) + "\n"
                    if shows { StandardStreams.out(text) }
                }
            ).run(&reader, notice: notice)
            if let expected, let expect {
                try TranscriptFile.compare(transcript, with: expected, path: expect)
            } else if let record {
                try TranscriptFile.write(transcript, to: record, configPath: options.config)
            }
            if openFault != nil { throw ExitCode(ExitStatus.linkError.rawValue) }
            if record != nil, failures > 0 { throw ExitCode(ExitStatus.commandsFailed.rawValue) }
        } catch let exit as ExitCode {
            await supervisor?.shutdown()
            throw exit
        } catch {
            await supervisor?.shutdown()
            throw StandardStreams.fail(error)
        }
        await supervisor?.shutdown()
    }

    /// Opens the `--open` link on `session`. A fault of the link's code in the worker (the session
    /// was built again at its initial scene) is returned, not thrown: like a fault of a script's
    /// command it is printed and the run goes on, and the run then exits 9 (the link did not open).
    /// Any other failure is thrown: nothing is shown and the run exits with its code (a link whose
    /// function threw: 9; a session that could not even be built again: 1).
    @MainActor
    private static func open(_ link: LinkOpening, in session: any AppSession) async throws -> WorkerError? {
        do {
            try await session.open(link)
            return nil
        } catch let fault as WorkerError {
            guard case .workerStopped = fault, !session.isClosed else { throw fault }
            return fault
        }
    }

    /// Ends a run that succeeded: the plugins' objects are freed as usual, the host's tables are
    /// left to the kernel (`StandardStreams.succeed`).
    @MainActor
    private static func finish(_ app: SceneApp, supervisor: WorkerPool?) async -> Never {
        await supervisor?.shutdown()
        app.releasePluginObjects()
        withExtendedLifetime(app) { StandardStreams.succeed() }
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
            case .failure(.notFound): throw ScriptError.scriptNotFound(path: script)
            case .failure(let problem): throw ScriptError.scriptNotReadable(path: script, problem)
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
