import Foundation
import Testing
import TestSupport

/// The first argument of `scene-host`: a subcommand, an option of the default `run`, or a usage error.
@Suite("scene-host subcommands (end to end)")
struct SubcommandTests {
    static let list = "Subcommands: run, check, list, graph, new, call, serve. Run 'scene-host help SUBCOMMAND' for one's options."

    @Test("an unknown subcommand is a usage error naming the subcommands, never run's help nor a run", arguments: [
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

    @Test("no arguments, or options only, still run the demo (run is the default subcommand)", arguments: [[], ["--config", "scenes.conf"]])
    func defaultRun(arguments: [String]) throws {
        let result = try HostProcess.run(arguments, input: "fill message Hello\ntap showDetail\n", in: BuildProducts.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("== Detail ==  (Home › Detail)\nlabel   message  Hello\nbutton  done     [Done]\n"), "\(result.stdout)")
    }

    @Test("help is a subcommand, not a usage error of this check; probe-plugin is scene-host-worker's, not scene-host's")
    func knownNames() throws {
        let help = try HostProcess.run(["help", "check"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("OVERVIEW: Load every plugin"))
        let probe = try HostProcess.run(["probe-plugin"])
        #expect(probe.status == 64)
        #expect(probe.stderr.contains("unknown subcommand"), "\(probe.stderr)")
    }
}
