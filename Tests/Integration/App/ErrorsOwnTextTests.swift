import SceneSDK
import Testing
@testable import SceneHostCore
@testable import SceneHostNative
@testable import SceneHostContainer
@testable import SceneHostConfig
@testable import SceneHostLoading
@testable import SceneHostNavigation
@testable import SceneHostGraph
@testable import SceneHostFrontend
@testable import SceneHostWorkers
@testable import SceneHostWebModel
@testable import SceneHostScaffold
@testable import SceneHost

/// Each error type writes its own text and exit code (`HostConcernError`); these are, for one case
/// of each concern, the texts and codes the central `ErrorMessage.render` and `ExitStatus(for:)`
/// produced before the texts moved beside their types (docs/cli.md, "Exit codes").
@Suite("Errors own their text")
struct ErrorsOwnTextTests {
    static let here = SourceLocation(file: "s.conf", line: 2, column: 5)
    static let plugin = PluginReference(
        name: "P", path: "/p/libP.so", location: SourceLocation(file: "s.conf", line: 3, column: 1))

    struct Foreign: Error, CustomStringConvertible {
        var description: String { "a foreign failure" }
    }

    @Test(
        "one case of each concern: its message and exit code are the ones the central renderer gave",
        arguments: [
            (
                ConfigError.configNotFound(path: "x.conf"),
                "error: config file 'x.conf' not found. Pass --config FILE, or run from the folder that holds scenes.conf.",
                2
            ),
            (
                ConfigError.configProblems([
                    .configMissingKey(here, key: "path", table: "plugins.A"),
                    .configWrongType(here, key: "initial", expected: "a string", found: "an integer"),
                ]),
                "s.conf:2:5: error: [plugins.A] has no 'path'. Add it: path = \"...\".\ns.conf:2:5: error: 'initial' must be a string, not an integer.",
                2
            ),
            (
                PluginLoadError.pluginFileMissing(plugin),
                "s.conf:3:1: error: plugin 'P': file not found: /p/libP.so. Build the plugins first ('swift build'), or fix 'path' (it is relative to the config file's folder).",
                3
            ),
            (
                PluginLoadError.pluginRegistrationFailed(plugin, reason: .container(.noScene)),
                "s.conf:3:1: error: plugin 'P' (/p/libP.so) failed to register its scenes: no scene is on screen.", 3
            ),
            (
                PluginLoadError.pluginProbeFailed(plugin, .exited(status: 3, step: nil), cached: false),
                "s.conf:3:1: error: plugin 'P' (/p/libP.so) ended its probe (exit status 3) while loading, before reporting. The host did not load it: fix the plugin or remove it from the config.",
                3
            ),
            (ContainerError.noScene, "error: no scene is on screen.", 1),
            (
                ContainerError.duplicateScene(scene: "Home", first: plugin, second: plugin),
                "s.conf:3:1: error: scene 'Home' is registered by two plugins: 'P' (/p/libP.so) and 'P' (/p/libP.so). Scene names must be unique: rename one of the scenes, or remove one plugin from the config.",
                4
            ),
            (
                ContainerError.sceneRegisteredTwice(scene: "Home", plugin: plugin),
                "s.conf:3:1: error: plugin 'P' (/p/libP.so) registers scene 'Home' twice in its register(in:). Register each scene once; to show it under a second name, give that definition another name.",
                3
            ),
            (
                ContainerError.settingRejected(scene: "List", plugin: nil, key: "db", reason: "bad"),
                "error: scene 'List' cannot be built: setting 'db': bad.", 2
            ),
            // A plugin's reason that ends in a full stop keeps one: never "..".
            (
                ContainerError.settingRejected(scene: "List", plugin: nil, key: "db", reason: "must name a file."),
                "error: scene 'List' cannot be built: setting 'db': must name a file.", 2
            ),
            (
                PluginLoadError.pluginSettingRejected(
                    plugin, key: "db", at: plugin.location, reason: "must name a file."),
                "s.conf:3:1: error: setting 'db' of plugin 'P' cannot be used: must name a file. Fix it in [plugins.P.settings].",
                3
            ),
            (
                SceneGraphError.unknownInitialScene(here, scene: "Nowhere", registered: []),
                "s.conf:2:5: error: initial scene 'Nowhere' is not registered by any plugin. No scenes are registered.",
                4
            ),
            (
                NavigationError.cannotGoBack(scene: "Home"),
                "error: 'Home' is the root scene: there is nothing to go back to.", 1
            ),
            (
                NavigationError.sceneFailed(scene: "A", reason: .scene(.missingInput(scene: "A", inputType: "In"))),
                "error: scene 'A' failed: scene 'A' needs an input (In), but none was passed; pass one with route(to:segue:passing:).",
                1
            ),
            (
                NavigationError.linkFailed(link: "orders/2", scene: "Show", reason: "it threw"),
                "error: opening link 'orders/2' failed at scene 'Show': it threw. Nothing changed.", 9
            ),
            (
                LinkError.empty,
                "error: the link is empty. Give a path that matches a declared link, such as 'orders/2' ('scene-host list' shows the app's links).",
                9
            ),
            (ScriptError.scriptNotFound(path: "a.script"), "error: script file 'a.script' not found.", 5),
            (
                ScriptError.transcriptMismatch(path: "a.t"),
                "error: the run does not match the transcript 'a.t' (the diff above: - expected, + actual). If the change is intended, record it again with --record a.t (without --expect).",
                1
            ),
            (
                CommandLineError.unknownSubcommand(name: "rnu", known: ["run", "check"]),
                "error: unknown subcommand 'rnu'. Did you mean 'run'? Subcommands: run, check. Run 'scene-host help SUBCOMMAND' for one's options.",
                64
            ),
            (
                ScaffoldError.targetExists(path: "/o/P"),
                "error: /o/P already exists; 'scene-host new scene' never overwrites. Remove it, or choose another --plugin or --output.",
                64
            ),
            (
                ScaffoldError.writeFailed(path: "/o/P/x", reason: "disk full"),
                "error: cannot write /o/P/x: disk full. Nothing was left behind; fix the cause and run the command again.",
                6
            ),
            (
                NativeError.malformedFunctionName("f"),
                "error: 'f' does not name a native function; write PLUGIN.FUNCTION, with the plugin's table name in the config.",
                64
            ),
            (
                WebError.cannotListen(host: "::1", port: 80, reason: "in use"),
                "error: cannot listen on ::1:80: in use. Choose another --port (or stop what uses it), or another --host.",
                7
            ),
            (
                WorkerError.nativeCallFaulted(function: "P.f", fault: .signal(11)),
                "error: P.f crashed (SIGSEGV); nothing else changed. Native functions run in a scene worker, which was started again.",
                8
            ),
            (
                WorkerError.pluginRefused(plugin: "P", sources: 4, retryIn: 10),
                "error: This part of the app is closed for now because it stopped working for 4 different users within a minute; it is tried again within 10 s. Try again then. (plugin 'P' is refused for everyone for 10 s more: its code ended scene workers for 4 clients within a minute)",
                3
            ),
            (WorkerError.remote(RemoteFailure(text: "error: from the worker", status: 9)), "error: from the worker", 9),
            (
                HostProblem(ConfigError.configNotFound(path: "x.conf")),
                "error: config file 'x.conf' not found. Pass --config FILE, or run from the folder that holds scenes.conf.",
                2
            ),
            (
                HostProblem.pluginFailedWithFollowOns(
                    .pluginFileMissing(plugin), unknown: [.unknownInitialScene(here, scene: "Home", registered: [])]),
                "s.conf:3:1: error: plugin 'P': file not found: /p/libP.so. Build the plugins first ('swift build'), or fix 'path' (it is relative to the config file's folder).\n  (so these are unknown too: initial scene 'Home' at s.conf:2:5)",
                3
            ),
        ] as [(any HostConcernError, String, Int32)])
    func ownText(error: any HostConcernError, message: String, exit: Int32) {
        #expect(error.message == message)
        #expect(error.exitStatus.rawValue == exit)
        #expect(ErrorMessage.render(error) == message)
        #expect(ExitStatus(for: error) == error.exitStatus)
    }

