import Testing
@testable import SceneHost
import SceneSDK

/// The exact text of messages not pinned by the tests of the code that raises them.
@Suite("ErrorMessage")
struct ErrorMessageTests {
    static let plugin = PluginReference(name: "P", path: "/p/libP.so", location: SourceLocation(file: "s.conf", line: 3, column: 1))

    @Test("running errors", arguments: [
        (HostError.cannotGoBack(scene: "Home"), "error: 'Home' is the root scene: there is nothing to go back to."),
        (.notInModal(scene: "Home"), "error: 'Home' is not in a modal: there is nothing to dismiss. Use back to pop it."),
        (.noSceneBelow(scene: "C", target: "B", stack: ["A", "C"]), "error: there is no scene 'B' below 'C' in its stack (A › C)."),
        (.rowOutOfRange(scene: "L", list: "rows", row: 0, count: 0), "error: list 'rows' of scene 'L' has no rows; there is no row 0."),
        (.rowOutOfRange(scene: "L", list: "rows", row: 3, count: 1), "error: list 'rows' of scene 'L' has 1 row (0-0); there is no row 3."),
        (.noSuchElement(scene: "S", id: "x", kind: "list", available: []), "error: scene 'S' has no list 'x'. It has none."),
        (.sceneFailed(scene: "S", reason: "disk full"), "error: scene 'S' failed: disk full."),
        (.noScene, "error: no scene is on screen."),
        (.scriptNotFound(path: "a.script"), "error: script file 'a.script' not found."),
    ])
    func running(error: HostError, message: String) {
        #expect(ErrorMessage.render(error) == message)
    }

    @Test("plugin errors", arguments: [
        (HostError.pluginBadDescriptor(plugin), "s.conf:3:1: error: plugin 'P': scene_plugin_entry in /p/libP.so returned something that is not a scene-host descriptor. Return MyPlugin.exportDescriptor() from it."),
        (.pluginOpenFailed(plugin, loaderMessage: "undefined symbol: x"), "s.conf:3:1: error: plugin 'P': cannot load /p/libP.so: undefined symbol: x."),
        (.pluginRegistrationFailed(plugin, reason: "boom"), "s.conf:3:1: error: plugin 'P' (/p/libP.so) failed to register its scenes: boom."),
        (.pluginChangedSinceProbe(plugin, probed: ["A"], found: ["B"]), "s.conf:3:1: error: plugin 'P' (/p/libP.so) changed since it was probed: it registered B instead of A. Start the host again so it probes the new file."),
        (.pluginProbeFailed(plugin, .refused(message: "plugin 'P' (/p/libP.so) crashed."), cached: true), "s.conf:3:1: error: plugin 'P' (/p/libP.so) crashed. [recorded by an earlier probe of this unchanged file; 'scene-host check --rescan' probes again]"),
        (.pluginProbeUnavailable(plugin, reason: "cannot start /x/scene-host: No such file or directory"), "s.conf:3:1: error: plugin 'P' (/p/libP.so) could not be probed: cannot start /x/scene-host: No such file or directory. This says nothing about the plugin and nothing was recorded: fix the cause and run the command again."),
        (.pluginProbeFailed(plugin, .crashed(signal: 6, step: ProbeStep(scene: "S", action: .viewWillAppear), said: "Fatal error: no"), cached: false), "s.conf:3:1: error: plugin 'P' (/p/libP.so): scene 'S' crashed with SIGABRT (abort) in its viewWillAppear while being probed (it printed: Fatal error: no). The host did not load the plugin: fix the scene, or remove the plugin from the config."),
        (.pluginProbeFailed(plugin, .crashed(signal: 4, step: ProbeStep(scene: "S", action: .back), said: nil), cached: false), "s.conf:3:1: error: plugin 'P' (/p/libP.so): scene 'S' crashed with SIGILL (a trap: fatalError, a failed precondition or a force unwrap of nil) as it was left (in its returned result) while being probed. The host did not load the plugin: fix the scene, or remove the plugin from the config."),
        (.pluginProbeFailed(plugin, .crashed(signal: 7, step: ProbeStep(scene: "S", action: .renderAgain), said: nil), cached: false), "s.conf:3:1: error: plugin 'P' (/p/libP.so): scene 'S' crashed with SIGBUS (bus error) in its render (after its events) while being probed. The host did not load the plugin: fix the scene, or remove the plugin from the config."),
        (.pluginProbeFailed(plugin, .exited(status: 1, step: ProbeStep(scene: "S", action: .handle, event: "select row 0 of 'rows'")), cached: false), "s.conf:3:1: error: plugin 'P' (/p/libP.so): scene 'S' ended the process (exit status 1) in its handle(select row 0 of 'rows') while being probed. The host did not load the plugin: fix the scene, or remove the plugin from the config."),
        (.pluginProbeFailed(plugin, .exited(status: 0, step: nil), cached: false), "s.conf:3:1: error: plugin 'P' (/p/libP.so) ended its probe (exit status 0) while loading, before reporting. The host did not load it: fix the plugin or remove it from the config."),
        (.pluginProbeFailed(plugin, .timedOut(limitMilliseconds: 2500, step: ProbeStep(scene: "S", action: .build)), cached: true), "s.conf:3:1: error: plugin 'P' (/p/libP.so): scene 'S' did not finish within 2.5 s while it was built (in its factories or wiring) while being probed: it hangs there. The host did not load the plugin: fix the scene, raise --probe-timeout if it is only slow, or remove the plugin from the config. [recorded by an earlier probe of this unchanged file; 'scene-host check --rescan' probes again]"),
        (.pluginProbeFailed(plugin, .crashed(signal: 99, step: nil, said: nil), cached: false), "s.conf:3:1: error: plugin 'P' (/p/libP.so) crashed with signal 99 while loading in its probe. The host did not load it: fix the plugin or remove it from the config."),
    ])
    func plugins(error: HostError, message: String) {
        #expect(ErrorMessage.render(error) == message)
    }

