import SceneSDK

/// Renders every error the user can see to text: the one place messages are written.
///
/// A message names the input (file:line:column, plugin and path, scene, route, field) and
/// says what to do. Tests pin the exact texts.
public enum ErrorMessage {
    /// The full message for any error, starting with its location when it has one.
    ///
    /// A message is one line. Names, paths, values and reasons in it come from configs, plugins
    /// and users, so the whole line goes through `TerminalText.escaped`: a line break or escape
    /// sequence in them prints as `\n` or `\u{1B}`.
    public static func render(_ error: any Error) -> String {
        switch error {
        case let problem as HostProblem: return render(problem)
        case .configProblems(let problems) as ConfigError: return problems.map { render($0) }.joined(separator: "\n")
        case let error as ConfigError: return TerminalText.escaped(unescaped(error))
        case let error as PluginLoadError:
            // One line per refused setting; each line escaped alone, so text from the config cannot add lines.
            if case .pluginSettingsRefused(let plugin, let problems) = error, problems.count > 1 {
                return problems.map { TerminalText.escaped(unescaped(PluginLoadError.pluginSettingsRefused(plugin, [$0]))) }.joined(separator: "\n")
            }
            return TerminalText.escaped(unescaped(error))
        case let error as ContainerError: return TerminalText.escaped(unescaped(error))
        case let error as SceneGraphError: return TerminalText.escaped(unescaped(error))
        case let error as NavigationError: return TerminalText.escaped(unescaped(error))
        case let error as ScriptError: return TerminalText.escaped(unescaped(error))
        case let error as CommandLineError: return TerminalText.escaped(unescaped(error))
        case let error as WebError: return TerminalText.escaped(unescaped(error))
        case let error as LinkError: return TerminalText.escaped(unescaped(error))
        case let error as WorkerError: return render(error)
        case let error as SceneError: return TerminalText.escaped("error: " + describe(error))
        case let error as ScaffoldError: return TerminalText.escaped("error: " + describe(error))
        case let error as NativeError: return TerminalText.escaped("error: " + describe(error))
        default: return TerminalText.escaped("error: \(error)")
        }
    }

    static func render(_ problem: HostProblem) -> String {
        if case .pluginFailedWithFollowOns(let failure, let unknown) = problem {
            // Two lines on purpose: the follow-ons read as part of the plugin's error, not as errors of their own.
            let mentions = unknown.compactMap(followOnMention).joined(separator: ", ")
            return render(failure) + "\n" + TerminalText.escaped("  (so these are unknown too: \(mentions))")
        }
        return render(problem.error)
    }

    /// An unknown-scene error as a mention under the plugin error that explains it.
    static func followOnMention(_ error: SceneGraphError) -> String? {
        switch error {
        case .unknownInitialScene(let location, let scene, _):
            return "initial scene '\(scene)' at \(location)"
        case .unknownSegueScene(let location, let scene, let field, let segue, _):
            return "segue '\(segue)' \(field) '\(scene)' at \(location)"
        case .unknownRouteScene(let plugin, let from, let to, _):
            return "route from '\(from)' to '\(to)' of plugin '\(plugin.name)' at \(plugin.location)"
        default:
            return nil
        }
    }

    private static func unescaped(_ error: ConfigError) -> String {
        switch error {
        case .configProblems(let problems):
            return problems.map(unescaped).joined(separator: "\n")
        case .configNotFound(let path):
            return "error: config file '\(path)' not found. Pass --config FILE, or run from the folder that holds scenes.conf."
        case .configUnreadable(let path, let reason):
            return "error: cannot read config file '\(path)': \(reason)."
        case .configNotReadable(let path, let problem):
            return "error: cannot read config file '\(path)': \(describe(problem, hint: "Pass --config with the config file itself"))"
        case .configNulInString(let location):
            return "\(location): error: a string holds a NUL character (\\u0000), which no name or path can contain. Remove it."
        case .configInvalidName(let location, let key, let value):
            return "\(location): error: '\(key)' is \"\(value)\", which a script or the terminal cannot type: ids and scene names are one word of letters, digits and punctuation, without spaces, tabs or control characters."
        case .configSyntax(let location, let message):
            return "\(location): error: TOML syntax: \(message). Fix this line, then run 'scene-host check'."
        case .configUnknownKey(let location, let key, let table, let allowed):
            let suggestion = Suggestion.closest(to: key, in: allowed).map { " Did you mean '\($0)'?" } ?? ""
            return "\(location): error: unknown key '\(key)' in \(tableName(table)).\(suggestion) Allowed keys: \(allowed.joined(separator: ", "))."
        case .configTooLarge(let location, let size, let limit):
            return "\(location): error: the config is \(size) bytes; configs larger than \(limit) bytes are refused. Is this the right file?"
        case .configInvalidEncoding(let location, let byte):
            return "\(location): error: the config is not valid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true))). Save it as UTF-8."
        case .configTooDeep(let location, let limit):
            return "\(location): error: arrays or inline tables nest deeper than \(limit) levels here; scenes.conf never needs more than one."
        case .configMissingKey(let location, let key, let table):
            return "\(location): error: \(tableName(table)) has no '\(key)'. Add it: \(key) = \"...\"."
        case .configWrongType(let location, let key, let expected, let found):
            return "\(location): error: '\(key)' must be \(expected), not \(found)."
        case .configInvalidValue(let location, let key, let value, let expected):
            return "\(location): error: '\(key)' is \"\(value)\"; expected \(expected)."
        case .configDuplicateSegue(let location, let from, let id, let first):
            return "\(location): error: scene '\(from)' has two segues with id '\(id)' (the first at \(first)). Give each button one segue."
        case .configDuplicatePlugin(let location, let name, let path, let firstName, let first):
            return "\(location): error: [plugins.\(name)] loads the same file as [plugins.\(firstName)] (\(first)): \(path). List each plugin once."
        }
    }

