import Foundation
import Testing
import TestSupport

/// What `run` says, through the real binary (issue 32, point 8): a closed session is said once and
/// the run stops; a 100 KB route name is cut with its length; a `--open` link whose code crashes is
/// a fault like any other (printed, the run goes on at the initial scene) and the run exits 9.
@Suite("run's messages and exit codes (end to end)")
struct RunMessagesTests {
    /// The Links fixture alone: LinkItem's link `items/{id}` throws for a negative id; LinkSearch's crashes for the query `crash`.
    static func linksConfig(_ folder: TemporaryFolder) throws -> String {
        try folder.write(
            "initial = \"LinkHome\"\n[plugins.Links]\npath = \"\(BuildProducts.library("FixtureLinks"))\"\n",
            to: "links.conf")
    }

    @Test(
        "a fault that closes the session (not even the initial scene comes back) is said once; the script stops there and exits 1"
    )
    func closedSessionSaidOnce() throws {
        let app = try FragileApp()
        // `arm` at depth 0 makes FragileHome crash whenever it is built again: after the segv, nothing comes back.
        let result = try app.run("fill mode arm\ntap strike\nfill mode segv\ntap strike\nprint\ntap deeper\n")
        #expect(!result.signaled && result.status == 1, "status \(result.status)\n\(result.stderr)")
        let blocks = FragileApp.blocks(result.stdout)
        #expect(blocks.count == 5, "\(result.stdout)")
        #expect(
            blocks.last == """
                tap strike
                <stdin>:4: error: Fragile stopped (SIGSEGV in scene 'FragileHome' during 'tap strike'); the session could not be built again (the initial scene ended the new worker too (SIGSEGV)) and was closed.
                <stdin>:4:1: error: the script stops here: its session was closed, so no later command can run. Run the script again with 'scene-host run' once the cause above is fixed.

                """)
        #expect(!result.stdout.contains("this session was closed") && !result.stdout.contains("> print"))
    }

    @Test(
        "a command that fails while the script runs names its file and line, and the element or scene it likely meant")
    func runtimeErrorLocated() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write(
            "# a typo on line 2, then one on line 4\ntap shwDetail\ntap showDetail\nback Hme\n", to: "typos.script")
        let result = try HostProcess.run(["run", "--script", script])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stdout.contains(
                "> tap shwDetail\ntypos.script:2: error: scene 'Home' has no button 'shwDetail'. Did you mean 'showDetail'? Its buttons: showDetail, openDetail."
            ), "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "> back Hme\ntypos.script:4: error: there is no scene 'Hme' below 'Detail' in its stack (Home › Detail). Did you mean 'Home'?"
            ), "\(result.stdout)")
    }

    @Test("a router asking for a route named by 100 KB of text: the name is cut to 80 characters with its length, once")
    func longRouteName() throws {
        let app = try FragileApp()
        let result = try app.run("fill mode longroute\ntap strike\n")
        #expect(!result.signaled && result.status == 1, "status \(result.status)\n\(result.stderr)")
        let kept = String(repeating: "R", count: 80)
        #expect(
            result.stdout.contains(
                """
                > tap strike
                <stdin>:2: error: route from 'FragileHome' to '\(kept)…' (102400 characters) failed: its router did not declare this route (it declares: Fragile). Declare it in the scene's SceneDefinition with .route(to:) so 'scene-host check' can see it.
                == FragileHome ==  (FragileHome)
                """), "\(result.stdout.prefix(2000))")
        #expect(result.stdout.utf8.count < 2000 && result.stderr.utf8.count < 2000)
    }

    @Test(
        "--open LINK whose link function crashes: the fault is printed, the initial screen shown, the script runs, and the run exits 9"
    )
    func openLinkCrashes() throws {
        let folder = try TemporaryFolder()
        let config = try Self.linksConfig(folder)
        let result = try HostProcess.run(
            ["run", "--config", config, "--open", "search/crash/true/1"], input: "fill note hi\nprint\n")
        #expect(!result.signaled && result.status == 9, "status \(result.status)\n\(result.stderr)")
        #expect(
            result.stdout.hasPrefix(
                """
                error: Links stopped (SIGSEGV in scene 'LinkSearch' during 'opening the link 'search/crash/true/1''); the screen was restored.
                == LinkHome ==  (LinkHome)
                label   text  \n\
                field   note  ""  (note)

                > fill note hi
                == LinkHome ==  (LinkHome)
                """), "\(result.stdout)")
        #expect(
            result.stdout.hasSuffix("> print\n== LinkHome ==  (LinkHome)\nlabel   text  \nfield   note  \"hi\"\n"),
            "\(result.stdout)")
    }

    @Test("--open with --record: the fault is in the transcript before the first screen, and the run still exits 9")
    func openLinkCrashesRecorded() throws {
        let folder = try TemporaryFolder()
        let config = try Self.linksConfig(folder)
        let script = try folder.write("print\n", to: "print.script")
        let transcript = folder.path("run.transcript")
        let result = try HostProcess.run([
            "run", "--config", config, "--open", "search/crash/true/1", "--script", script, "--record", transcript,
        ])
        #expect(!result.signaled && result.status == 9, "status \(result.status)\n\(result.stderr)")
        let recorded = try String(contentsOfFile: transcript, encoding: .utf8)
        #expect(
            recorded.contains(
                "error: Links stopped (SIGSEGV in scene 'LinkSearch' during 'opening the link 'search/crash/true/1''); the screen was restored.\n== LinkHome ==  (LinkHome)\n"
            ),
            "\(recorded)")
    }

    @Test("--open LINK whose link function throws still shows nothing, runs no script, and exits 9")
    func openLinkThrows() throws {
        let folder = try TemporaryFolder()
        let config = try Self.linksConfig(folder)
        let result = try HostProcess.run(["run", "--config", config, "--open", "items/-1"], input: "print\n")
        #expect(!result.signaled && result.status == 9)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr
                == "error: opening link 'items/-1' failed at scene 'LinkItem': no item has a negative id. Nothing changed.\n"
        )
    }

    @Test(
        "--record into a folder that does not exist: exit 5, naming the folder (not Foundation's \"The file doesn’t exist.\")"
    )
    func recordFolderMissing() throws {
        let folder = try TemporaryFolder()
        let config = try Self.linksConfig(folder)
        let script = try folder.write("print\n", to: "print.script")
        let transcript = folder.path("missing/run.transcript")
        let result = try HostProcess.run(["run", "--config", config, "--script", script, "--record", transcript])
        #expect(!result.signaled && result.status == 5, "status \(result.status)\n\(result.stderr)")
        #expect(
            result.stderr
                == "error: cannot write transcript file '\(transcript)': the folder \(folder.path("missing")) does not exist. Pass --record with a file in a folder you can write.\n"
        )
    }

    @Test(
        "docs/cli.md's exit codes, a case per row not tested elsewhere",
        arguments: [
            (
                ["call", "Types.abort_now"], "", 8,
                "error: Types.abort_now crashed (SIGABRT); nothing else changed. Native functions run in a scene worker, which was started again.\n"
            ),
            (
                ["call", "Types.echo_double", "1e400"], "", 64,
                "error: Types.echo_double: parameter 1 expects double, given 1e400, which is out of its range.\n"
            ),
            (
                ["run", "--open", "fragile/1"], "", 9,
                "error: no link matches 'fragile/1': the app declares no links.\n"
            ),
            (
                ["run", "--script", "/"], "", 5,
                "error: cannot read script file '/': it is a folder, not a file. Pass --script with a script file, or pipe the commands to standard input.\n"
            ),
        ])
    func exitCodes(arguments: [String], input: String, status: Int32, stderr: String) throws {
        let app = try FragileApp()
        let result = try HostProcess.run([arguments[0], "--config", app.config] + arguments.dropFirst(), input: input)
        #expect(!result.signaled && result.status == status, "status \(result.status)\n\(result.stderr)")
        #expect(result.stderr == stderr)
    }
}
