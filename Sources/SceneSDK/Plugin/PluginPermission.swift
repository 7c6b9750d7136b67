/// A power a plugin's code needs beyond its scene worker's sandbox, declared in
/// `ScenePlugin.permissions` and granted by name in the config.
///
/// Without a grant the sandbox refuses the calls with EPERM (see README, "The sandbox around plugin
/// code"). A config grants a declared permission in the plugin's table:
/// ```toml
/// [plugins.Mailer]
/// path = "libMailerScene.so"
/// grant = ["network"]
/// ```
/// `scene-host list` shows what each plugin declares and what the config grants; `check` refuses a
/// grant the plugin does not declare, and warns about a declared permission left ungranted. One
/// worker runs every plugin of an app, so a grant opens the call to every plugin in that worker:
/// grant only what you would grant the whole app.
public enum PluginPermission: String, Sendable, Hashable, CaseIterable {
    /// Starting processes: `fork`, `posix_spawn`, `system`, `exec`. Children stay in the worker's
    /// process group and cgroup, and end with it.
    case startProcesses = "start-processes"
    /// Internet sockets (`AF_INET`, `AF_INET6`, `AF_PACKET`).
    case network = "network"
}