    private static func unescaped(_ error: PluginLoadError) -> String {
        switch error {
        case .pluginDependencyMissing(let plugin, let library):
            return "\(plugin.location): error: plugin '\(plugin.name)': \(plugin.path) needs \(library), which the loader cannot find. Install it, or put it next to the plugin (plugins look in their own folder)."
        case .pluginDependencyUntrusted(let plugin, let dependency):
            return "\(plugin.location): error: plugin '\(plugin.name)': refusing to load \(plugin.path): it needs \(dependency.library), which the loader would load from \(dependency.path) (found through the \(dependency.foundBy)), but \(describe(dependency)), so someone else could change the code you run. Fix: \(dependency.fix) (or pass --insecure-plugin-files while developing)."
        case .pluginDependencyUnchecked(let plugin, let library, let reason):
            return "\(plugin.location): error: plugin '\(plugin.name)': refusing to load \(plugin.path): its library \(library) cannot be checked before loading: \(reason). Fix the library or the plugin's RUNPATH (or pass --insecure-plugin-files while developing)."
        case .pluginUntrusted(let plugin, let path, let reason, let fix, let also):
            let problems = ([UntrustedPath(path: path, reason: reason)] + also).map { "\(untrustedPlace($0, plugin: plugin)) is \($0.reason)" }
            return "\(plugin.location): error: plugin '\(plugin.name)': refusing to load \(plugin.path): \(problems.joined(separator: "; ")), so someone else could change the code you run. Fix: \(fix) (or pass --insecure-plugin-files while developing)."
        case .pluginOwnSDKCopy(let plugin):
            return "\(plugin.location): error: plugin '\(plugin.name)' (\(plugin.path)) carries its own copy of SceneSDK, so its types would not be the host's and its scenes would silently fail to cast. In its Package.swift depend on .product(name: \"SceneSDK\", package: \"SceneSDK\") — the shared library — and not on a static copy or the SDK's sources."
        case .pluginProbeFailed(let plugin, let failure, let cached):
            let recorded = cached ? " [recorded by an earlier probe of this unchanged file; 'scene-host check --rescan' probes again]" : ""
            return "\(plugin.location): error: \(probeFailure(failure, plugin: plugin))\(recorded)"
        case .pluginProbeUnavailable(let plugin, let reason):
            return "\(plugin.location): error: plugin '\(plugin.name)' (\(plugin.path)) could not be probed: \(reason). This says nothing about the plugin and nothing was recorded: fix the cause and run the command again."
        case .pluginOpenUnavailable(let plugin, let reason):
            return "\(plugin.location): error: plugin '\(plugin.name)' (\(plugin.path)) could not be opened: \(reason). This says nothing about the plugin and nothing was recorded: point TMPDIR at a folder you own (or unset it) and run the command again."
        case .pluginProbeGarbled(let plugin, let step):
            let place = step.map { " (scene '\($0.scene)' \(describe($0)))" } ?? ""
            return "\(plugin.location): error: plugin '\(plugin.name)' (\(plugin.path)) wrote garbage to its probe's result channel\(place), so the host cannot trust what its probe reported and did not load it: plugin code must not write to descriptors it did not open; fix the plugin or remove it from the config."
        case .pluginChangedSinceProbe(let plugin, let probed, let found):
            return "\(plugin.location): error: plugin '\(plugin.name)' (\(plugin.path)) changed since it was probed: it registered \(found.joined(separator: ", ")) instead of \(probed.joined(separator: ", ")). Start the host again so it probes the new file."
        case .pluginFileMissing(let plugin):
            return "\(plugin.location): error: plugin '\(plugin.name)': file not found: \(plugin.path). Build the plugins first ('swift build'), or fix 'path' (it is relative to the config file's folder)."
        case .pluginNotSharedLibrary(let plugin, let reason):
            return "\(plugin.location): error: plugin '\(plugin.name)': \(plugin.path) is not a shared library (\(reason)). Point 'path' at the plugin's .so file."
        case .pluginOpenFailed(let plugin, let loaderMessage):
            return "\(plugin.location): error: plugin '\(plugin.name)': cannot load \(plugin.path): \(loaderMessage)."
        case .pluginNativeTableEmpty(let plugin):
            return "\(plugin.location): error: plugin '\(plugin.name)': \(plugin.path) exports a native function table (\(NativeTableReader.symbol)) that lists no function, and no 'scene_plugin_entry'. List each function as \"NAME\\tSIGNATURE\\0\" in the table (docs/authoring.md, \"Writing a C plugin\"), or remove the plugin from the config."
        case .pluginNoEntry(let plugin):
            return "\(plugin.location): error: plugin '\(plugin.name)': \(plugin.path) exports no 'scene_plugin_entry', so it is not a scene-host plugin. Export one: @_cdecl(\"scene_plugin_entry\") public func scenePluginEntry() -> UnsafeRawPointer { MyPlugin.exportDescriptor() }"
        case .pluginEntryReturnedNull(let plugin):
            return "\(plugin.location): error: plugin '\(plugin.name)': scene_plugin_entry in \(plugin.path) returned no descriptor. Return MyPlugin.exportDescriptor() from it."
        case .pluginBadDescriptor(let plugin):
            return "\(plugin.location): error: plugin '\(plugin.name)': scene_plugin_entry in \(plugin.path) returned something that is not a scene-host descriptor. Return MyPlugin.exportDescriptor() from it."
        case .pluginIncompatible(let plugin, let what, let pluginVersion, let hostVersion, let rule):
            return "\(plugin.location): error: plugin '\(plugin.name)' (\(plugin.path)) was built with \(what) \(pluginVersion); this host has \(what) \(hostVersion). \(rule) Rebuild the plugin against this host's SceneSDK."
        case .pluginOtherSDKBuild(let plugin, let pluginVersion, let pluginFingerprint, let hostVersion, let hostFingerprint):
            return "\(plugin.location): error: plugin '\(plugin.name)' (\(plugin.path)) was built against SceneSDK \(pluginVersion) (build \(shortFingerprint(pluginFingerprint))); this host has SceneSDK \(hostVersion) (build \(shortFingerprint(hostFingerprint))). The SDK is built without library evolution and plugins inline its code, so only the same SDK build is safe. Rebuild the plugin against this host's SceneSDK."
        case .pluginChecksumMismatch(let plugin, let expected, let actual):
            return "\(plugin.location): error: plugin '\(plugin.name)': SHA-256 of \(plugin.path) is \(actual), but the config pins \(expected). Rebuild the right file, or update 'sha256' if the change is yours."
        case .pluginRegistrationFailed(let plugin, let reason):
            return "\(plugin.location): error: plugin '\(plugin.name)' (\(plugin.path)) failed to register its scenes: \(describe(reason))."
        case .pluginNativeFunctionUnusable(let plugin, let function, let error):
            let reason = describe(error)
            let clause = reason.hasSuffix(".") ? String(reason.dropLast()) : reason
            return unescaped(PluginLoadError.pluginNativeTableInvalid(plugin, reason: "function '\(function)': \(clause)"))
        case .pluginNativeTableInvalid(let plugin, let reason):
            return "\(plugin.location): error: plugin '\(plugin.name)' (\(plugin.path)): its native function table (scene_native_functions) is malformed: \(reason). Write it as NUL-terminated \"name\\tsignature\" records ending with an empty one (docs/authoring.md, \"Writing a C plugin\")."
        case .pluginNativeSignatureInvalid(let plugin, let function, let signature, let column, let reason):
            return "\(plugin.location): error: plugin '\(plugin.name)' (\(plugin.path)): native function '\(function)' has a malformed signature '\(signature)' at column \(column): \(reason). The host did not load the plugin."
        case .pluginNativeFunctionNotExported(let plugin, let function):
            return "\(plugin.location): error: plugin '\(plugin.name)' (\(plugin.path)) declares native function '\(function)', but does not export it. Export it (a non-static C function with default visibility), or remove it from scene_native_functions."
        case .pluginNativeFunctionDuplicate(let plugin, let function, let first, let firstSignature, let second, let secondSignature):
            return "\(plugin.location): error: plugin '\(plugin.name)' (\(plugin.path)): its native function table (scene_native_functions) declares '\(function)' twice: record \(first) as '\(firstSignature)' and record \(second) as '\(secondSignature)'. Declare each function once, with the signature of its C definition; the host did not load the plugin."
        case .pluginSettingRejected(let plugin, let key, let location, let reason):
            return "\(location): error: setting '\(key)' of plugin '\(plugin.name)' cannot be used: \(reason). Fix it in [plugins.\(plugin.name).settings]."
        case .pluginSettingsRefused(let plugin, let problems):
            // `render` gives each problem its own line.
            return problems.map { located in
                let fix = if case .missing = located.problem.kind { "Add it to [plugins.\(plugin.name).settings]." } else { "Fix it in [plugins.\(plugin.name).settings]." }
                return "\(located.location): error: plugin '\(plugin.name)': \(located.problem.description). \(fix)"
            }.joined(separator: "\n")
        case .pluginSettingFileUntrusted(let plugin, let key, let location, let path, let problems, let fix):
            let places = problems.map { "\(untrustedPlace($0, file: path)) is \($0.reason)" }
            return "\(location): error: setting '\(key)' of plugin '\(plugin.name)' names \(path), but \(places.joined(separator: "; ")), so someone else could change what the plugin reads and writes. Fix: \(fix) (or pass --insecure-plugin-files while developing)."
        case .pluginSettingFileUnusable(let plugin, let key, let location, let path, let reason):
            return "\(location): error: setting '\(key)' of plugin '\(plugin.name)' names \(path), which cannot be used: \(reason). Name a file (relative paths start at the config's folder) in [plugins.\(plugin.name).settings]."
        case .pluginSettingsMalformed(let plugin, let reason):
            return "\(plugin.location): error: plugin '\(plugin.name)' (\(plugin.path)) declares settings the host cannot check: \(reason). Fix its ScenePlugin's `static let settings` and rebuild it."
        }
    }

