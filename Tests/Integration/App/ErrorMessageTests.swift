import Testing
import SceneSDK
@testable import SceneHostCore
@testable import SceneHostContainer
@testable import SceneHostConfig
@testable import SceneHostLoading
@testable import SceneHostNavigation
@testable import SceneHostGraph
@testable import SceneHostFrontend
@testable import SceneHostScaffold

/// The exact text of messages not pinned by the tests of the code that raises them.
@Suite("ErrorMessage")
struct ErrorMessageTests {
    static let plugin = PluginReference(
        name: "P", path: "/p/libP.so", location: SourceLocation(file: "s.conf", line: 3, column: 1))

    @Test(
        "running errors",
        arguments: [
            (
                NavigationError.cannotGoBack(scene: "Home"),
                "error: 'Home' is the root scene: there is nothing to go back to."
            ),
            (
                .seguesUnreadable(cache: "/c/probes.json.start"),
                "error: the segues recorded in the start-up cache /c/probes.json.start cannot be read; nothing changed. Start the host again with --rescan so it checks the config again."
            ),
            (
                .notInModal(scene: "Home"),
                "error: 'Home' is not in a modal: there is nothing to dismiss. Use back to pop it."
            ),
            (
                .noSceneBelow(scene: "C", target: "B", stack: ["A", "C"]),
                "error: there is no scene 'B' below 'C' in its stack (A › C)."
            ),
            (
                .noSceneBelow(scene: "Detail", target: "Hom", stack: ["Home", "Detail"]),
                "error: there is no scene 'Hom' below 'Detail' in its stack (Home › Detail). Did you mean 'Home'?"
            ),
            (
                .rowOutOfRange(scene: "L", list: "rows", row: 0, count: 0),
                "error: list 'rows' of scene 'L' has no rows; there is no row 0."
            ),
            (
                .rowOutOfRange(scene: "L", list: "rows", row: 3, count: 1),
                "error: list 'rows' of scene 'L' has 1 row (0-0); there is no row 3."
            ),
            (
                .noSuchElement(scene: "S", id: "x", kind: "list", available: []),
                "error: scene 'S' has no list 'x'. It has none."
            ),
            (
                .noSuchElement(
                    scene: "Home", id: "shwDetail", kind: "button", available: ["showDetail", "openDetail"]),
                "error: scene 'Home' has no button 'shwDetail'. Did you mean 'showDetail'? Its buttons: showDetail, openDetail."
            ),
            (
                .noSuchElement(scene: "Home", id: "nope", kind: "button", available: ["showDetail", "openDetail"]),
                "error: scene 'Home' has no button 'nope'. Its buttons: showDetail, openDetail."
            ),
            (.sceneFailed(scene: "S", reason: "disk full"), "error: scene 'S' failed: disk full."),
        ])
    func running(error: NavigationError, message: String) {
        #expect(ErrorMessage.render(error) == message)
    }

