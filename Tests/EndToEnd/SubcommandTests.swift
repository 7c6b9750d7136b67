import Foundation
import Testing
import TestSupport

/// The first argument of `scene-host`: a subcommand, an option of the default `run`, or a usage error.
@Suite("scene-host subcommands (end to end)")
struct SubcommandTests {
    static let list =
        "Subcommands: run, check, list, graph, new, call, interface, serve. Run 'scene-host help SUBCOMMAND' for one's options."

    @Test(
        "an unknown subcommand is a usage error naming the subcommands, never run's help nor a run",
        arguments: [
            ("bogus", "error: unknown subcommand 'bogus'. \(list)"),
            ("chek", "error: unknown subcommand 'chek'. Did you mean 'check'? \(list)"),
            ("scenes.conf", "error: unknown subcommand 'scenes.conf'. \(list)"),
        ])
    func unknownSubcommand(name: String, message: String) throws {
        let result = try HostProcess.run([name, "extra"], input: "tap showDetail\n", in: BuildProducts.packageRoot)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == message + "\n")
    }

    @Test(
        "no arguments, or options only, still run the demo (run is the default subcommand)",
        arguments: [[], ["--config", "scenes.conf"]])
    func defaultRun(arguments: [String]) throws {
        let result = try HostProcess.run(
            arguments, input: "fill message Hello\ntap showDetail\n", in: BuildProducts.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.hasSuffix("== Detail ==  (Home › Detail)\nlabel   message  Hello\nbutton  done     [Done]\n"),
            "\(result.stdout)")
    }

    @Test(
        "help is a subcommand, not a usage error of this check; probing is scene-host-probe's, not a subcommand of scene-host"
    )
    func knownNames() throws {
        let help = try HostProcess.run(["help", "check"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("OVERVIEW: Load every plugin"))
        let probe = try HostProcess.run(["probe-plugin"])
        #expect(probe.status == 64)
        #expect(probe.stderr.contains("unknown subcommand"), "\(probe.stderr)")
    }

    @Test(
        "serve is scene-host-serve started in scene-host's place: its own help, and a missing executable is said with exit 7"
    )
    func serveIsItsOwnExecutable() throws {
        let help = try HostProcess.run(["serve", "--help"])
        #expect(help.status == 0, "\(help.stderr)")
        #expect(
            help.stdout.contains("USAGE: scene-host serve ") && help.stdout.contains("--session-store"),
            "\(help.stdout)")
        #expect(try HostProcess.run(["--help"]).stdout.contains("  serve "), "scene-host's help lists serve")
        let helpServe = try HostProcess.run(["help", "serve"])
        #expect(
            helpServe.status == 0 && helpServe.stdout == help.stdout,
            "help serve is the server's help: \(helpServe.stdout)")

        // scene-host installed without scene-host-serve beside it.
        let folder = try TemporaryFolder()
        let host = folder.path("scene-host")
        try FileManager.default.copyItem(atPath: BuildProducts.hostExecutable, toPath: host)
        try FileManager.default.copyItem(
            atPath: BuildProducts.directory.appendingPathComponent("libSceneSDK.so").path,
            toPath: folder.path("libSceneSDK.so"))
        // A copy just written may be open for writing in a child another test forks meanwhile (ETXTBSY): tried again.
        var attempt: HostProcess.Result?
        for _ in 0..<100 where attempt == nil {
            do {
                attempt = try ChildRun.run(
                    host, ["serve", "--port", "0"], input: "", in: nil,
                    environment: ProcessInfo.processInfo.environment, timeLimit: .seconds(120))
            } catch let error as ChildRun.SpawnError where error.description.hasSuffix("Text file busy") {
                Thread.sleep(forTimeInterval: 0.1)
            }
        }
        let missing = try #require(attempt)
        #expect(missing.status == 7)
        #expect(missing.stdout.isEmpty)
        #expect(
            missing.stderr
                == "error: scene-host serve: cannot start '\(folder.path("scene-host-serve"))': No such file or directory. It is installed beside scene-host (swift build builds both); install it there, or build again.\n"
        )
    }
}