    private static func unescaped(_ error: ContainerError) -> String {
        switch error {
        case .duplicateScene(let scene, let first, let second):
            return "\(second.location): error: scene '\(scene)' is registered by two plugins: '\(first.name)' (\(first.path)) and '\(second.name)' (\(second.path)). Scene names must be unique: rename one of the scenes, or remove one plugin from the config."
        case .wiringFailed(let scene, let plugin, let error):
            let start = plugin.map { "\($0.location): error: scene '\(scene)' (plugin '\($0.name)')" } ?? "error: scene '\(scene)'"
            return "\(start) cannot be wired: \(describe(error))."
        case .settingRejected(let scene, let plugin, let key, let reason):
            guard let plugin else { return "error: scene '\(scene)' cannot be built: setting '\(key)': \(reason)." }
            return "\(plugin.location(ofSetting: key)): error: scene '\(scene)' cannot be built: setting '\(key)' of plugin '\(plugin.name)': \(reason). Fix it in [plugins.\(plugin.name).settings]."
        case .unknownScene(let scene, let source, let registered):
            return "error: route from '\(source)' to '\(scene)' failed: no plugin registers a scene named '\(scene)'. \(registeredList(registered, near: scene))"
        case .noScene:
            return "error: no scene is on screen."
        }
    }

