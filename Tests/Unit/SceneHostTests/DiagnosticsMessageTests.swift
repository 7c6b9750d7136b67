import Testing
@testable import SceneHostCore
@testable import SceneHostContainer
@testable import SceneHostLoading
@testable import SceneHostNavigation
@testable import SceneHostGraph
@testable import SceneHostFrontend
@testable import SceneHost
import SceneSDK

/// Exact texts of the diagnostics an author acts on: did-you-mean for scene names, misspelt
/// routes, the combined trust fix, follow-on errors of a failed plugin, results never returned,
/// unknown subcommands, golden transcripts.
@Suite("ErrorMessage: diagnostics an author can act on")
struct DiagnosticsMessageTests {
    static let plugin = PluginReference(
        name: "P", path: "/p/libP.so", location: SourceLocation(file: "s.conf", line: 3, column: 1))
    static let here = SourceLocation(file: "s.conf", line: 1, column: 11)

    @Test(
        "unknown scene names get the registered name they are closest to; far or one-letter names get none",
        arguments: [
            (
                SceneGraphError.unknownInitialScene(here, scene: "Hoem", registered: ["Detail", "Home"]),
                "s.conf:1:11: error: initial scene 'Hoem' is not registered by any plugin. Did you mean 'Home'? Registered scenes: Detail, Home."
            ),
            (
                .unknownSegueScene(here, scene: "Detial", field: "to", segue: "go", registered: ["Detail", "Home"]),
                "s.conf:1:11: error: segue 'go' names scene 'Detial' in 'to', but no plugin registers it. Did you mean 'Detail'? Registered scenes: Detail, Home."
            ),
            (
                .unknownRouteScene(plugin, from: "Home", to: "detail", registered: ["Detail", "Home"]),
                "s.conf:3:1: error: route from 'Home' to 'detail' (declared by plugin 'P'): no plugin registers a scene named 'detail'. Did you mean 'Detail'? Registered scenes: Detail, Home."
            ),
            (
                .unknownInitialScene(here, scene: "Nowhere", registered: ["Home"]),
                "s.conf:1:11: error: initial scene 'Nowhere' is not registered by any plugin. Registered scenes: Home."
            ),
            (
                .unknownInitialScene(here, scene: "Q", registered: ["A"]),
                "s.conf:1:11: error: initial scene 'Q' is not registered by any plugin. Registered scenes: A."
            ),
        ])
    func didYouMean(error: SceneGraphError, message: String) {
        #expect(ErrorMessage.render(error) == message)
        #expect(error.exitStatus.rawValue == 4)
    }

