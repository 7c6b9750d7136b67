import SceneSDK
extension HostWarning {
    /// The warning as `check` (or the command that found it) prints it.
    package var message: String {
        switch self {
        case .untrustedProbeCache(let path, let untrusted, let reason, let fix):
            let which = untrusted == path ? "the file" : "the folder \(untrusted) above it"
            return
                "warning: ignoring the probe cache \(path) in this run: \(which) is \(reason), so someone else could forge its verdicts. Every plugin is probed, and nothing is recorded. Fix: \(fix)."
        case .untrustedCacheKey(let cache, let key, let reason, let fix):
            return TerminalText.escaped(
                "warning: ignoring the probe cache \(cache) in this run: its key \(key) is \(reason), so someone else could know or change it and forge the cache's verdicts. Every plugin is probed, and nothing is recorded. Fix: \(fix)."
            )
        case .cacheKeyUnavailable(let cache, let key, let reason):
            let folder =
                key.lastIndex(of: "/").map { String(key[..<$0]) }.flatMap { $0.isEmpty ? nil : $0 } ?? "its folder"
            return TerminalText.escaped(
                "warning: not using the probe cache \(cache) in this run: its key \(key) \(reason). Every plugin is probed, and nothing is recorded. Fix: make \(folder) a folder you own and can write, or name another cache with --probe-cache."
            )
        case .untrustedStartupCache(let path, let reason, let fix):
            return
                "warning: ignoring the start-up cache \(path) in this run: the file is \(reason), so someone else could forge a checked start. The config and the plugins are checked as without it, and nothing is recorded. Fix: \(fix)."
        case .transcriptReplaced(let path):
            return TerminalText.escaped(
                "warning: --record replaced the transcript \(path), which held another run (the diff above: - before, + now)."
            )
        case .transcriptMachineSpecific(let path, let line, let found):
            return TerminalText.escaped(
                "\(path):\(line): warning: the transcript holds \(found), a path that differs between machines, so it will not match elsewhere. Run with relative paths (--config, plugin paths), or keep this run out of golden transcripts."
            )
        case .resultNeverReturned(let scene, let plugin, let result, let destinations):
            let routes =
                destinations.isEmpty
                ? "it routes nowhere"
                : "it routes to \(destinations.joined(separator: ", ")), and none of them declares .returning(...)"
            return TerminalText.escaped(
                "\(plugin.location): warning: scene \(name: scene) (plugin \(name: plugin.name)) accepts a result (\(result)), but no scene it routes to hands one back (\(routes)), so its .acceptingResult never runs. Declare .returning(\(result).self, via: ...) on the scene that should hand it back, or remove .acceptingResult."
            )
        case .unreachable(let scene, let plugin, let initial):
            return TerminalText.escaped(
                "\(plugin.location): warning: scene \(name: scene) (plugin \(name: plugin.name)) cannot be reached from the initial scene \(name: initial): no segue or declared route leads to it."
            )
        case .linkUnavailable(let scene, let plugin, let template, let why):
            return TerminalText.escaped(
                "\(plugin.location): warning: link \(name: template) of scene \(name: scene) (plugin \(name: plugin.name)) cannot be opened in this app: \(why.clause) Until then the app has no such link."
            )
        case .stateInWorkerMemory(let plugin, let what, let setting, let workers):
            let several =
                workers.map { "\($0) scene workers" }
                ?? "several scene workers (one per core unless [host] workers says otherwise)"
            let fix =
                setting.map {
                    "Set '\($0)' in [plugins.\(plugin.name).settings] to keep \(what) in a store every worker shares, or set workers = 1 in [host]."
                }
                ?? "The plugin offers no shared store: set workers = 1 in [host] to serve every session from one worker."
            return TerminalText.escaped(
                "\(plugin.location): warning: plugin \(name: plugin.name) keeps \(what) in its scene worker's memory, and serve runs \(several), each with its own copy: users on different workers see different copies and not each other's changes. \(fix)"
            )
        case .permissionNotGranted(let plugin, let permission):
            return TerminalText.escaped(
                "\(plugin.location): warning: plugin \(name: plugin.name) declares the permission '\(permission.rawValue)', which the config does not grant, so the sandbox refuses those calls (EPERM). Grant it if you trust the plugin with it: grant = [\"\(permission.rawValue)\"] in [plugins.\(plugin.name)]."
            )
        }
    }
}

extension LinkUnavailability {
    /// Why the app cannot open the link, and what to do, as the end of a sentence; `check`'s error
    /// for a declared link (`LinkProblem`) says the same.
    package var clause: String {
        switch self {
        case .unreachable(let initial):
            return
                "no declared route leads from the initial scene \(name: initial) to it, so no stack can be built. Declare a segue or a route to it."
        case .blockedByInput(let initial, let scene, let input):
            return
                "every route from the initial scene \(name: initial) to it passes through \(name: scene), which needs an input (\(input)) a link cannot build. Declare a route to it through scenes that take no input."
        }
    }
}