    private static func unescaped(_ error: SceneGraphError) -> String {
        switch error {
        case .unknownInitialScene(let location, let scene, let registered):
            return "\(location): error: initial scene '\(scene)' is not registered by any plugin. \(registeredList(registered, near: scene))"
        case .unknownSegueScene(let location, let scene, let field, let segue, let registered):
            return "\(location): error: segue '\(segue)' names scene '\(scene)' in '\(field)', but no plugin registers it. \(registeredList(registered, near: scene))"
        case .initialNeedsInput(let location, let scene, let input):
            return "\(location): error: initial scene '\(scene)' needs an input (\(input)), but nothing routes to it at start. Start at a scene that takes no input."
        case .unknownRouteScene(let plugin, let from, let to, let registered):
            return "\(plugin.location): error: route from '\(from)' to '\(to)' (declared by plugin '\(plugin.name)'): no plugin registers a scene named '\(to)'. \(registeredList(registered, near: to))"
        case .routeUnexpectedInput(let edge, let payload):
            return "\(edgePrefix(edge)): the route passes \(payload), but '\(edge.to)' declares no input."
        case .routeMissingInput(let edge, let input, let reason):
            return "\(edgePrefix(edge)): '\(edge.to)' needs an input (\(input)), but \(reason)."
        case .routeInputMismatch(let edge, let input, let payload, let mismatches):
            return "\(edgePrefix(edge)): the payload \(payload) does not fit the input \(input) of '\(edge.to)': \(mismatches.map(describe).joined(separator: "; "))."
        case .routeResultNotAccepted(let edge, let result):
            return "\(edgePrefix(edge)): '\(edge.to)' hands back a \(result) when it leaves, but '\(edge.from)' accepts no result. Declare .acceptingResult(...) on '\(edge.from)'."
        case .routeResultMismatch(let edge, let result, let accepted, let mismatches):
            return "\(edgePrefix(edge)): the result \(result) that '\(edge.to)' hands back does not fit the result \(accepted) that '\(edge.from)' accepts: \(mismatches.map(describe).joined(separator: "; "))."
        case .linkInvalid(let plugin, let scene, let template, let problem):
            return "\(plugin.location): error: link '\(template)' of scene '\(scene)' (plugin '\(plugin.name)'): \(describe(problem))"
        case .linkDuplicate(let template, let scene, let plugin, let firstTemplate, let firstScene, let firstPlugin):
            return "\(plugin.location): error: link '\(template)' of scene '\(scene)' (plugin '\(plugin.name)') has the same shape as link '\(firstTemplate)' of scene '\(firstScene)' (plugin '\(firstPlugin.name)', \(firstPlugin.location)): a path would match both. Change one of the templates' literal words."
        }
    }

    private static func unescaped(_ error: NavigationError) -> String {
        switch error {
        case .routeFailed(let from, let to, let error):
            return "error: route from '\(from)' to '\(to)' failed: \(describe(error))."
        case .returnFailed(let from, let to, let error):
            return "error: return from '\(from)' to '\(to)' failed: \(describe(error))."
        case .routeNotDeclared(let from, let to, let declared, let registered):
            let list = declared.isEmpty ? "it declares none" : "it declares: \(declared.joined(separator: ", "))"
            let start = "error: route from '\(from)' to '\(to)' failed: the router of '\(from)' did not declare a route to '\(to)' (\(list))."
            // A name close to a declared route or a registered scene is a typo in the router's code:
            // declaring the misspelt name would only move the error to 'check'.
            // A registered scene of exactly that name is no typo: the route is only missing its declaration.
            if !registered.contains(to), let near = Suggestion.closest(to: to, in: declared) ?? Suggestion.closest(to: to, in: registered.filter { $0 != from }) {
                let declaredToo = declared.contains(near) ? "" : ", and declare .route(to: \"\(near)\", ...) in the scene's SceneDefinition"
                return "\(start) Did you mean '\(near)'? Fix the name in the router's route(to: \"\(to)\")\(declaredToo)."
            }
            return "\(start) Declare it in the scene's SceneDefinition with .route(to: \"\(to)\", ...) so 'scene-host check' can see it."
        case .notInModal(let scene):
            return "error: '\(scene)' is not in a modal: there is nothing to dismiss. Use back to pop it."
        case .noSceneBelow(let scene, let target, let stack):
            return "error: there is no scene '\(target)' below '\(scene)' in its stack (\(stack.joined(separator: " › ")))."
        case .notOnTop(let scene, let top):
            return "error: scene '\(scene)' tried to navigate, but '\(top)' is on screen. Only the scene on top can route."
        case .cannotGoBack(let scene):
            return "error: '\(scene)' is the root scene: there is nothing to go back to."
        case .noSuchElement(let scene, let id, let kind, let available):
            let list = available.isEmpty ? "It has none." : "Its \(kind)s: \(available.joined(separator: ", "))."
            return "error: scene '\(scene)' has no \(kind) '\(id)'. \(list)"
        case .rowOutOfRange(let scene, let list, let row, let count):
            let rows = count == 0 ? "no rows" : "\(count) row\(count == 1 ? "" : "s") (0-\(count - 1))"
            return "error: list '\(list)' of scene '\(scene)' has \(rows); there is no row \(row)."
        case .sceneFailed(let scene, let reason):
            return "error: scene '\(scene)' failed: \(describe(reason))."
        case .linkFailed(let link, let scene, let reason):
            return "error: opening link '\(link)' failed at scene '\(scene)': \(describe(reason)). Nothing changed."
        }
    }