    @Test(
        "an error that is none of the host's keeps the one fallback: its description, a failed command, a failed scene in check"
    )
    func foreign() {
        #expect(ErrorMessage.render(Foreign()) == "error: a foreign failure")
        #expect(ErrorMessage.body(Foreign()) == "a foreign failure")
        #expect(ExitStatus(for: Foreign()) == .commandsFailed)
        #expect(
            ErrorMessage.render(SceneError.routerNotAttached(router: "R"))
                == "error: router R is not wired to a host; only routers that scene-host built can navigate")
        #expect(ExitStatus(for: SceneError.routerNotAttached(router: "R")) == .commandsFailed)
        #expect(HostProblem(Foreign()).message == "error: scene '?' failed: a foreign failure.")
        #expect(HostProblem(Foreign()).exitStatus == .commandsFailed)
    }

    @Test("check's problems compare by the error inside")
    func problemsCompare() {
        #expect(HostProblem(ContainerError.noScene) == HostProblem(ContainerError.noScene))
        #expect(HostProblem(HostProblem(ContainerError.noScene)) == HostProblem(ContainerError.noScene))
        #expect(HostProblem(ContainerError.noScene) != HostProblem(NavigationError.notInModal(scene: "A")))
        #expect(
            HostProblem(ScriptError.scriptNotFound(path: "a")) != HostProblem(ScriptError.scriptNotFound(path: "b")))
    }
}
