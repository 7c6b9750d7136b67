import SceneSDK
import SceneHostCore
import SceneHostNative
import SceneHostContainer
import SceneHostCScenes
import SceneHostConfig

extension PluginLoadError: LocatedHostError {
    package var message: String {
        // One line per refused setting; each line escaped alone, so text from the config cannot add lines.
        if case .pluginSettingsRefused(let plugin, let problems) = self, problems.count > 1 {
            return problems.map { PluginLoadError.pluginSettingsRefused(plugin, [$0]).message }.joined(separator: "\n")
        }
        return TerminalText.escaped(unescapedMessage)
    }

    /// Every plugin that was not loaded; settings that do not fit its declarations are the config's.
    package var exitStatus: ExitStatus {
        isSettingsRefusal ? .configError : .pluginError
    }

    /// The message before it is escaped.
    package var unescapedMessage: String { errorLine.unescaped }

    /// Where and what, apart (`LocatedHostError`).
    package var errorLine: ErrorLine {
        switch self {
        case .pluginDependencyMissing(let plugin, let library):
            return ErrorLine(
                at: plugin.location,
                "plugin \(name: plugin.name): \(plugin.path) needs \(library), which the loader cannot find. Install it, or put it next to the plugin (plugins look in their own folder)."
            )
        case .pluginDependencyUntrusted(let plugin, let dependency):
            return ErrorLine(
                at: plugin.location,
                "plugin \(name: plugin.name): refusing to load \(plugin.path): it needs \(dependency.library), which the loader would load from \(dependency.path) (found through the \(dependency.foundBy)), but \(dependency.clause), so someone else could change the code you run. Fix: \(dependency.fix) (or pass --insecure-plugin-files while developing)."
            )
        case .pluginDependencyUnchecked(let plugin, let library, let reason):
            return ErrorLine(
                at: plugin.location,
                "plugin \(name: plugin.name): refusing to load \(plugin.path): its library \(library) cannot be checked before loading: \(reason). Fix the library or the plugin's RUNPATH (or pass --insecure-plugin-files while developing)."
            )
        case .pluginUntrusted(let plugin, let path, let reason, let fix, let also):
            let problems = ([UntrustedPath(path: path, reason: reason)] + also).map {
                "\($0.place(loading: plugin)) is \($0.reason)"
            }
            return ErrorLine(
                at: plugin.location,
                "plugin \(name: plugin.name): refusing to load \(plugin.path): \(problems.joined(separator: "; ")), so someone else could change the code you run. Fix: \(fix) (or pass --insecure-plugin-files while developing)."
            )
        case .pluginOwnSDKCopy(let plugin):
            return ErrorLine(
                at: plugin.location,
                "plugin \(name: plugin.name) (\(plugin.path)) carries its own copy of SceneSDK, so its types would not be the host's and its scenes would silently fail to cast. In its Package.swift depend on .product(name: \"SceneSDK\", package: \"SceneSDK\") — the shared library — and not on a static copy or the SDK's sources."
            )
        case .pluginProbeFailed(let plugin, let failure, let cached):
            let recorded =
                cached
                ? " [recorded by an earlier probe of this unchanged file; 'scene-host check --rescan' probes again]"
                : ""
            return ErrorLine(at: plugin.location, "\(failure.text(plugin: plugin))\(recorded)")
        case .pluginProbeUnavailable(let plugin, let reason):
            return ErrorLine(
                at: plugin.location,
                "plugin \(name: plugin.name) (\(plugin.path)) could not be probed: \(reason). This says nothing about the plugin and nothing was recorded: fix the cause and run the command again."
            )
        case .pluginOpenUnavailable(let plugin, let reason):
            return ErrorLine(
                at: plugin.location,
                "plugin \(name: plugin.name) (\(plugin.path)) could not be opened: \(reason). This says nothing about the plugin and nothing was recorded: point TMPDIR at a folder you own (or unset it) and run the command again."
            )
        case .pluginProbeGarbled(let plugin, let step):
            let place = step.map { " (scene \(name: $0.scene) \($0.clause))" } ?? ""
            return ErrorLine(
                at: plugin.location,
                "plugin '\(plugin.name)' (\(plugin.path)) wrote garbage to its probe's result channel\(place), so the host cannot trust what its probe reported and did not load it: plugin code must not write to descriptors it did not open; fix the plugin or remove it from the config."
            )
        case .pluginProbeRecordTooLarge(let plugin, let bytes, let limit, let largest?):
            let sample = largest.count > 40 ? String(largest.prefix(40)) + "…" : largest
            return ErrorLine(
                at: plugin.location,
                "plugin '\(plugin.name)' (\(plugin.path)): what its probe found is too large (\(bytes) bytes; limit \(limit)) to report to the host, so the host did not load it: its longest text is \(largest.utf8.count) bytes (\"\(sample)\"), a name it declares or a route its router asks for. Make it shorter, or remove the plugin from the config."
            )
        case .pluginProbeRecordTooLarge(let plugin, let bytes, let limit, nil):
            return ErrorLine(
                at: plugin.location,
                "plugin '\(plugin.name)' (\(plugin.path)): a record on its probe's result channel is too large (\(bytes) bytes; limit \(limit)), so the host cannot read what its probe reported and did not load it: only plugin code writing to that channel makes such a record; fix the plugin or remove it from the config."
            )
        case .pluginChangedSinceProbe(let plugin, let probed, let found):
            return ErrorLine(
                at: plugin.location,
                "plugin '\(plugin.name)' (\(plugin.path)) changed since it was probed: it registered \(found.joined(separator: ", ")) instead of \(probed.joined(separator: ", ")). Start the host again so it probes the new file."
            )
        case .pluginRegistersDifferently(let plugin, let registered, let place, let earlier, let earlierPlace):
            return ErrorLine(
                at: plugin.location,
                "plugin '\(plugin.name)' (\(plugin.path)) registers \(Self.sceneList(registered)) \(place) but \(Self.sceneList(earlier)) \(earlierPlace): a plugin that registers differently on each load is refused. Make its registration register the same scenes every time (not depending on a counter, the process or the environment), rebuild it, and run 'scene-host check' again."
            )
        case .pluginContentNotProbed(let plugin, let recorded, let actual):
            return ErrorLine(
                at: plugin.location,
                "plugin \(name: plugin.name) (\(plugin.path)) was not opened: its SHA-256 is \(actual), but the start-up cache recorded the probe of \(recorded) for a file of the same identity. Start the host again with --rescan so it probes this file."
            )
        case .pluginRecordUnreadable(let plugin, let cache):
            return ErrorLine(
                at: plugin.location,
                "plugin \(name: plugin.name) (\(plugin.path)) was not registered: its record in the start-up cache \(cache) cannot be read. Start the host again with --rescan so it checks the plugin again."
            )
        case .pluginFileMissing(let plugin):
            return ErrorLine(
                at: plugin.location,
                "plugin \(name: plugin.name): file not found: \(plugin.path). Build the plugins first ('swift build'), or fix 'path' (it is relative to the config file's folder)."
            )
        case .pluginNotSharedLibrary(let plugin, let reason):
            return ErrorLine(
                at: plugin.location,
                "plugin \(name: plugin.name): \(plugin.path) is not a shared library (\(reason)). Point 'path' at the plugin's .so file."
            )
        case .pluginOpenFailed(let plugin, let loaderMessage):
            return ErrorLine(
                at: plugin.location, "plugin \(name: plugin.name): cannot load \(plugin.path): \(loaderMessage).")
        case .pluginNativeTableEmpty(let plugin):
            return ErrorLine(
                at: plugin.location,
                "plugin \(name: plugin.name): \(plugin.path) exports a native function table (\(NativeTableReader.symbol)) that lists no function, and no 'scene_plugin_entry'. List each function as \"NAME\\tSIGNATURE\\0\" in the table (docs/authoring.md, \"Writing a C plugin\"), or remove the plugin from the config."
            )
        case .pluginNoEntry(let plugin):
            return ErrorLine(
                at: plugin.location,
                "plugin \(name: plugin.name): \(plugin.path) exports no 'scene_plugin_entry', so it is not a scene-host plugin. Export one: @_cdecl(\"scene_plugin_entry\") public func scenePluginEntry() -> UnsafeRawPointer { MyPlugin.exportDescriptor() }"
            )
        case .pluginEntryReturnedNull(let plugin):
            return ErrorLine(
                at: plugin.location,
                "plugin \(name: plugin.name): scene_plugin_entry in \(plugin.path) returned no descriptor. Return MyPlugin.exportDescriptor() from it."
            )
        case .pluginBadDescriptor(let plugin):
            return ErrorLine(
                at: plugin.location,
                "plugin \(name: plugin.name): scene_plugin_entry in \(plugin.path) returned something that is not a scene-host descriptor. Return MyPlugin.exportDescriptor() from it."
            )
        case .pluginIncompatible(let plugin, let what, let pluginVersion, let hostVersion, let rule):
            return ErrorLine(
                at: plugin.location,
                "plugin \(name: plugin.name) (\(plugin.path)) was built with \(what) \(pluginVersion); this host has \(what) \(hostVersion). \(rule) Rebuild the plugin against this host's SceneSDK."
            )
        case .pluginOtherSDKBuild(
            let plugin, let pluginVersion, let pluginFingerprint, let hostVersion, let hostFingerprint):
            return ErrorLine(
                at: plugin.location,
                "plugin \(name: plugin.name) (\(plugin.path)) was built against SceneSDK \(pluginVersion) (build \(Self.shortFingerprint(pluginFingerprint))); this host has SceneSDK \(hostVersion) (build \(Self.shortFingerprint(hostFingerprint))). The SDK is built without library evolution and plugins inline its code, so only the same SDK build is safe. Rebuild the plugin against this host's SceneSDK."
            )
        case .pluginChecksumMismatch(let plugin, let expected, let actual):
            return ErrorLine(
                at: plugin.location,
                "plugin \(name: plugin.name): SHA-256 of \(plugin.path) is \(actual), but the config pins \(expected). Rebuild the right file, or update 'sha256' if the change is yours."
            )
        case .pluginRegistrationFailed(let plugin, let reason):
            return ErrorLine(
                at: plugin.location,
                "plugin \(name: plugin.name) (\(plugin.path)) failed to register its scenes: \(reason.clause).")
        case .pluginNativeFunctionUnusable(let plugin, let function, let error):
            let reason = error.clause
            let clause = reason.hasSuffix(".") ? String(reason.dropLast()) : reason
            return PluginLoadError.pluginNativeTableInvalid(plugin, reason: "function \(name: function): \(clause)")
                .errorLine
        case .pluginNativeTableInvalid(let plugin, let reason):
            return ErrorLine(
                at: plugin.location,
                "plugin \(name: plugin.name) (\(plugin.path)): its native function table (scene_native_functions) is malformed: \(reason). Write it as NUL-terminated \"name\\tsignature\" records ending with an empty one (docs/authoring.md, \"Writing a C plugin\")."
            )
        case .pluginNativeSignatureInvalid(let plugin, let function, let signature, let column, let reason):
            return ErrorLine(
                at: plugin.location,
                "plugin \(name: plugin.name) (\(plugin.path)): native function \(name: function) has a malformed signature '\(signature)' at column \(column): \(reason). The host did not load the plugin."
            )
        case .pluginNativeFunctionNotExported(let plugin, let function):
            return ErrorLine(
                at: plugin.location,
                "plugin \(name: plugin.name) (\(plugin.path)) declares native function \(name: function), but does not export it. Export it (a non-static C function with default visibility), or remove it from scene_native_functions."
            )
        case .pluginNativeFunctionDuplicate(
            let plugin, let function, let first, let firstSignature, let second, let secondSignature):
            return ErrorLine(
                at: plugin.location,
                "plugin \(name: plugin.name) (\(plugin.path)): its native function table (scene_native_functions) declares \(name: function) twice: record \(first) as '\(firstSignature)' and record \(second) as '\(secondSignature)'. Declare each function once, with the signature of its C definition; the host did not load the plugin."
            )
        case .pluginCSceneRefused(let plugin, let problem):
            return ErrorLine(
                at: plugin.location,
                "plugin \(name: plugin.name): refusing to load the C plugin \(plugin.path): \(problem.text)")
        case .pluginSettingRejected(let plugin, let key, let location, let reason):
            return ErrorLine(
                at: location,
                "setting \(name: key) of plugin \(name: plugin.name) cannot be used: \(reason.withoutFinalStop). Fix it in [plugins.\(plugin.name).settings]."
            )
        case .pluginGrantNotDeclared(let plugin, let permission, let location, let declared):
            let declares =
                declared.isEmpty
                ? "it declares none" : "it declares \(declared.map { "'\($0.rawValue)'" }.joined(separator: ", "))"
            return ErrorLine(
                at: location,
                "[plugins.\(plugin.name)] grants '\(permission.rawValue)' to \(plugin.path), which does not declare it (\(declares) in ScenePlugin.permissions). Remove it from grant: a plugin is granted only what it declares."
            )
        case .pluginSettingsRefused(let plugin, let problems):
            // `message` gives each problem its own line; as one line, the first problem's place and every problem.
            let texts = problems.map { located in
                let fix =
                    if case .missing = located.problem.kind { "Add it to [plugins.\(plugin.name).settings]." } else {
                        "Fix it in [plugins.\(plugin.name).settings]."
                    }
                return "plugin \(name: plugin.name): \(located.problem.description). \(fix)"
            }
            return ErrorLine(at: problems.first?.location, texts.joined(separator: " "))
        case .pluginSettingFileUntrusted(let plugin, let key, let location, let path, let problems, let fix):
            let places = problems.map { "\($0.place(reaching: path)) is \($0.reason)" }
            return ErrorLine(
                at: location,
                "setting \(name: key) of plugin \(name: plugin.name) names \(path), but \(places.joined(separator: "; ")), so someone else could change what the plugin reads and writes. Fix: \(fix) (or pass --insecure-plugin-files while developing)."
            )
        case .pluginSettingFileUnusable(let plugin, let key, let location, let path, let reason):
            return ErrorLine(
                at: location,
                "setting \(name: key) of plugin \(name: plugin.name) names \(path), which cannot be used: \(reason). Name a file (relative paths start at the config's folder) in [plugins.\(plugin.name).settings]."
            )
        case .pluginSettingFileProcessRelative(let plugin, let key, let location, let path, let part):
            return ErrorLine(
                at: location,
                "setting '\(key)' of plugin '\(plugin.name)' names \(path), which goes through \(part): that names a different file in each process (the host, 'scene-host check' and each scene worker), so the file the host checks is not the one the plugin would open. Name the file itself, by its path from the root or from the config's folder, in [plugins.\(plugin.name).settings]."
            )
        case .pluginSettingsMalformed(let plugin, let reason):
            return ErrorLine(
                at: plugin.location,
                "plugin \(name: plugin.name) (\(plugin.path)) declares settings the host cannot check: \(reason). Fix its ScenePlugin's `static let settings` and rebuild it."
            )
        }
    }