    private static func unescaped(_ error: ScriptError) -> String {
        switch error {
        case .scriptNotFound(let path):
            return "error: script file '\(path)' not found."
        case .scriptSyntax(let location, let message):
            return "\(location): error: \(message)."
        case .scriptNotReadable(let path, let problem):
            return "error: cannot read script file '\(path)': \(describe(problem, hint: "Pass --script with a script file, or pipe the commands to standard input"))"
        case .scriptInvalidEncoding(let location, let byte):
            return "\(location): error: the script is not valid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true))). Save it as UTF-8."
        case .scriptLineTooLong(let file, let line, let limit):
            return "\(file):\(line): error: the line is longer than \(limit) bytes, the limit for one command. Is this a script?"
        case .scriptTooLarge(let file, let line, let limit):
            return "\(file):\(line): error: the script goes on past \(limit) bytes, the limit for one script or session. Split it into smaller scripts."
        case .transcriptNotFound(let path):
            return "error: transcript file '\(path)' not found. Record it first: scene-host run --script FILE --record \(path)"
        case .transcriptNotReadable(let path, let problem):
            return "error: cannot read transcript file '\(path)': \(describe(problem, hint: "Pass --expect with a transcript file written by --record"))"
        case .transcriptNotWritable(let path, let reason):
            return "error: cannot write transcript file '\(path)': \(reason). Pass --record with a file in a folder you can write."
        case .transcriptMismatch(let path):
            return "error: the run does not match the transcript '\(path)' (the diff above: - expected, + actual). If the change is intended, record it again with --record \(path) (without --expect)."
        }
    }

    private static func unescaped(_ error: CommandLineError) -> String {
        switch error {
        case .unknownSubcommand(let name, let known):
            let suggestion = Suggestion.closest(to: name, in: known).map { " Did you mean '\($0)'?" } ?? ""
            return "error: unknown subcommand '\(name)'.\(suggestion) Subcommands: \(known.joined(separator: ", ")). Run 'scene-host help SUBCOMMAND' for one's options."
        }
    }

    /// A native function's problem: the function (`PLUGIN.FUNCTION`), the parameter (from 1), expected and given.
    static func describe(_ error: NativeError) -> String {
        switch error {
        case .signatureSyntax(let signature, let column, let reason):
            return "the signature '\(signature)' is malformed at column \(column): \(reason). Write it as RETURN(TYPE, ...), e.g. double(int64, double, string)."
        case .wrongArity(let function, let signature, let expected, let given):
            return "\(function) takes \(expected) argument\(expected == 1 ? "" : "s") (\(signature)), given \(given). Pass one argument per parameter."
        case .wrongArgument(let function, let parameter, let expected, let given):
            return "\(function): parameter \(parameter) expects \(expected), given \(given)."
        case .argumentOutOfRange(let function, let parameter, let expected, let given):
            return "\(function): parameter \(parameter) expects \(expected), given \(given), which is out of its range."
        case .argumentNotEncodable(let function, let parameter, let reason):
            return "\(function): parameter \(parameter) cannot be passed as a C string: \(reason)."
        case .argumentUnderflows(let function, let parameter, let expected, let given):
            return "\(function): parameter \(parameter) expects \(expected), given \(given), which is not zero but too small for \(expected) and would become 0. Write 0 for zero, or a number \(expected) can hold."
        case .argumentNotUTF8(let function, let parameter, let byte):
            return "\(function): argument \(parameter) on the command line is not valid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true))), so it is not passed on. Write the argument in UTF-8."
        case .returnNotUTF8(let function):
            return "\(function) returned a string that is not valid UTF-8. Fix the native function to return UTF-8."
        case .preparationFailed(let function, let reason):
            return "cannot prepare a call of \(function): \(reason)."
        case .unknownFunction(let name, let known):
            let list = known.isEmpty ? "no plugin declares native functions" : "native functions: \(known.joined(separator: ", "))"
            let suggestion = Suggestion.closest(to: name, in: known).map { " Did you mean '\($0)'?" } ?? ""
            return "no native function '\(name)'.\(suggestion) (\(list); 'scene-host list' shows them)"
        case .malformedFunctionName(let text):
            return "'\(text)' does not name a native function; write PLUGIN.FUNCTION, with the plugin's table name in the config."
        }
    }

    /// Worker faults. Texts from the worker (`remote`, restore reasons) were rendered and escaped
    /// there; the host's own parts are escaped here.
    static func render(_ error: WorkerError) -> String {
        switch error {
        case .workerUnavailable(let reason):
            return TerminalText.escaped("error: cannot start a scene worker: \(reason). Run with --verbose for details; --in-process runs plugin code in the host (for debugging only).")
        case .workerStopped(let plugin, let scene, let action, let fault, let restore):
            return TerminalText.escaped("error: \(plugin) stopped (\(fault.summary) in scene '\(scene)' during '\(action)'); ") + describe(restore)
        case .sharedWorkerStopped(let plugin, let fault, let restore):
            return TerminalText.escaped("notice: the scene worker this session shares stopped in another session (\(plugin): \(fault.summary)); ") + describe(restore)
        case .nativeCallFaulted(let function, let fault):
            let verb = if case .signal = fault { "crashed" } else { "stopped" }
            return TerminalText.escaped("error: \(function) \(verb) (\(fault.summary)); nothing else changed. Native functions run in a scene worker, which was started again.")
        case .pluginRefused(let plugin, let restarts):
            return TerminalText.escaped("error: plugin '\(plugin)' is refused for the rest of this run: its code ended the scene worker \(restarts) times within a minute ([host] restarts-per-minute). Fix the plugin, or raise the limit, and start again.")
        case .sessionLost(let reason):
            return TerminalText.escaped("error: this session was closed: \(reason). Start a new one.")
        case .checkStopped(let fault):
            return "error: check stopped: the process that loads plugins to check them ended (\(fault.summary)): a plugin's code crashed outside its probe. Run 'scene-host check --in-process --verbose' (under a debugger) to see which."
        case .workerBusy(let milliseconds):
            return "error: the app is busy: its scene worker did not take this action within \(WorkerFault.timedOut(milliseconds: milliseconds).summary.dropFirst("no answer within ".count)); nothing changed. Try again."
        case .remote(let failure):
            return failure.text
        }
    }

