#if canImport(Glibc)
import Glibc
#endif
import SceneSDK

/// A plugin that, while registering, starts a grandchild (`/bin/sleep 600`) that inherits the probe's
/// standard output and error and would outlive it; through `setsid` when
/// `SCENE_PLUGIN_FIXTURE_SETSID` is set, so it leaves the probe's process group too. The grandchild's
/// pid is appended to the file its path setting `pid-file` names (in a scene worker, where the
/// sandbox lets it write only there), else the one `SCENE_PLUGIN_FIXTURE_PID_FILE` names (the probe's
/// first; `check` registers it again in the host, which appends a second). Registers one plain scene. It declares
/// `start-processes`: without the config's grant the sandbox refuses the spawn, and it registers
/// its scene all the same.
enum DaemonPlugin: ScenePlugin {
    static let name = "FixtureDaemon"
    static let version = "0.0.1"
    static let permissions: [PluginPermission] = [.startProcesses]
    /// Where the pid goes in a scene worker: a path setting, the one kind of file the sandbox lets it write.
    static let settings: [SettingDeclaration] = [.path("pid-file", help: "the file the grandchild's pid is appended to")]

    static func register(in registry: any SceneRegistry) throws {
        let escapes = getenv("SCENE_PLUGIN_FIXTURE_SETSID") != nil
        let arguments = escapes ? ["/usr/bin/setsid", "/bin/sleep", "600"] : ["/bin/sleep", "600"]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let file = registry.settings.path("pid-file") ?? getenv("SCENE_PLUGIN_FIXTURE_PID_FILE").map { String(cString: $0) }
        if posix_spawn(&pid, arguments[0], nil, nil, argv, environ) == 0, let file, let stream = fopen(file, "a") {
            fputs("\(pid)\n", stream)
            fclose(stream)
        }
        try registry.register(SceneDefinition("Daemon", viewController: DaemonViewController.init, interactor: { _ in DaemonInteractor() },
                                              presenter: DaemonPresenter.init, router: DaemonRouter.init))
    }
}

final class DaemonInteractor: SceneInteractor<DaemonPresenter> {}
final class DaemonPresenter: ScenePresenter<DaemonViewController> {}
final class DaemonRouter: SceneRouter<DaemonViewController, DaemonInteractor> {}
final class DaemonViewController: SceneViewController<DaemonInteractor, DaemonRouter> {
    override func render() -> Screen { Screen(title: "Daemon", elements: [.label(id: "text", text: "started a daemon")]) }
}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { DaemonPlugin.exportDescriptor() }