    @Test("the untrusted probe cache warning names the file or folder at fault")
    func untrustedCache() {
        #expect(ErrorMessage.render(HostWarning.untrustedProbeCache(path: "/c/probes.json", untrusted: "/c", reason: "writable by its group (group 7)", fix: "chmod g-w /c"))
            == "warning: ignoring the probe cache /c/probes.json in this run: the folder /c above it is writable by its group (group 7), so someone else could forge its verdicts. Every plugin is probed, and nothing is recorded. Fix: chmod g-w /c.")
    }

    @Test("SDK errors, and errors of any other type")
    func sdkAndForeign() {
        struct Foreign: Error, CustomStringConvertible { var description: String { "a foreign failure" } }
        #expect(ErrorMessage.render(SceneError.routerNotAttached(router: "HomeRouter"))
            == "error: router HomeRouter is not wired to a host; only routers that scene-host built can navigate")
        #expect(ErrorMessage.render(SceneError.segueDestinationMismatch(segue: "go", source: "A", segueDestination: "B", requested: "C"))
            == "error: segue 'go' of scene 'A' goes to 'B', but its router routed to 'C'")
        #expect(ErrorMessage.render(Foreign()) == "error: a foreign failure")
        #expect(ErrorMessage.body(HostError.pluginFileMissing(Self.plugin)).hasPrefix("plugin 'P': file not found: /p/libP.so."))
    }

    @Test("every error has a documented exit code")
    func exitCodes() {
        #expect(HostError.configNotFound(path: "x").exitStatus.rawValue == 2)
        #expect(HostError.pluginNoEntry(Self.plugin).exitStatus.rawValue == 3)
        #expect(HostError.unknownInitialScene(Self.plugin.location, scene: "A", registered: []).exitStatus.rawValue == 4)
        #expect(HostError.cannotGoBack(scene: "A").exitStatus.rawValue == 1)
        #expect(HostError.scriptNotFound(path: "x").exitStatus.rawValue == 5)
    }
}