    /// What became of a session after its worker stopped; `reason` texts come rendered (and escaped)
    /// from the worker, or are the host's own fixed words with signal names.
    private static func describe(_ note: RestoreNote) -> String {
        func plain(_ reason: String) -> String { reason.hasPrefix("error: ") ? String(reason.dropFirst("error: ".count)) : reason }
        switch note {
        case .restored:
            return "the screen was restored."
        case .cut(let scene, let reason):
            return TerminalText.escaped("the stack was restored below '\(scene)', which could not be built again: ") + plain(reason)
        case .startedOver(let reason):
            return "nothing could be built again, so the app started over at its initial scene: " + plain(reason)
        case .lost(let reason):
            return "the session could not be built again (" + plain(reason) + ") and was closed."
        }
    }

    private static func unescaped(_ error: WebError) -> String {
        switch error {
        case .crossSiteRequest(let origin):
            return "error: refused a form post from '\(origin)': only this server's own pages may post to it. Open the app at its own address."
        case .invalidFormToken:
            return "error: refused a form post without this session's form token (a stale or forged form). Reload the page and try again."
        case .bodyTooLarge(let limit):
            return "error: refused a form post larger than \(limit) bytes. Send less text."
        case .fieldTooLong(let field, let length, let limit):
            return "error: field '\(field)' holds \(length) characters; the limit is \(limit). Shorten it."
        case .unknownAction(let action):
            return "error: the form asked for '\(action)', which is no action of this page. Use the page's buttons."
        case .cannotListen(let host, let port, let reason):
            return "error: cannot listen on \(host):\(port): \(reason). Choose another --port (or stop what uses it), or another --host."
        case .sessionEnded:
            return "notice: Your session ended; you are back at the start. (It was idle for a long time, or the server restarted.)"
        case .pageOutOfDate:
            return "error: This page was out of date (another tab or a later page moved the app on), so nothing was changed. This is the current screen: try again here."
        case .tooManySessions(let limit):
            return "error: your address already holds \(limit) sessions, the most one address may hold, so no new one was started. Use a tab you have open, or wait until an unused session expires."
        case .serverFull(let sessions):
            return "error: the server is full (\(sessions) sessions, all in use), so no new session was started. Try again in a minute."
        case .screenNoLongerOpen(let path):
            return "notice: the page \(path) is no longer open (the app moved on since), so this is where you are now."
        case .pageNotFound(let path):
            return "error: there is no page at \(path). Start again from the app's start page."
        case .malformedRequest(let reason):
            return "error: the request could not be read (\(reason)). Reload the page and try again."
        case .hostNotAllowed(let host, let allowed):
            return "error: refused a request for host '\(host)': this server answers only for \(allowed.joined(separator: ", ")). Open it under one of those names, or start it with --allowed-host NAME."
        }
    }

    /// The message without its leading location and "error: ", e.g. to record it for another place.
    public static func body(_ error: any Error) -> String {
        let message = render(error)
        guard let range = message.range(of: "error: ") else { return message }
        return String(message[range.upperBound...])
    }

    /// How a plugin failed its probe, from the recorded values (the time limit is the one it failed under).
    static func probeFailure(_ failure: ProbeFailure, plugin: PluginReference) -> String {
        let name = "plugin '\(plugin.name)' (\(plugin.path))"
        switch failure {
        case .refused(let message):
            return message
        case .hostFailed(let message):
            return message
        case .crashed(let signal, let step?, let said):
            let printed = said.map { " (it printed: \($0))" } ?? ""
            return "\(name): scene '\(step.scene)' crashed with \(describe(signal: signal)) \(describe(step)) while being probed\(printed). The host did not load the plugin: fix the scene, or remove the plugin from the config."
        case .crashed(let signal, nil, let said):
            let printed = said.map { " (it printed: \($0))" } ?? ""
            return "\(name) crashed with \(describe(signal: signal)) while loading in its probe\(printed). The host did not load it: fix the plugin or remove it from the config."
        case .exited(let status, let step?):
            return "\(name): scene '\(step.scene)' ended the process (exit status \(status)) \(describe(step)) while being probed. The host did not load the plugin: fix the scene, or remove the plugin from the config."
        case .exited(let status, nil):
            return "\(name) ended its probe (exit status \(status)) while loading, before reporting. The host did not load it: fix the plugin or remove it from the config."
        case .timedOut(let limit, let step?):
            return "\(name): scene '\(step.scene)' did not finish within \(seconds(milliseconds: limit)) \(describe(step)) while being probed: it hangs there. The host did not load the plugin: fix the scene, raise --probe-timeout if it is only slow, or remove the plugin from the config."
        case .timedOut(let limit, nil):
            return "\(name) did not finish loading within \(seconds(milliseconds: limit)) in its probe: it hangs in its entry point or while registering. The host did not load it: fix the plugin, raise --probe-timeout if it is only slow, or remove it from the config."
        }
    }

    /// Where in a scene's probe: "in its viewDidLoad", "while it was built (in its factories)", ...
    static func describe(_ step: ProbeStep) -> String {
        switch step.action {
        case .build: return "while it was built (in its factories or wiring)"
        case .viewDidLoad: return "in its viewDidLoad"
        case .viewWillAppear: return "in its viewWillAppear"
        case .render: return "in its render"
        case .handle: return "in its handle(\(step.event ?? "an event"))"
        case .back: return "as it was left (in its returned result)"
        case .renderAgain: return "in its render (after its events)"
        }
    }

    static func describe(signal: Int32) -> String {
        switch signal {
        case 11: return "SIGSEGV (invalid memory access)"
        case 4, 5: return "\(signal == 4 ? "SIGILL" : "SIGTRAP") (a trap: fatalError, a failed precondition or a force unwrap of nil)"
        case 6: return "SIGABRT (abort)"
        case 7: return "SIGBUS (bus error)"
        case 8: return "SIGFPE (arithmetic error)"
        case 9: return "SIGKILL (killed from outside, or by the system for lack of memory)"
        default: return "signal \(signal)"
        }
    }