    /// "scenes A, B", "scene A" or "no scene".
    private static func sceneList(_ scenes: [String]) -> String {
        switch scenes.count {
        case 0: return "no scene"
        case 1: return "scene \(scenes[0])"
        default: return "scenes \(scenes.joined(separator: ", "))"
        }
    }

    /// An SDK fingerprint as messages show it: its first 12 hex digits, enough to tell builds apart.
    private static func shortFingerprint(_ fingerprint: String) -> String {
        fingerprint.isEmpty ? "unknown" : String(fingerprint.prefix(12))
    }
}

extension ProbeFailure {
    /// How `plugin` failed its probe, from the recorded values (the time limit is the one it failed under).
    package func text(plugin: PluginReference) -> String {
        let name = "plugin \(name: plugin.name) (\(plugin.path))"
        switch self {
        case .refused(let message):
            return message
        case .hostFailed(let message):
            return message
        case .crashed(let signal, let step?, let said):
            let printed = said.map { " (it printed: \($0))" } ?? ""
            return
                "\(name): scene \(name: step.scene) crashed with \(Self.describe(signal: signal)) \(step.clause) while being probed\(printed). The host did not load the plugin: fix the scene, or remove the plugin from the config."
        case .crashed(let signal, nil, let said):
            let printed = said.map { " (it printed: \($0))" } ?? ""
            return
                "\(name) crashed with \(Self.describe(signal: signal)) while loading in its probe\(printed). The host did not load it: fix the plugin or remove it from the config."
        case .exited(let status, let step?):
            return
                "\(name): scene \(name: step.scene) ended the process (exit status \(status)) \(step.clause) while being probed. The host did not load the plugin: fix the scene, or remove the plugin from the config."
        case .exited(let status, nil):
            return
                "\(name) ended its probe (exit status \(status)) while loading, before reporting. The host did not load it: fix the plugin or remove it from the config."
        case .timedOut(let limit, let step?):
            return
                "\(name): scene \(name: step.scene) did not finish within \(Self.seconds(milliseconds: limit)) \(step.clause) while being probed: it hangs there. The host did not load the plugin: fix the scene, raise --probe-timeout if it is only slow, or remove the plugin from the config."
        case .timedOut(let limit, nil):
            return
                "\(name) did not finish loading within \(Self.seconds(milliseconds: limit)) in its probe: it hangs in its entry point or while registering. The host did not load it: fix the plugin, raise --probe-timeout if it is only slow, or remove it from the config."
        case .failedAtExit(let signal?, _, let said):
            let printed = said.map { " (it printed: \($0))" } ?? ""
            return
                "\(name) passed its probe, but its destructors or exit handlers crashed with \(Self.describe(signal: signal)) when the probe unloaded it and exited\(printed). A scene worker or 'scene-host check' would crash the same way as it ends, so the host did not load it: fix the plugin's destructors (__attribute__((destructor)), static destructors) and atexit handlers, or remove it from the config."
        case .failedAtExit(nil, let status, let said):
            let printed = said.map { " (it printed: \($0))" } ?? ""
            return
                "\(name) passed its probe, but the probe did not end normally when it unloaded the plugin and exited: it ended with exit status \(status ?? 0)\(printed), so its destructors, its exit handlers or the dynamic loader's clean-up of the library failed. A scene worker or 'scene-host check' would fail the same way as it ends, so the host did not load it: fix the plugin (its destructors, atexit handlers, or how it is linked), or remove it from the config."
        case .hungAtExit(let limit):
            return
                "\(name) passed its probe, but did not finish exiting within \(Self.seconds(milliseconds: limit)) when the probe unloaded it and exited: its destructors or exit handlers hang. A scene worker or 'scene-host check' would hang the same way as it ends, so the host did not load it: fix the plugin's destructors and atexit handlers, raise --probe-timeout if they are only slow, or remove it from the config."
        }
    }

