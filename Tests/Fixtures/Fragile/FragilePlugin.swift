#if canImport(Glibc)
import Glibc
#endif
import SceneSDK

/// A plugin whose scenes pass every check and then fail on one input, as real bugs do: the
/// scene-worker tests (`FragileHome` at the bottom, `Fragile` pushed or presented on it).
///
/// `strike` with the field `mode` set to `segv`, `trap`, `abort`, `exit`, `hang`, `memory`,
/// `garbage`, `forge` (a well-formed frame out of turn), `steps` (restore steps forever) or `fail`
/// (a thrown error) faults that way; `longroute` makes the router ask for a route named by 100 KB
/// of text; any other text does nothing (the probe
/// types "probe"). A result whose word is `crash` crashes the scene it is handed to. When the file
/// named by the path setting `bomb` holds a depth, the scene at that depth (0: `FragileHome`)
/// crashes in `viewDidLoad`; `arm` writes the scene's own depth there, so it was built once and
/// crashes when it is built again (a restore; at depth 0 not even the initial scene comes back).
enum FragilePlugin: ScenePlugin {
    static let name = "FixtureFragile"
    static let version = "0.0.1"

    /// Where `arm` writes and `viewDidLoad` reads: a path setting, so the sandbox lets the scene write it.
    static let settings: [SettingDeclaration] = [.path("bomb", help: "the file `arm` writes a depth to")]

    static func register(in registry: any SceneRegistry) throws {
        FragileFault.bombPath = registry.settings.path("bomb")
        try registry.register(
            SceneDefinition("FragileHome", viewController: FragileViewController.init, interactor: { _ in FragileInteractor() },
                            presenter: FragilePresenter.init, router: FragileRouter.init)
                .route(to: "Fragile", passing: FragileInput.self)
                .acceptingResult(FragileResult.self) { dataStore, result in dataStore?.receive(result) }
        )
        try registry.register(
            SceneDefinition("Fragile", viewController: FragileViewController.init, interactor: { _ in FragileInteractor() },
                            presenter: FragilePresenter.init, router: FragileRouter.init)
                .route(to: "Fragile", passing: FragileInput.self)
                .accepting(FragileInput.self) { dataStore, input in dataStore?.depth = input.depth }
                .acceptingResult(FragileResult.self) { dataStore, result in dataStore?.receive(result) }
                .returning(FragileResult.self, via: FragileRouter.passDataToPrevious)
        )
    }
}

struct FragileInput: Codable, Sendable {
    var depth: Int
}

struct FragileResult: Codable, Sendable {
    var word: String
}

/// The faults a tap can cause.
@MainActor
enum FragileFault {
    /// The `bomb` setting, set when the plugin registers.
    static var bombPath: String?

    static func strike(_ mode: String, depth: Int) throws {
        switch mode {
        case "arm":
            guard let path = bombPath, let file = fopen(path, "w") else { return }
            fputs("\(depth)\n", file)
            fclose(file)
        case "segv":
            if let address = UnsafeMutablePointer<Int>(bitPattern: 16) { address.pointee = 1 }
        case "trap":
            let values: [Int] = []
            _ = values[Int(getpid()) % 2 + 1]
        case "abort": abort()
        case "exit": exit(3)
        case "hang": while true { sleep(1) }
        case "memory":
            var blocks: [UnsafeMutableRawPointer] = []
            while true {
                guard let block = malloc(64 << 20) else { fatalError("out of memory after \(blocks.count * 64) MiB") }
                memset(block, 1, 64 << 20)
                blocks.append(block)
            }
        case "garbage":
            // The worker's channel to the host: 4 bytes of length that no frame has.
            var bytes: [UInt8] = [0xff, 0xff, 0xff, 0x7f, 1, 2, 3]
            _ = write(3, &bytes, bytes.count)
        case "forge":
            // A well-formed frame of the worker protocol, out of turn: a `ready` where a session's answer belongs.
            var bytes: [UInt8] = [2, 0, 0, 0, 0, 0]
            _ = write(3, &bytes, bytes.count)
        case "steps":
            // Restore steps forever, as if to keep moving the host's deadline.
            var bytes: [UInt8] = [3, 0, 0, 0, 0, 2, 0]
            while true {
                _ = write(3, &bytes, bytes.count)
                usleep(100_000)
            }
        case "fail": throw FragileError.failed
        default: return
        }
    }

    /// Crashes when the bomb file names `depth`.
    static func bomb(at depth: Int) {
        guard let path = bombPath, let file = fopen(path, "r") else { return }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 32)
        guard fgets(&line, 32, file) != nil else { return }
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if Int(text.filter(\.isNumber)) == depth, let address = UnsafeMutablePointer<Int>(bitPattern: 16) { address.pointee = 2 }
    }
}

enum FragileError: Error {
    case failed
}

@MainActor protocol FragileDataStore: AnyObject {
    var depth: Int { get set }
    var received: [String] { get }
    func receive(_ result: FragileResult)
}

final class FragileInteractor: SceneInteractor<FragilePresenter>, FragileDataStore {
    var depth = 0
    var mode = ""
    var received: [String] = []

    func receive(_ result: FragileResult) {
        if result.word == "crash", let address = UnsafeMutablePointer<Int>(bitPattern: 16) { address.pointee = 3 }
        received.append(result.word)
    }
}

final class FragilePresenter: ScenePresenter<FragileViewController> {}

final class FragileRouter: SceneRouter<FragileViewController, FragileInteractor> {
    func routeToDeeper(style: NavigationStyle) throws {
        try route(to: "Fragile", segue: nil, style: style, passing: FragileInput(depth: (dataStore?.depth ?? 0) + 1))
    }

    /// Asks for a route named by 100 KB of text (`longroute`): a message must not print it whole.
    func routeToLongName() throws {
        try route(to: String(repeating: "R", count: FragileRouter.longNameLength), segue: nil)
    }

    static let longNameLength = 102_400

    func passDataToPrevious() -> FragileResult? {
        guard let mode = dataStore?.mode, !mode.isEmpty else { return nil }
        return FragileResult(word: mode)
    }
}

final class FragileViewController: SceneViewController<FragileInteractor, FragileRouter> {
    override func viewDidLoad() {
        if let depth = interactor?.depth { FragileFault.bomb(at: depth) }
    }

    override func render() -> Screen {
        let depth = interactor?.depth ?? 0
        let received = interactor?.received ?? []
        return Screen(title: depth == 0 ? "FragileHome" : "Fragile \(depth)", elements: [
            .label(id: "depth", text: "depth \(depth)"),
            .label(id: "received", text: received.isEmpty ? "nothing back" : "got " + received.joined(separator: ",")),
            .textField(id: "mode", placeholder: "fault", text: interactor?.mode ?? ""),
            .button(id: "strike", title: "Strike"),
            .button(id: "deeper", title: "Deeper"),
            .button(id: "present", title: "Present"),
            .button(id: "done", title: "Done"),
        ])
    }

    override func handle(_ event: UserEvent) throws {
        switch event {
        case .edit(field: "mode", let text): interactor?.mode = text
        case .tap(button: "strike") where interactor?.mode == "longroute": try router?.routeToLongName()
        case .tap(button: "strike"): try FragileFault.strike(interactor?.mode ?? "", depth: interactor?.depth ?? 0)
        case .tap(button: "deeper"): try router?.routeToDeeper(style: .push)
        case .tap(button: "present"): try router?.routeToDeeper(style: .present)
        case .tap(button: "done"): try router?.routeBack()
        default: return
        }
    }
}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { FragilePlugin.exportDescriptor() }