    /// "10 s", "0.5 s".
    static func seconds(milliseconds: Int64) -> String {
        milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(Double(milliseconds) / 1000) s"
    }

    /// A warning, as `check` prints it.
    public static func render(_ warning: HostWarning) -> String {
        switch warning {
        case .untrustedProbeCache(let path, let untrusted, let reason, let fix):
            let which = untrusted == path ? "the file" : "the folder \(untrusted) above it"
            return "warning: ignoring the probe cache \(path) in this run: \(which) is \(reason), so someone else could forge its verdicts. Every plugin is probed, and nothing is recorded. Fix: \(fix)."
        case .transcriptReplaced(let path):
            return TerminalText.escaped("warning: --record replaced the transcript \(path), which held another run (the diff above: - before, + now).")
        case .transcriptMachineSpecific(let path, let line, let found):
            return TerminalText.escaped("\(path):\(line): warning: the transcript holds \(found), a path that differs between machines, so it will not match elsewhere. Run with relative paths (--config, plugin paths), or keep this run out of golden transcripts.")
        case .resultNeverReturned(let scene, let plugin, let result, let destinations):
            let routes = destinations.isEmpty ? "it routes nowhere" : "it routes to \(destinations.joined(separator: ", ")), and none of them declares .returning(...)"
            return TerminalText.escaped("\(plugin.location): warning: scene '\(scene)' (plugin '\(plugin.name)') accepts a result (\(result)), but no scene it routes to hands one back (\(routes)), so its .acceptingResult never runs. Declare .returning(\(result).self, via: ...) on the scene that should hand it back, or remove .acceptingResult.")
        case .unreachable(let scene, let plugin, let initial):
            return TerminalText.escaped("\(plugin.location): warning: scene '\(scene)' (plugin '\(plugin.name)') cannot be reached from the initial scene '\(initial)': no segue or declared route leads to it.")
        case .linkUnavailable(let scene, let plugin, let template, let why):
            let problem: LinkProblem = switch why {
            case .unreachable(let initial): .unreachable(initial: initial)
            case .blockedByInput(let initial, let through, let input): .blockedByInput(initial: initial, scene: through, input: input)
            }
            return TerminalText.escaped("\(plugin.location): warning: link '\(template)' of scene '\(scene)' (plugin '\(plugin.name)') cannot be opened in this app: \(describe(problem)) Until then the app has no such link.")
        }
    }

    /// Which path on the way to a plugin is not trusted: "the file", "the folder /a above it", ...
    static func untrustedPlace(_ untrusted: UntrustedPath, plugin: PluginReference) -> String {
        untrustedPlace(untrusted, file: plugin.path)
    }

    /// Which path on the way to `file` is not trusted.
    static func untrustedPlace(_ untrusted: UntrustedPath, file: String) -> String {
        let path = untrusted.path
        return path == file ? "the file"
            : untrusted.reason.hasPrefix("a symbolic link") ? "the link \(path) on the way to it"
            : file.hasPrefix(path == "/" ? "/" : path + "/") ? "the folder \(path) above it"
            : "the folder \(path), reached through a link,"
    }

    /// Where a route is declared, and which, as the start of a message.
    static func edgePrefix(_ edge: RouteEdge) -> String {
        switch edge.origin {
        case .segue(let segue):
            return "\(segue.location): error: segue '\(segue.id)' from '\(edge.from)' to '\(edge.to)'"
        case .router(_, let plugin):
            return "\(plugin.location): error: route from '\(edge.from)' to '\(edge.to)' (declared by plugin '\(plugin.name)')"
        }
    }

    /// A `SceneError` as a clause, without the leading "error: ".
    static func describe(_ error: SceneError) -> String {
        switch error {
        case .routerNotAttached(let router):
            return "router \(router) is not wired to a host; only routers that scene-host built can navigate"
        case .segueDestinationMismatch(let segue, let source, let destination, let requested):
            return "segue '\(segue)' of scene '\(source)' goes to '\(destination)', but its router routed to '\(requested)'"
        case .payloadNotEncodable(let type, let reason):
            return "the value passed (\(type)) cannot be encoded: \(reason)"
        case .contractMismatch(let scene, let contract, let type, let mismatches):
            let what = contract == .input ? "the input \(type) of scene '\(scene)'" : "the result \(type) that scene '\(scene)' accepts"
            return "the value does not fit \(what): " + mismatches.map(describe).joined(separator: "; ")
        case .unexpectedPayload(let scene, let contract, let payloadType):
            return contract == .input
                ? "scene '\(scene)' declares no input, but a \(payloadType) was passed"
                : "scene '\(scene)' accepts no result, but a \(payloadType) was handed back; declare it with acceptingResult(_:into:)"
        case .missingInput(let scene, let inputType):
            return "scene '\(scene)' needs an input (\(inputType)), but none was passed; pass one with route(to:segue:passing:)"
        case .wiringMismatch(let scene, let part, let partType, let property, let expected):
            return "in scene '\(scene)', the \(part) \(partType) cannot be used as \(property), which expects \(expected)"
        case .nativeSignatureMismatch(let function, let declared, let requested):
            return "native function \(function) is declared as \(declared), but the scene asks for it as \(requested); make the Swift function type match the declared signature"
        case .nativeResultMismatch(let function, let expected):
            return "native function \(function) returned a value that is not of type \(expected)"
        case .serviceNotRegistered(let service, let registered):
            let list = registered.isEmpty ? "none is registered" : "registered: \(registered.joined(separator: ", "))"
            return "no service of type \(service) is registered (\(list)); register it with registry.register(\(service).self) { ... }"
        }
    }

