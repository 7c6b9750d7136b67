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
        (.pluginOtherSDKBuild(plugin, pluginVersion: SemanticVersion(major: 0, minor: 1, patch: 0), pluginFingerprint: "0123456789abcdef0123",
                              hostVersion: SemanticVersion(major: 0, minor: 2, patch: 0), hostFingerprint: "fedcba9876543210fedc"),
         "s.conf:3:1: error: plugin 'P' (/p/libP.so) was built against SceneSDK 0.1.0 (build 0123456789ab); this host has SceneSDK 0.2.0 (build fedcba987654). The SDK is built without library evolution and plugins inline its code, so only the same SDK build is safe. Rebuild the plugin against this host's SceneSDK."),
        (.pluginOtherSDKBuild(plugin, pluginVersion: SemanticVersion(major: 0, minor: 1, patch: 0), pluginFingerprint: "",
                              hostVersion: SemanticVersion(major: 0, minor: 1, patch: 0), hostFingerprint: "fedcba9876543210fedc"),
         "s.conf:3:1: error: plugin 'P' (/p/libP.so) was built against SceneSDK 0.1.0 (build unknown); this host has SceneSDK 0.1.0 (build fedcba987654). The SDK is built without library evolution and plugins inline its code, so only the same SDK build is safe. Rebuild the plugin against this host's SceneSDK."),
        (.pluginProbeFailed(plugin, message: "plugin 'P' (/p/libP.so) crashed.", cached: true), "s.conf:3:1: error: plugin 'P' (/p/libP.so) crashed. [recorded by an earlier probe of this unchanged file; 'scene-host check --rescan' probes again]"),
    ])
    func plugins(error: HostError, message: String) {
        #expect(ErrorMessage.render(error) == message)
    }

    @Test("dependency errors name the library, where it was found and the folder at fault", arguments: [
        (UntrustedDependency.Fault.file, "the library file is writable by every user"),
        (.folderAbove, "the folder /f above it is writable by every user"),
        (.hitFolder, "the folder it is found in, /f, is writable by every user: another user could put a library there"),
        (.searchedBefore(source: "LD_LIBRARY_PATH"), "the folder /f, searched before it (from the LD_LIBRARY_PATH), is writable by every user: another user could put a library of that name there"),
        (.missingFolder(missing: "/f/x", source: "RUNPATH of /p/libP.so"), "the folder /f/x, searched before it (from the RUNPATH of /p/libP.so), does not exist and /f above it is writable by every user: another user could create it"),
    ])
    func dependencies(fault: UntrustedDependency.Fault, text: String) {
        let dependency = UntrustedDependency(library: "libd.so", path: "/f/libd.so", foundBy: "RUNPATH of /p/libP.so", fault: fault,
                                             faultPath: "/f", reason: "writable by every user", fix: "chmod o-w /f")
        #expect(ErrorMessage.render(HostError.pluginDependencyUntrusted(Self.plugin, dependency))
            == "s.conf:3:1: error: plugin 'P': refusing to load /p/libP.so: it needs libd.so, which the loader would load from /f/libd.so (found through the RUNPATH of /p/libP.so), but \(text), so someone else could change the code you run. Fix: chmod o-w /f (or pass --insecure-plugin-files while developing).")
        #expect(HostError.pluginDependencyUntrusted(Self.plugin, dependency).exitStatus.rawValue == 3)
        #expect(HostError.pluginDependencyUnchecked(Self.plugin, library: "libd.so", reason: "r").exitStatus.rawValue == 3)
        #expect(ErrorMessage.render(HostError.pluginDependencyUnchecked(Self.plugin, library: "libd.so", reason: "it is odd"))
            == "s.conf:3:1: error: plugin 'P': refusing to load /p/libP.so: its library libd.so cannot be checked before loading: it is odd. Fix the library or the plugin's RUNPATH (or pass --insecure-plugin-files while developing).")
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
