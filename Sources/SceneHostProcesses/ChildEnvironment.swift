/// The environment a process that runs plugin code starts with: made for it, never the host's.
///
/// The host's environment holds its secrets (`PGPASSWORD`, the session store's address, tokens of
/// the user's shell), and plugin code can read its own environment (`getenv`,
/// `/proc/self/environ`). So a scene worker, a probe child and a check child get only:
/// - the locale and time zone (`LANG`, `LANGUAGE`, `LC_*`, `TZ`);
/// - `LD_LIBRARY_PATH`, where the host was given one (the worker finds the Swift runtime and the
///   SDK as the host did);
/// - a fixed `PATH` (`/usr/local/bin:/usr/bin:/bin`), for a plugin granted `start-processes`;
/// - every variable whose name starts with `SCENE_PLUGIN_`: the way an app hands plugins a value
///   through the environment, chosen by name (a declared setting in the config is the usual way);
/// - what the host itself tells the child: its private folder (`TMPDIR`, `PrivateFolder`), the
///   parent it ends with (`ParentWatch`), `SCENE_HOST_DUMPABLE` when set to 1, the malloc arena
///   bound and `SWIFT_BACKTRACE=enable=no` (the host reports a child's crash itself).
package enum ChildEnvironment {
    /// The prefix of the host's variables that reach plugin code.
    static let pluginPrefix = "SCENE_PLUGIN_"

    /// The `PATH` a child gets.
    package static let path = "/usr/local/bin:/usr/bin:/bin"

    /// The environment for a child of a host whose environment is `host`.
    package static func make(from host: [String: String]) -> [String: String] {
        var made: [String: String] = ["PATH": path, "SWIFT_BACKTRACE": "enable=no"]
        for (name, value) in host where passes(name) {
            made[name] = value
        }
        if host[Sandbox.dumpableVariable] == "1" { made[Sandbox.dumpableVariable] = "1" }
        made[ProcessSpawner.arenaVariable] = host[ProcessSpawner.arenaVariable] ?? "2"
        return made
    }

    /// Whether the host's variable `name` is handed on as it is.
    package static func passes(_ name: String) -> Bool {
        name == "LANG" || name == "LANGUAGE" || name == "TZ" || name == "LD_LIBRARY_PATH"
            || name.hasPrefix("LC_") || (name.hasPrefix(pluginPrefix) && name.count > pluginPrefix.count)
    }
}