    package static func describe(signal: Int32) -> String {
        switch signal {
        case 11: return "SIGSEGV (invalid memory access)"
        case 4, 5:
            return
                "\(signal == 4 ? "SIGILL" : "SIGTRAP") (a trap: fatalError, a failed precondition or a force unwrap of nil)"
        case 6: return "SIGABRT (abort)"
        case 7: return "SIGBUS (bus error)"
        case 8: return "SIGFPE (arithmetic error)"
        case 9: return "SIGKILL (killed from outside, or by the system for lack of memory)"
        default: return "signal \(signal)"
        }
    }

    /// "10 s", "0.5 s".
    package static func seconds(milliseconds: Int64) -> String {
        milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(Double(milliseconds) / 1000) s"
    }
}

extension ProbeStep {
    /// Where in a scene's probe: "in its viewDidLoad", "while it was built (in its factories)", ...
    package var clause: String {
        guard let sample else { return actionClause }
        return "\(actionClause) with its sample input \(sample)"
    }

    private var actionClause: String {
        switch action {
        case .build: return "while it was built (in its factories or wiring)"
        case .viewDidLoad: return "in its viewDidLoad"
        case .viewWillAppear: return "in its viewWillAppear"
        case .render: return "in its render"
        case .handle: return "in its handle(\(event ?? "an event"))"
        case .back: return "as it was left (in its returned result)"
        case .renderAgain: return "in its render (after its events)"
        }
    }
}