    @Test("running errors of the container and the script")
    func runningOthers() {
        #expect(ErrorMessage.render(ContainerError.noScene) == "error: no scene is on screen.")
        let plugin = PluginReference(
            name: "L", path: "/p/libL.so", location: SourceLocation(file: "o.conf", line: 4, column: 1),
            settingLocations: ["database": SourceLocation(file: "o.conf", line: 7, column: 1)])
        #expect(
            ErrorMessage.render(
                ContainerError.settingRejected(scene: "List", plugin: plugin, key: "database", reason: "cannot open it")
            )
                == "o.conf:7:1: error: scene 'List' cannot be built: setting 'database' of plugin 'L': cannot open it. Fix it in [plugins.L.settings]."
        )
        #expect(
            ErrorMessage.render(
                ContainerError.settingRejected(scene: "List", plugin: nil, key: "database", reason: "cannot open it"))
                == "error: scene 'List' cannot be built: setting 'database': cannot open it.")
        #expect(
            ErrorMessage.render(ScriptError.scriptNotFound(path: "a.script"))
                == "error: script file 'a.script' not found.")
    }

    @Test(
        "plugin errors",
        arguments: [
            (
                PluginLoadError.pluginBadDescriptor(plugin),
                "s.conf:3:1: error: plugin 'P': scene_plugin_entry in /p/libP.so returned something that is not a scene-host descriptor. Return MyPlugin.exportDescriptor() from it."
            ),
            (
                .pluginOpenFailed(plugin, loaderMessage: "undefined symbol: x"),
                "s.conf:3:1: error: plugin 'P': cannot load /p/libP.so: undefined symbol: x."
            ),
            (
                .pluginRegistrationFailed(plugin, reason: "boom"),
                "s.conf:3:1: error: plugin 'P' (/p/libP.so) failed to register its scenes: boom."
            ),
            (
                .pluginSettingRejected(
                    plugin, key: "database", at: SourceLocation(file: "s.conf", line: 5, column: 1),
                    reason: "no such file"),
                "s.conf:5:1: error: setting 'database' of plugin 'P' cannot be used: no such file. Fix it in [plugins.P.settings]."
            ),
            (
                .pluginRecordUnreadable(plugin, cache: "/c/probes.json.start"),
                "s.conf:3:1: error: plugin 'P' (/p/libP.so) was not registered: its record in the start-up cache /c/probes.json.start cannot be read. Start the host again with --rescan so it checks the plugin again."
            ),
            (
                .pluginChangedSinceProbe(plugin, probed: ["A"], found: ["B"]),
                "s.conf:3:1: error: plugin 'P' (/p/libP.so) changed since it was probed: it registered B instead of A. Start the host again so it probes the new file."
            ),
            (
                .pluginRegistersDifferently(
                    plugin, registered: ["A", "B"], place: "in a scene worker", earlier: ["C"],
                    earlierPlace: "in its probe"),
                "s.conf:3:1: error: plugin 'P' (/p/libP.so) registers scenes A, B in a scene worker but scene C in its probe: a plugin that registers differently on each load is refused. Make its registration register the same scenes every time (not depending on a counter, the process or the environment), rebuild it, and run 'scene-host check' again."
            ),
            (
                .pluginSettingFileProcessRelative(
                    plugin, key: "database", at: SourceLocation(file: "s.conf", line: 5, column: 1), path: "/dev/fd/3",
                    through: "/dev/fd"),
                "s.conf:5:1: error: setting 'database' of plugin 'P' names /dev/fd/3, which goes through /dev/fd: that names a different file in each process (the host, 'scene-host check' and each scene worker), so the file the host checks is not the one the plugin would open. Name the file itself, by its path from the root or from the config's folder, in [plugins.P.settings]."
            ),
            (
                .pluginOtherSDKBuild(
                    plugin, pluginVersion: SemanticVersion(major: 0, minor: 1, patch: 0),
                    pluginFingerprint: "0123456789abcdef0123",
                    hostVersion: SemanticVersion(major: 0, minor: 2, patch: 0), hostFingerprint: "fedcba9876543210fedc"),
                "s.conf:3:1: error: plugin 'P' (/p/libP.so) was built against SceneSDK 0.1.0 (build 0123456789ab); this host has SceneSDK 0.2.0 (build fedcba987654). The SDK is built without library evolution and plugins inline its code, so only the same SDK build is safe. Rebuild the plugin against this host's SceneSDK."
            ),
            (
                .pluginOtherSDKBuild(
                    plugin, pluginVersion: SemanticVersion(major: 0, minor: 1, patch: 0), pluginFingerprint: "",
                    hostVersion: SemanticVersion(major: 0, minor: 1, patch: 0), hostFingerprint: "fedcba9876543210fedc"),
                "s.conf:3:1: error: plugin 'P' (/p/libP.so) was built against SceneSDK 0.1.0 (build unknown); this host has SceneSDK 0.1.0 (build fedcba987654). The SDK is built without library evolution and plugins inline its code, so only the same SDK build is safe. Rebuild the plugin against this host's SceneSDK."
            ),
            (
                .pluginProbeFailed(plugin, .refused(message: "plugin 'P' (/p/libP.so) crashed."), cached: true),
                "s.conf:3:1: error: plugin 'P' (/p/libP.so) crashed. [recorded by an earlier probe of this unchanged file; 'scene-host check --rescan' probes again]"
            ),
            (
                .pluginProbeUnavailable(plugin, reason: "cannot start /x/scene-host: No such file or directory"),
                "s.conf:3:1: error: plugin 'P' (/p/libP.so) could not be probed: cannot start /x/scene-host: No such file or directory. This says nothing about the plugin and nothing was recorded: fix the cause and run the command again."
            ),
            (
                .pluginProbeGarbled(plugin, step: ProbeStep(scene: "S", action: .render)),
                "s.conf:3:1: error: plugin 'P' (/p/libP.so) wrote garbage to its probe's result channel (scene 'S' in its render), so the host cannot trust what its probe reported and did not load it: plugin code must not write to descriptors it did not open; fix the plugin or remove it from the config."
            ),
            (
                .pluginProbeGarbled(plugin, step: nil),
                "s.conf:3:1: error: plugin 'P' (/p/libP.so) wrote garbage to its probe's result channel, so the host cannot trust what its probe reported and did not load it: plugin code must not write to descriptors it did not open; fix the plugin or remove it from the config."
            ),
            (
                .pluginProbeFailed(
                    plugin,
                    .crashed(signal: 6, step: ProbeStep(scene: "S", action: .viewWillAppear), said: "Fatal error: no"),
                    cached: false),
                "s.conf:3:1: error: plugin 'P' (/p/libP.so): scene 'S' crashed with SIGABRT (abort) in its viewWillAppear while being probed (it printed: Fatal error: no). The host did not load the plugin: fix the scene, or remove the plugin from the config."
            ),
            (
                .pluginProbeFailed(
                    plugin, .crashed(signal: 4, step: ProbeStep(scene: "S", action: .back), said: nil), cached: false),
                "s.conf:3:1: error: plugin 'P' (/p/libP.so): scene 'S' crashed with SIGILL (a trap: fatalError, a failed precondition or a force unwrap of nil) as it was left (in its returned result) while being probed. The host did not load the plugin: fix the scene, or remove the plugin from the config."
            ),
            (
                .pluginProbeFailed(
                    plugin, .crashed(signal: 7, step: ProbeStep(scene: "S", action: .renderAgain), said: nil),
                    cached: false),
                "s.conf:3:1: error: plugin 'P' (/p/libP.so): scene 'S' crashed with SIGBUS (bus error) in its render (after its events) while being probed. The host did not load the plugin: fix the scene, or remove the plugin from the config."
            ),
            (
                .pluginProbeFailed(
                    plugin,
                    .exited(status: 1, step: ProbeStep(scene: "S", action: .handle, event: "select row 0 of 'rows'")),
                    cached: false),
                "s.conf:3:1: error: plugin 'P' (/p/libP.so): scene 'S' ended the process (exit status 1) in its handle(select row 0 of 'rows') while being probed. The host did not load the plugin: fix the scene, or remove the plugin from the config."
            ),
            (
                .pluginProbeFailed(
                    plugin,
                    .crashed(
                        signal: 4, step: ProbeStep(scene: "S", action: .handle, event: "tap 'save'", sample: 2),
                        said: "S.swift:9: Fatal error: Unexpectedly found nil while unwrapping an Optional value"),
                    cached: false),
                "s.conf:3:1: error: plugin 'P' (/p/libP.so): scene 'S' crashed with SIGILL (a trap: fatalError, a failed precondition or a force unwrap of nil) in its handle(tap 'save') with its sample input 2 while being probed (it printed: S.swift:9: Fatal error: Unexpectedly found nil while unwrapping an Optional value). The host did not load the plugin: fix the scene, or remove the plugin from the config."
            ),
            (
                .pluginProbeFailed(plugin, .exited(status: 0, step: nil), cached: false),
                "s.conf:3:1: error: plugin 'P' (/p/libP.so) ended its probe (exit status 0) while loading, before reporting. The host did not load it: fix the plugin or remove it from the config."
            ),
            (
                .pluginProbeFailed(
                    plugin, .timedOut(limitMilliseconds: 2500, step: ProbeStep(scene: "S", action: .build)),
                    cached: true),
                "s.conf:3:1: error: plugin 'P' (/p/libP.so): scene 'S' did not finish within 2.5 s while it was built (in its factories or wiring) while being probed: it hangs there. The host did not load the plugin: fix the scene, raise --probe-timeout if it is only slow, or remove the plugin from the config. [recorded by an earlier probe of this unchanged file; 'scene-host check --rescan' probes again]"
            ),
            (
                .pluginProbeFailed(plugin, .crashed(signal: 99, step: nil, said: nil), cached: false),
                "s.conf:3:1: error: plugin 'P' (/p/libP.so) crashed with signal 99 while loading in its probe. The host did not load it: fix the plugin or remove it from the config."
            ),
        ])
    func plugins(error: PluginLoadError, message: String) {
        #expect(ErrorMessage.render(error) == message)
    }

    @Test(
        "dependency errors name the library, where it was found and the folder at fault",
        arguments: [
            (UntrustedDependency.Fault.file, "the library file is writable by every user"),
            (.folderAbove, "the folder /f above it is writable by every user"),
            (
                .hitFolder,
                "the folder it is found in, /f, is writable by every user: another user could put a library there"
            ),
            (
                .searchedBefore(source: "LD_LIBRARY_PATH"),
                "the folder /f, searched before it (from the LD_LIBRARY_PATH), is writable by every user: another user could put a library of that name there"
            ),
            (
                .missingFolder(missing: "/f/x", source: "RUNPATH of /p/libP.so"),
                "the folder /f/x, searched before it (from the RUNPATH of /p/libP.so), does not exist and /f above it is writable by every user: another user could create it"
            ),
        ])
    func dependencies(fault: UntrustedDependency.Fault, text: String) {
        let dependency = UntrustedDependency(
            library: "libd.so", path: "/f/libd.so", foundBy: "RUNPATH of /p/libP.so", fault: fault,
            faultPath: "/f", reason: "writable by every user", fix: "chmod o-w /f")
        #expect(
            ErrorMessage.render(PluginLoadError.pluginDependencyUntrusted(Self.plugin, dependency))
                == "s.conf:3:1: error: plugin 'P': refusing to load /p/libP.so: it needs libd.so, which the loader would load from /f/libd.so (found through the RUNPATH of /p/libP.so), but \(text), so someone else could change the code you run. Fix: chmod o-w /f (or pass --insecure-plugin-files while developing)."
        )
        #expect(PluginLoadError.pluginDependencyUntrusted(Self.plugin, dependency).exitStatus.rawValue == 3)
        #expect(
            PluginLoadError.pluginDependencyUnchecked(Self.plugin, library: "libd.so", reason: "r").exitStatus.rawValue
                == 3)
        #expect(
            ErrorMessage.render(
                PluginLoadError.pluginDependencyUnchecked(Self.plugin, library: "libd.so", reason: "it is odd"))
                == "s.conf:3:1: error: plugin 'P': refusing to load /p/libP.so: its library libd.so cannot be checked before loading: it is odd. Fix the library or the plugin's RUNPATH (or pass --insecure-plugin-files while developing)."
        )
    }

    @Test("the untrusted probe cache warning names the file or folder at fault")
    func untrustedCache() {
        #expect(
            HostWarning.untrustedProbeCache(
                path: "/c/probes.json", untrusted: "/c", reason: "writable by its group (group 7)", fix: "chmod g-w /c"
            ).message
                == "warning: ignoring the probe cache /c/probes.json in this run: the folder /c above it is writable by its group (group 7), so someone else could forge its verdicts. Every plugin is probed, and nothing is recorded. Fix: chmod g-w /c."
        )
    }

    @Test("SDK errors, and errors of any other type")
    func sdkAndForeign() {
        struct Foreign: Error, CustomStringConvertible { var description: String { "a foreign failure" } }
        #expect(
            ErrorMessage.render(SceneError.routerNotAttached(router: "HomeRouter"))
                == "error: router HomeRouter is not wired to a host; only routers that scene-host built can navigate")
        #expect(
            ErrorMessage.render(
                SceneError.segueDestinationMismatch(segue: "go", source: "A", segueDestination: "B", requested: "C"))
                == "error: segue 'go' of scene 'A' goes to 'B', but its router routed to 'C'")
        #expect(ErrorMessage.render(Foreign()) == "error: a foreign failure")
        #expect(
            ErrorMessage.body(PluginLoadError.pluginFileMissing(Self.plugin)).hasPrefix(
                "plugin 'P': file not found: /p/libP.so."))
    }

    @Test("an error recorded for another place keeps its text, never read back out of its rendered message")
    func bodyIsTheErrorsOwnText() {
        // A config whose name reads like a message: cutting the message at its first "error: " would keep a place.
        let trap = PluginReference(
            name: "P", path: "/p/libP.so", location: SourceLocation(file: "/c/error: x.conf", line: 3, column: 1))
        let missing = PluginLoadError.pluginFileMissing(trap)
        #expect(missing.message.hasPrefix("/c/error: x.conf:3:1: error: plugin 'P': file not found"))
        #expect(ErrorMessage.body(missing) == ErrorMessage.body(PluginLoadError.pluginFileMissing(Self.plugin)))
        #expect(ErrorMessage.body(missing).hasPrefix("plugin 'P': file not found: /p/libP.so."))
        #expect(missing.errorLine == ErrorLine(at: trap.location, missing.errorLine.text))
        // The container's errors: located or not.
        #expect(ErrorMessage.body(ContainerError.noScene) == "no scene is on screen.")
        #expect(ContainerError.noScene.message == "error: no scene is on screen.")
        let clash = ContainerError.duplicateScene(scene: "Home", first: Self.plugin, second: trap)
        #expect(clash.message == "/c/error: x.conf:3:1: error: " + ErrorMessage.body(clash))
        // A host error that keeps no place apart is recorded whole; one of no concern to the host, as it describes itself.
        #expect(
            ErrorMessage.body(NavigationError.cannotGoBack(scene: "Home"))
                == NavigationError.cannotGoBack(scene: "Home").message)
        struct Foreign: Error, CustomStringConvertible { var description: String { "a foreign\nfailure" } }
        #expect(ErrorMessage.body(Foreign()) == "a foreign\\nfailure")
    }

    @Test("a line without a place is 'error: TEXT'; with one, 'PLACE: error: TEXT'")
    func errorLine() {
        #expect(ErrorLine(at: nil, "no scene.").unescaped == "error: no scene.")
        #expect(
            ErrorLine(at: SourceLocation(file: "s.conf", line: 3, column: 1), "no scene.").unescaped
                == "s.conf:3:1: error: no scene.")
    }

    @Test("every error has a documented exit code")
    func exitCodes() {
        #expect(ConfigError.configNotFound(path: "x").exitStatus.rawValue == 2)
        #expect(PluginLoadError.pluginNoEntry(Self.plugin).exitStatus.rawValue == 3)
        #expect(
            SceneGraphError.unknownInitialScene(Self.plugin.location, scene: "A", registered: []).exitStatus.rawValue
                == 4)
        #expect(NavigationError.cannotGoBack(scene: "A").exitStatus.rawValue == 1)
        #expect(ScriptError.scriptNotFound(path: "x").exitStatus.rawValue == 5)
    }

    static let here = SourceLocation(file: "s.conf", line: 2, column: 7)

    @Test(
        "inputs that cannot be read, by kind, for the config and the script",
        arguments: [
            (
                ConfigError.configNotReadable(path: "d", .folder),
                "error: cannot read config file 'd': it is a folder, not a file. Pass --config with the config file itself.",
                2
            ),
            (
                ConfigError.configNotReadable(path: "p", .fifo),
                "error: cannot read config file 'p': it is a named pipe (FIFO), not a regular file; the host does not wait on pipes. Pass --config with the config file itself.",
                2
            ),
            (
                ConfigError.configNotReadable(path: "/dev/zero", .device),
                "error: cannot read config file '/dev/zero': it is a device, not a regular file. Pass --config with the config file itself.",
                2
            ),
            (
                ConfigError.configNotReadable(path: "s", .socket),
                "error: cannot read config file 's': it is a socket, not a regular file. Pass --config with the config file itself.",
                2
            ),
            (
                ConfigError.configNotReadable(path: "l", .symlinkLoop),
                "error: cannot read config file 'l': its symbolic links form a loop. Fix the link, or pass the file's real path.",
                2
            ),
            (
                ConfigError.configNotReadable(path: "x", .permissionDenied),
                "error: cannot read config file 'x': permission denied. Make it readable for this user (chmod u+r), or pass a file you can read.",
                2
            ),
            (
                ConfigError.configNotReadable(path: "x", .other("Input/output error")),
                "error: cannot read config file 'x': Input/output error. Pass --config with the config file itself.", 2
            ),
            (
                ScriptError.scriptNotReadable(path: "d", .folder),
                "error: cannot read script file 'd': it is a folder, not a file. Pass --script with a script file, or pipe the commands to standard input.",
                5
            ),
            (
                ScriptError.scriptNotReadable(path: "p", .fifo),
                "error: cannot read script file 'p': it is a named pipe (FIFO), not a regular file; the host does not wait on pipes. Pass --script with a script file, or pipe the commands to standard input.",
                5
            ),
            (
                ScriptError.scriptNotReadable(path: "/dev/zero", .device),
                "error: cannot read script file '/dev/zero': it is a device, not a regular file. Pass --script with a script file, or pipe the commands to standard input.",
                5
            ),
            (
                ScriptError.scriptNotReadable(path: "l", .symlinkLoop),
                "error: cannot read script file 'l': its symbolic links form a loop. Fix the link, or pass the file's real path.",
                5
            ),
            (
                ScriptError.scriptInvalidEncoding(SourceLocation(file: "a.script", line: 3, column: 5), byte: 0xFF),
                "a.script:3:5: error: the script is not valid UTF-8 (byte 0xFF). Save it as UTF-8.", 5
            ),
        ] as [(any HostConcernError, String, Int32)])
    func unreadable(error: any HostConcernError, message: String, exit: Int32) {
        #expect(ErrorMessage.render(error) == message)
        #expect(ExitStatus(for: error).rawValue == exit)
    }

    @Test(
        "input limits, NUL in the config, untypable names",
        arguments: [
            (
                ScriptError.scriptLineTooLong(file: "<stdin>", line: 1, limit: 65536),
                "<stdin>:1: error: the line is longer than 65536 bytes, the limit for one command. Is this a script?", 5
            ),
            (
                ScriptError.scriptTooLarge(file: "big.script", line: 900_000, limit: 67_108_864),
                "big.script:900000: error: the script goes on past 67108864 bytes, the limit for one script or session. Split it into smaller scripts.",
                5
            ),
            (
                ConfigError.configNulInString(here),
                "s.conf:2:7: error: a string holds a NUL character (\\u0000), which no name or path can contain. Remove it.",
                2
            ),
            (
                ConfigError.configInvalidName(here, key: "id", value: "show detail"),
                "s.conf:2:7: error: 'id' is \"show detail\", which a script or the terminal cannot type: ids and scene names are one word of letters, digits and punctuation, without spaces, tabs or control characters.",
                2
            ),
        ] as [(any HostConcernError, String, Int32)])
    func limits(error: any HostConcernError, message: String, exit: Int32) {
        #expect(ErrorMessage.render(error) == message)
        #expect(ExitStatus(for: error).rawValue == exit)
    }

    @Test("values from outside print escaped: an escape sequence or a line break cannot fake output")
    func escapedValues() {
        #expect(
            ErrorMessage.render(
                ConfigError.configInvalidName(Self.here, key: "initial", value: "A\u{1B}[2J\nerror: fake"))
                == "s.conf:2:7: error: 'initial' is \"A\\u{1B}[2J\\nerror: fake\", which a script or the terminal cannot type: ids and scene names are one word of letters, digits and punctuation, without spaces, tabs or control characters."
        )
        #expect(
            ErrorMessage.render(PluginLoadError.pluginRegistrationFailed(Self.plugin, reason: "bad\u{9B}31m\r\u{2028}"))
                == "s.conf:3:1: error: plugin 'P' (/p/libP.so) failed to register its scenes: bad\\u{9B}31m\\r\\u{2028}."
        )
        #expect(
            ErrorMessage.render(SceneError.routerNotAttached(router: "R\u{1B}"))
                == "error: router R\\u{1B} is not wired to a host; only routers that scene-host built can navigate")
    }

    @Test(
        "scene-host new scene refusals: usage errors (64), a failed write 6",
        arguments: [
            (
                ScaffoldError.invalidName(option: nil, value: "weather", .notUpperCaseStart),
                "error: the scene name 'weather' does not start with an upper-case letter A-Z. Names become Swift types, files and a module: letters A-Z and a-z, digits and '_', starting with an upper-case letter (e.g. 'Weather').",
                64
            ),
            (
                .invalidName(option: "--plugin", value: "my-plugin", .invalidCharacter("-")),
                "error: --plugin 'my-plugin' holds '-'. Names become Swift types, files and a module: letters A-Z and a-z, digits and '_', starting with an upper-case letter.",
                64
            ),
            (
                .invalidName(option: nil, value: "", .empty),
                "error: the scene name is empty. Names become Swift types, files and a module: letters A-Z and a-z, digits and '_', starting with an upper-case letter, e.g. 'Weather'.",
                64
            ),
            (
                .invalidName(option: "--plugin", value: "", .empty),
                "error: --plugin is empty. Names become Swift types, files and a module: letters A-Z and a-z, digits and '_', starting with an upper-case letter, e.g. 'Weather'.",
                64
            ),
            (
                .invalidName(option: nil, value: "Self", .keyword),
                "error: the scene name 'Self' is a Swift keyword. Choose another name.", 64
            ),
            (
                .invalidName(option: "--plugin", value: "SceneSDK", .reservedModule),
                "error: --plugin 'SceneSDK' is the name of a module the plugin imports. Choose another name.", 64
            ),
            (
                .nameClash(scene: "Scene", plugin: "SceneScene", declared: "SceneViewController"),
                "error: the scene 'Scene' in the plugin 'SceneScene' would declare SceneViewController, a name SceneSDK, the testing kit or Swift already uses. Choose another name (or --plugin).",
                64
            ),
            (
                .targetExists(path: "/w/WeatherScene"),
                "error: /w/WeatherScene already exists; 'scene-host new scene' never overwrites. Remove it, or choose another --plugin or --output.",
                64
            ),
            (
                .outputMissing(path: "/w/none"),
                "error: the output folder /w/none does not exist. Create it, or pass --output with an existing folder.",
                64
            ),
            (
                .outputNotFolder(path: "/w/f"), "error: the output /w/f is not a folder. Pass --output with a folder.",
                64
            ),
            (
                .outputNotWritable(path: "/usr"),
                "error: cannot create the package in /usr: you cannot write to that folder. Pass --output with a folder you can write to.",
                64
            ),
            (
                .sdkNotFound(executable: "/usr/bin/scene-host"),
                "error: cannot find the SceneSDK sources next to /usr/bin/scene-host: no folder above it holds Sources/SceneSDK. Pass --sdk with the Sources/SceneSDK folder of the scene-host sources this host was built from.",
                64
            ),
            (
                .sdkInvalid(path: "sdk"),
                "error: --sdk 'sdk' is not the SceneSDK package (no Package.swift naming SceneSDK there). Pass the Sources/SceneSDK folder of the scene-host sources this host was built from.",
                64
            ),
            (
                .containerKindsBoth,
                "error: --tabs and --panes cannot be given together: a container's slots are all tabs or all panes. Give one of them; for a list and detail inside a tab, make a container of panes and name it as the tab's scene.",
                64
            ),
            (
                .slotInvalid(option: "--tabs", item: 2, text: "", .empty),
                "error: --tabs item 2 is empty. Write each slot as NAME:SCENE, separated by commas (e.g. --tabs orders:ListOrders,settings:Settings).",
                64
            ),
            (
                .slotInvalid(option: "--panes", item: 1, text: "list", .noScene),
                "error: --panes item 1 'list' names no scene. Write each slot as NAME:SCENE, separated by commas (e.g. --panes list:OrderList,detail:PickOrder).",
                64
            ),
            (
                .slotInvalid(option: "--tabs", item: 1, text: "a:B:C", .tooManyColons),
                "error: --tabs item 1 'a:B:C' holds more than one ':'. Write each slot as NAME:SCENE, separated by commas (e.g. --tabs orders:ListOrders,settings:Settings).",
                64
            ),
            (
                .slotInvalid(option: "--tabs", item: 1, text: ":B", .slotNameEmpty),
                "error: --tabs item 1 ':B' has no slot name before ':'. Write each slot as NAME:SCENE, separated by commas (e.g. --tabs orders:ListOrders,settings:Settings).",
                64
            ),
            (
                .slotInvalid(option: "--tabs", item: 1, text: "1st:B", .slotNameStart("1")),
                "error: --tabs item 1 '1st:B': the slot name starts with '1'. Slot names become element ids and URLs: an ASCII letter, then letters, digits, '-' and '_'.",
                64
            ),
            (
                .slotInvalid(option: "--tabs", item: 1, text: "orders=ListOrders", .slotNameCharacter("=")),
                "error: --tabs item 1 'orders=ListOrders': the slot name holds '='. Slot names become element ids and URLs: an ASCII letter, then letters, digits, '-' and '_'. Write each slot as NAME:SCENE, separated by commas (e.g. --tabs orders:ListOrders,settings:Settings).",
                64
            ),
            (
                .slotInvalid(
                    option: "--tabs", item: 1, text: "orders:listOrders", .scene("listOrders", .notUpperCaseStart)),
                "error: --tabs item 1 'orders:listOrders': the scene 'listOrders' does not start with an upper-case letter A-Z. Scene names become Swift names in the generated code: letters A-Z and a-z, digits and '_', starting with an upper-case letter (e.g. 'ListOrders').",
                64
            ),
            (
                .slotInvalid(option: "--tabs", item: 1, text: "home:Main", .showsItself(container: "Main")),
                "error: --tabs item 1 'home:Main': the slot would show 'Main', the container itself, nested in itself without end. Name another scene.",
                64
            ),
            (
                .slotInvalid(option: "--panes", item: 3, text: "a:C", .slotTwice(name: "a", firstItem: 1)),
                "error: --panes item 3 'a:C': the slot 'a' is item 1 already. Give each slot a name of its own.",
                64
            ),
            (
                .unknownLanguage("rust"),
                "error: --language 'rust' is not a language 'scene-host new scene' writes a scene in. Give one of: swift, c (the default is swift).",
                64
            ),
            (
                .invalidCName(option: nil, value: "9Lives", .digitStart),
                "error: the scene name '9Lives' starts with a digit. A C scene's names become C symbols and file names (its roles are NAMEInteractor_create, ...): ASCII letters, digits and '_', not starting with a digit, at most 128 bytes.",
                64
            ),
            (
                .invalidCName(option: "--plugin", value: "\u{1B}x", .invalidCharacter("\u{1B}")),
                "error: --plugin '\\u{1B}x' holds '\\u{1B}'. A C scene's names become C symbols and file names (its roles are NAMEInteractor_create, ...): ASCII letters, digits and '_', not starting with a digit, at most 128 bytes.",
                64
            ),
            (
                .optionNotForC(option: "--sdk"),
                "error: --sdk is for a Swift scene: a C scene is built against the scene_host.h written beside it, not against SceneSDK. Leave out --sdk (or --language c).",
                64
            ),
            (
                .optionNotForC(option: "--tabs"),
                "error: --tabs makes a container, which only a Swift scene can be: the C interface declares no slots. Leave out --tabs (or --language c).",
                64
            ),
            (
                .writeFailed(path: "/w/P/a", reason: "No space left on device"),
                "error: cannot write /w/P/a: No space left on device. Nothing was left behind; fix the cause and run the command again.",
                6
            ),
        ])
    func scaffold(error: ScaffoldError, message: String, exit: Int32) {
        #expect(ErrorMessage.render(error) == message)
        #expect(error.exitStatus.rawValue == exit)
    }
}