    /// Why a scene or a registration failed, as a clause (without "error: " or a location).
    static func describe(_ cause: FailureCause) -> String {
        switch cause {
        case .scene(let error): return describe(error)
        case .container(let error):
            let message = unescaped(error)
            guard let range = message.range(of: "error: ") else { return message }
            return String(message[range.upperBound...])
        case .other(let text): return text
        }
    }

    /// One field that does not fit, as a clause.
    static func describe(_ mismatch: FieldMismatch) -> String {
        switch (mismatch.expected, mismatch.given) {
        case (nil, let given):
            return "field '\(mismatch.field)' (\(given ?? "given")) is not part of it"
        case (let expected?, nil):
            return "field '\(mismatch.field)' is missing (expected \(expected))"
        case (let expected?, let given?):
            return "field '\(mismatch.field)': expected \(expected), given \(given)"
        }
    }

    /// The path at fault for an untrusted dependency, and what is wrong with it.
    static func describe(_ dependency: UntrustedDependency) -> String {
        switch dependency.fault {
        case .file:
            return "the library file is \(dependency.reason)"
        case .folderAbove:
            return "the folder \(dependency.faultPath) above it is \(dependency.reason)"
        case .hitFolder:
            return "the folder it is found in, \(dependency.faultPath), is \(dependency.reason): another user could put a library there"
        case .searchedBefore(let source):
            return "the folder \(dependency.faultPath), searched before it (from the \(source)), is \(dependency.reason): another user could put a library of that name there"
        case .missingFolder(let missing, let source):
            return "the folder \(missing), searched before it (from the \(source)), does not exist and \(dependency.faultPath) above it is \(dependency.reason): another user could create it"
        }
    }

    /// Why an input file cannot be read, as the end of a message; `hint` says what to pass instead.
    static func describe(_ problem: UnreadableFile, hint: String) -> String {
        switch problem {
        case .notFound: return "it does not exist. \(hint)."
        case .folder: return "it is a folder, not a file. \(hint)."
        case .fifo: return "it is a named pipe (FIFO), not a regular file; the host does not wait on pipes. \(hint)."
        case .device: return "it is a device, not a regular file. \(hint)."
        case .socket: return "it is a socket, not a regular file. \(hint)."
        case .symlinkLoop: return "its symbolic links form a loop. Fix the link, or pass the file's real path."
        case .permissionDenied: return "permission denied. Make it readable for this user (chmod u+r), or pass a file you can read."
        case .other(let reason): return "\(reason). \(hint)."
        }
    }

    /// Why `scene-host new scene` created nothing (or removed what it had begun).
    static func describe(_ error: ScaffoldError) -> String {
        switch error {
        case .invalidName(let option, let value, let problem):
            let what = option.map { "\($0) '\(value)'" } ?? "the scene name '\(value)'"
            let rule = "Names become Swift types, files and a module: letters A-Z and a-z, digits and '_', starting with an upper-case letter"
            switch problem {
            case .empty:
                return "\(option.map { "\($0) is empty" } ?? "the scene name is empty"). \(rule), e.g. 'Weather'."
            case .notUpperCaseStart:
                let suggestion = value.first.map { "\($0.uppercased())\(value.dropFirst())" }.map { " (e.g. '\($0)')" } ?? ""
                return "\(what) does not start with an upper-case letter A-Z. \(rule)\(suggestion)."
            case .invalidCharacter(let character):
                return "\(what) holds '\(character)'. \(rule)."
            case .keyword:
                return "\(what) is a Swift keyword. Choose another name."
            case .reservedModule:
                return "\(what) is the name of a module the plugin imports. Choose another name."
            }
        case .nameClash(let scene, let plugin, let declared):
            return "the scene '\(scene)' in the plugin '\(plugin)' would declare \(declared), a name SceneSDK, the testing kit or Swift already uses. Choose another name (or --plugin)."
        case .targetExists(let path):
            return "\(path) already exists; 'scene-host new scene' never overwrites. Remove it, or choose another --plugin or --output."
        case .outputMissing(let path):
            return "the output folder \(path) does not exist. Create it, or pass --output with an existing folder."
        case .outputNotFolder(let path):
            return "the output \(path) is not a folder. Pass --output with a folder."
        case .outputNotWritable(let path):
            return "cannot create the package in \(path): you cannot write to that folder. Pass --output with a folder you can write to."
        case .sdkNotFound(let executable):
            return "cannot find the SceneSDK sources next to \(executable): no folder above it holds Sources/SceneSDK. Pass --sdk with the Sources/SceneSDK folder of the scene-host sources this host was built from."
        case .sdkInvalid(let path):
            return "--sdk '\(path)' is not the SceneSDK package (no Package.swift naming SceneSDK there). Pass the Sources/SceneSDK folder of the scene-host sources this host was built from."
        case .writeFailed(let path, let reason):
            return "cannot write \(path): \(reason). Nothing was left behind; fix the cause and run the command again."
        }
    }

    private static func tableName(_ table: String) -> String {
        if table.isEmpty { return "the top level" }
        if let hash = table.firstIndex(of: "#"), let index = Int(table[table.index(after: hash)...]) {
            return "[[\(table[..<hash])]] entry \(index + 1)"
        }
        return "[\(table)]"
    }

    /// "Did you mean 'Detail'? Registered scenes: Detail, Home." for an unknown scene `name`.
    private static func registeredList(_ scenes: [String], near name: String) -> String {
        guard !scenes.isEmpty else { return "No scenes are registered." }
        let suggestion = Suggestion.closest(to: name, in: scenes).map { "Did you mean '\($0)'? " } ?? ""
        return "\(suggestion)Registered scenes: \(scenes.joined(separator: ", "))."
    }

    /// An SDK fingerprint as messages show it: its first 12 hex digits, enough to tell builds apart.
    private static func shortFingerprint(_ fingerprint: String) -> String {
        fingerprint.isEmpty ? "unknown" : String(fingerprint.prefix(12))
    }
}