extension UntrustedPath {
    /// Which path on the way to `plugin` this is: "the file", "the folder /a above it", ...
    package func place(loading plugin: PluginReference) -> String {
        place(reaching: plugin.path)
    }

    /// Which path on the way to `file` this is.
    package func place(reaching file: String) -> String {
        return path == file
            ? "the file"
            : reason.hasPrefix("a symbolic link")
                ? "the link \(path) on the way to it"
                : file.hasPrefix(path == "/" ? "/" : path + "/")
                    ? "the folder \(path) above it"
                    : "the folder \(path), reached through a link,"
    }
}

extension UntrustedDependency {
    /// The path at fault, and what is wrong with it.
    package var clause: String {
        switch fault {
        case .file:
            return "the library file is \(reason)"
        case .folderAbove:
            return "the folder \(faultPath) above it is \(reason)"
        case .hitFolder:
            return "the folder it is found in, \(faultPath), is \(reason): another user could put a library there"
        case .searchedBefore(let source):
            return
                "the folder \(faultPath), searched before it (from the \(source)), is \(reason): another user could put a library of that name there"
        case .missingFolder(let missing, let source):
            return
                "the folder \(missing), searched before it (from the \(source)), does not exist and \(faultPath) above it is \(reason): another user could create it"
        }
    }
}