    @Test("a scene asked for by name while the app runs gets the closest registered name, and fails the command")
    func didYouMeanWhileRunning() {
        let error = ContainerError.unknownScene(scene: "Detai", requestedBy: "Home", registered: ["Detail", "Home"])
        #expect(
            ErrorMessage.render(error)
                == "error: route from 'Home' to 'Detai' failed: no plugin registers a scene named 'Detai'. Did you mean 'Detail'? Registered scenes: Detail, Home."
        )
        #expect(error.exitStatus.rawValue == 1)
    }

    @Test(
        "a route to an undeclared name close to a declared route or a registered scene: fix the name, never declare the typo",
        arguments: [
            (
                NavigationError.routeNotDeclared(
                    from: "Home", to: "Detial", declared: ["Detail"], registered: ["Detail", "Home"]),
                "error: route from 'Home' to 'Detial' failed: its router did not declare this route (it declares: Detail). Did you mean 'Detail'? Fix the name in the router's route(to:) call."
            ),
            (
                .routeNotDeclared(
                    from: "Home", to: "Setings", declared: ["Detail"], registered: ["Detail", "Home", "Settings"]),
                "error: route from 'Home' to 'Setings' failed: its router did not declare this route (it declares: Detail). Did you mean 'Settings'? Fix the name in the router's route(to:) call, and declare the route to it in the scene's SceneDefinition (.route(to:))."
            ),
            (
                .routeNotDeclared(from: "Home", to: "Settings", declared: [], registered: ["Home", "Settings"]),
                "error: route from 'Home' to 'Settings' failed: its router did not declare this route (it declares none). Declare it in the scene's SceneDefinition with .route(to:) so 'scene-host check' can see it."
            ),
        ])
    func misspeltRoute(error: NavigationError, message: String) {
        #expect(ErrorMessage.render(error) == message)
    }

    @Test("a route taken in code in another style than its Route declares: both styles, and how to fix it")
    func routeStyleMismatch() {
        let error = NavigationError.routeStyleMismatch(
            from: "Greeting", to: "Name", declared: .present, requested: .push)
        #expect(
            ErrorMessage.render(error)
                == "error: route from 'Greeting' to 'Name' failed: its Route declares style 'present', and the router took it with 'push'. Leave out style: to take the route as declared, or declare the Route with style: .push."
        )
        #expect(error.exitStatus.rawValue == 1)
    }

    @Test("every untrusted path on the way in one message, with one combined fix")
    func untrustedPaths() {
        let error = PluginLoadError.pluginUntrusted(
            Self.plugin, path: "/p", reason: "writable by every user", fix: "chmod go-w /p && chmod o-w /p/libP.so",
            also: [UntrustedPath(path: "/p/libP.so", reason: "writable by every user")])
        #expect(
            ErrorMessage.render(error)
                == "s.conf:3:1: error: plugin 'P': refusing to load /p/libP.so: the folder /p above it is writable by every user; the file is writable by every user, so someone else could change the code you run. Fix: chmod go-w /p && chmod o-w /p/libP.so (or pass --insecure-plugin-files while developing)."
        )
        #expect(error.exitStatus == .pluginError)
    }

    @Test(
        "the unknown scenes a failed plugin explains are listed under its error, on a line of their own, with its exit code"
    )
    func followOns() {
        let error = HostProblem.pluginFailedWithFollowOns(
            .pluginFileMissing(Self.plugin),
            unknown: [
                .unknownInitialScene(Self.here, scene: "Home", registered: []),
                .unknownSegueScene(
                    SourceLocation(file: "s.conf", line: 8, column: 6), scene: "Detail", field: "to", segue: "show",
                    registered: []),
                .unknownRouteScene(Self.plugin, from: "Home", to: "Detail", registered: []),
            ])
        #expect(
            ErrorMessage.render(error) == """
                s.conf:3:1: error: plugin 'P': file not found: /p/libP.so. Build the plugins first ('swift build'), or fix 'path' (it is relative to the config file's folder).
                  (so these are unknown too: initial scene 'Home' at s.conf:1:11, segue 'show' to 'Detail' at s.conf:8:6, route from 'Home' to 'Detail' of plugin 'P' at s.conf:3:1)
                """)
        #expect(error.exitStatus == .pluginError)
    }

    @Test("a result no destination returns is a warning that says what to declare")
    func resultNeverReturned() {
        #expect(
            HostWarning.resultNeverReturned(
                scene: "List", plugin: Self.plugin, result: "OrderResult", destinations: ["Show"]
            ).message
                == "s.conf:3:1: warning: scene 'List' (plugin 'P') accepts a result (OrderResult), but no scene it routes to hands one back (it routes to Show, and none of them declares .returning(...)), so its .acceptingResult never runs. Declare .returning(OrderResult.self, via: ...) on the scene that should hand it back, or remove .acceptingResult."
        )
        #expect(
            HostWarning.resultNeverReturned(scene: "List", plugin: Self.plugin, result: "R", destinations: []).message
                .contains("(it routes nowhere)"))
    }

    @Test(
        "command line and transcripts",
        arguments: [
            (
                CommandLineError.unknownSubcommand(name: "lsit", known: ["run", "check", "list", "graph"]),
                "error: unknown subcommand 'lsit'. Did you mean 'list'? Subcommands: run, check, list, graph. Run 'scene-host help SUBCOMMAND' for one's options.",
                64
            ),
            (
                ScriptError.transcriptNotFound(path: "a.transcript"),
                "error: transcript file 'a.transcript' not found. Record it first: scene-host run --script FILE --record a.transcript",
                5
            ),
            (
                ScriptError.transcriptNotReadable(path: "d", .folder),
                "error: cannot read transcript file 'd': it is a folder, not a file. Pass --expect with a transcript file written by --record.",
                5
            ),
            (
                ScriptError.transcriptNotWritable(path: "/ro/a.transcript", reason: "permission denied"),
                "error: cannot write transcript file '/ro/a.transcript': permission denied. Pass --record with a file in a folder you can write.",
                5
            ),
            (
                ScriptError.transcriptMismatch(path: "a.transcript"),
                "error: the run does not match the transcript 'a.transcript' (the diff above: - expected, + actual). If the change is intended, record it again with --record a.transcript (without --expect).",
                1
            ),
        ] as [(any HostConcernError, String, Int32)])
    func commandLine(error: any HostConcernError, message: String, exit: Int32) {
        #expect(ErrorMessage.render(error) == message)
        #expect(ExitStatus(for: error).rawValue == exit)
    }

    @Test("transcript warnings")
    func transcriptWarnings() {
        #expect(
            HostWarning.transcriptReplaced(path: "a.transcript").message
                == "warning: --record replaced the transcript a.transcript, which held another run (the diff above: - before, + now)."
        )
        #expect(
            HostWarning.transcriptMachineSpecific(path: "a.transcript", line: 7, found: "/home/me/app").message
                == "a.transcript:7: warning: the transcript holds /home/me/app, a path that differs between machines, so it will not match elsewhere. Run with relative paths (--config, plugin paths), or keep this run out of golden transcripts."
        )
        let found = TranscriptScan.machineSpecific(
            in: "== A ==\nerror: /home/me/app/x.so\n", paths: ["/home/me", "/home/me/app", "/"])
        #expect(found?.line == 2 && found?.path == "/home/me/app")
        #expect(TranscriptScan.machineSpecific(in: "== A ==  (A › B)\n", paths: ["/home/me", "/"]) == nil)
    }
}
