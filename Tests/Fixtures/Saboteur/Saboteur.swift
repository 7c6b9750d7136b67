#if canImport(Glibc)
import Glibc
#endif
import SceneSDK

/// A plugin whose code crashes the scene worker from a thread of its own while the user is on
/// another plugin's scene: the crash report must name it, not the scene on screen.
///
/// `Saboteur` (its one scene) has a field `mode` and two buttons. `arm` starts a thread that waits
/// until the file named by `SCENE_PLUGIN_FIXTURE_TRIGGER` exists (the test removes it), and then: `segv` writes
/// through a null pointer in this plugin's code; `swift` calls `fatalError` (the trap is in the Swift
/// runtime, called from here); `abort` calls the C library's `abort` (frames without frame pointers
/// above this plugin's); `kill` sends SIGSEGV to the worker process, which the kernel gives to its
/// main thread, idle in host code: a crash with no plugin frame. Any other mode (the probe types
/// "probe") starts nothing. `leave` pushes `FragileHome`, a scene of the Fragile fixture.
///
/// `SaboteurLink` has the deep link `crash/{word}`, whose function crashes (SIGSEGV) on the word
/// `crash`, as a link function with a bug does on one input; any other word shows it.
enum SaboteurPlugin: ScenePlugin {
    static let name = "FixtureSaboteur"
    static let version = "0.0.1"

    static func register(in registry: any SceneRegistry) throws {
        try registry.register(
            SceneDefinition("Saboteur", viewController: SaboteurViewController.init, interactor: { _ in SaboteurInteractor() },
                            presenter: SaboteurPresenter.init, router: SaboteurRouter.init)
                .route(to: "FragileHome")
                .route(to: "SaboteurLink", passing: LinkWord.self)
        )
        try registry.register(
            SceneDefinition("SaboteurLink", viewController: SaboteurViewController.init, interactor: { _ in SaboteurInteractor(title: "SaboteurLink") },
                            presenter: SaboteurPresenter.init, router: SaboteurRouter.init)
                .route(to: "FragileHome")
                .accepting(LinkWord.self) { dataStore, input in dataStore?.armed = "word \(input.word)" }
                .link("crash/{word}", parameters: CrashLink.self) { link in
                    if link.word == "crash", let address = UnsafeMutablePointer<Int>(bitPattern: 32) { address.pointee = 5 }
                    return LinkWord(word: link.word)
                }
        )
    }
}

/// The thread `arm` starts, and what it does once triggered.
enum Sabotage {
    static let modes = ["segv", "swift", "abort", "kill"]

    /// Starts the thread for `mode` (a known one, with a trigger file named); false when nothing started.
    static func arm(_ mode: String) -> Bool {
        guard modes.contains(mode), let trigger = getenv("SCENE_PLUGIN_FIXTURE_TRIGGER") else { return false }
        // Freed by no one: the thread ends the process.
        guard let context = strdup(mode + "\n" + String(cString: trigger)) else { return false }
        var thread = pthread_t()
        return pthread_create(&thread, nil, { argument in
            guard let argument else { return nil }
            let text = String(cString: argument.assumingMemoryBound(to: CChar.self))
            let parts = text.split(separator: "\n", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return nil }
            // Only looked at: the sandbox lets plugin code remove no file outside its private folder.
            while access(parts[1], F_OK) != 0 { usleep(5_000) }
            Sabotage.strike(parts[0])
            return nil
        }, UnsafeMutableRawPointer(context)) == 0
    }

    static func strike(_ mode: String) {
        switch mode {
        case "segv":
            if let address = UnsafeMutablePointer<Int>(bitPattern: 24) { address.pointee = 4 }
        case "swift":
            fatalError("the saboteur's thread gives up")
        case "abort":
            abort()
        case "kill":
            kill(getpid(), SIGSEGV)
            // The main thread takes it; this one waits for the end.
            while true { sleep(1) }
        default:
            return
        }
    }
}

struct LinkWord: Codable { var word: String }
struct CrashLink: Decodable { let word: String }

final class SaboteurInteractor: SceneInteractor<SaboteurPresenter> {
    let title: String
    var mode = ""
    var armed = "not armed"

    init(title: String = "Saboteur") {
        self.title = title
    }
}

final class SaboteurPresenter: ScenePresenter<SaboteurViewController> {}

final class SaboteurRouter: SceneRouter<SaboteurViewController, SaboteurInteractor> {
    func routeToFragileHome() throws {
        try route(to: "FragileHome", segue: nil, style: .push)
    }
}

final class SaboteurViewController: SceneViewController<SaboteurInteractor, SaboteurRouter> {
    override func render() -> Screen {
        Screen(title: interactor?.title ?? "", elements: [
            .label(id: "armed", text: interactor?.armed ?? ""),
            .textField(id: "mode", placeholder: "mode", text: interactor?.mode ?? ""),
            .button(id: "arm", title: "Arm"),
            .button(id: "leave", title: "Leave"),
        ])
    }

    override func handle(_ event: UserEvent) throws {
        switch event {
        case .edit(field: "mode", let text): interactor?.mode = text
        case .tap(button: "arm"):
            let mode = interactor?.mode ?? ""
            if Sabotage.arm(mode) { interactor?.armed = "armed: \(mode)" }
        case .tap(button: "leave"): try router?.routeToFragileHome()
        default: return
        }
    }
}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { SaboteurPlugin.exportDescriptor() }
