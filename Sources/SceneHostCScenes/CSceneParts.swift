import SceneSDK
import SceneHostCore
import SceneHostNative
import SceneHostCInterface

/// The Interactor of a C scene: owns the scene's state, made by `<Scene>Interactor_create` and freed
/// by `<Scene>Interactor_destroy` when the scene is gone. Its address is the `scene_host_scene *`
/// the plugin's code routes with; it is also the scene's DataStore.
@MainActor
final class CSceneInteractor: SceneInteractor<any CScenePresentationLogic> {
    let runtime: CSceneRuntime
    /// What `Interactor_create` returned, passed to every other role.
    private(set) var store: UInt = 0

    init(runtime: CSceneRuntime) throws {
        self.runtime = runtime
        super.init()
        let role = "Interactor_create"
        let made = try runtime.call(role, [.pointer(CSceneRuntime.address(of: self))], interactor: self)
        guard case .pointer(let address) = made, address != 0 else {
            throw CSceneError.createReturnedNull(
                plugin: runtime.plugin, scene: runtime.name, role: runtime.symbol(role))
        }
        store = address
    }

    /// The router wired to this interactor, through the scene's own references: presenter, then its
    /// ViewController (weak), then its router. Nil before the scene is wired and after it is gone.
    var router: CSceneRouter? { presenter?.displayed?.router }

    // The state is the plugin's: freed on the main actor, where every role runs. Its destroy runs
    // in no call a host function would act on (`CCall`), so it cannot route or fail; what it does
    // wrong is its own memory's business.
    isolated deinit {
        guard store != 0 else { return }
        _ = try? runtime.call("Interactor_destroy", [.pointer(store)], interactor: nil)
    }
}

/// What a C scene's presenter shows on: its ViewController, which knows the scene's router.
///
/// The parts reach each other through these protocols, as a Swift scene's do (`any
/// HomeDisplayLogic`): with the classes themselves as each other's generic arguments their
/// superclasses would refer to each other in a cycle.
@MainActor
protocol CSceneDisplayLogic: AnyObject {
    var router: CSceneRouter? { get }
}

/// What a C scene's interactor presents through: its presenter, which knows the ViewController.
@MainActor
protocol CScenePresentationLogic: AnyObject {
    var displayed: (any CSceneDisplayLogic)? { get }
}

/// The Presenter of a C scene: the scene's presentation logic is the plugin's C code, so this only
/// closes the VIP cycle the host wires (interactor → presenter → ViewController).
@MainActor
final class CScenePresenter: ScenePresenter<any CSceneDisplayLogic>, CScenePresentationLogic {
    var displayed: (any CSceneDisplayLogic)? { viewController }
}

/// The Router of a C scene; its DataStore is the scene's interactor.
@MainActor
final class CSceneRouter: SceneRouter<any CSceneDisplayLogic, CSceneInteractor> {}

/// The ViewController of a C scene: calls its ViewController roles and shows what they draw.
///
/// A lifecycle role or a render that fails cannot throw (`SceneDisplaying`): its message is shown
/// as an alert at the top of the next screen, so the user sees it, and the screen is what the scene
/// drew before the failing call, or the message alone when the render itself failed.
@MainActor
final class CSceneViewController: SceneViewController<CSceneInteractor, CSceneRouter>, CSceneDisplayLogic {
    /// The id of the alert that shows a C scene's failure.
    static let problemID = "scene-host-error"

    let runtime: CSceneRuntime
    private var problem: String?

    init(runtime: CSceneRuntime) {
        self.runtime = runtime
        super.init()
    }

    override func viewDidLoad() {
        lifecycle("ViewController_viewDidLoad")
    }

    override func viewWillAppear() {
        lifecycle("ViewController_viewWillAppear")
    }

    private func lifecycle(_ role: String) {
        guard let interactor else { return }
        do {
            _ = try runtime.call(role, [.pointer(interactor.store)], interactor: interactor)
        } catch {
            problem = Self.text(of: error)
        }
    }

    override func render() -> Screen {
        var screen: Screen
        if let interactor {
            let builder = CScreenBuilder(title: runtime.name)
            do {
                _ = try runtime.call(
                    "ViewController_render",
                    [.pointer(interactor.store), .pointer(CSceneRuntime.address(of: builder))],
                    interactor: interactor, screen: builder)
                screen = builder.screen()
            } catch {
                screen = Screen(title: runtime.name, elements: [.alert(id: Self.problemID, text: Self.text(of: error))])
            }
        } else {
            screen = Screen(title: runtime.name)
        }
        if let problem {
            screen.elements.insert(.alert(id: Self.problemID, text: problem), at: 0)
            self.problem = nil
        }
        return screen
    }

    override func handle(_ event: UserEvent) throws {
        guard let interactor else { return }
        let store = NativeValue.pointer(interactor.store)
        let arguments: [NativeValue]
        switch event {
        case .edit(let field, let text): arguments = [store, .string(field), .string(text)]
        case .tap(let button): arguments = [store, .string(button)]
        case .select(let list, let row): arguments = [store, .string(list), .int(Int64(row))]
        case .set(let toggle, let isOn): arguments = [store, .string(toggle), .bool(isOn)]
        case .choose(let choice, let option): arguments = [store, .string(choice), .int(Int64(option))]
        }
        let role = UserEvent.cRole(for: event).name
        guard runtime.has(role) else {
            throw CSceneError.noHandler(
                plugin: runtime.plugin, scene: runtime.name, role: runtime.symbol(role), event: Self.kind(of: event))
        }
        _ = try runtime.call(role, arguments, interactor: interactor)
    }

    /// The event's kind, as messages name it.
    private static func kind(of event: UserEvent) -> String {
        switch event {
        case .edit: return "edits"
        case .tap: return "taps"
        case .select: return "selections of a row"
        case .set: return "switched toggles"
        case .choose: return "chosen options"
        }
    }

    private static func text(of error: any Error) -> String {
        if let error = error as? CSceneError { return TerminalText.escaped(error.text) }
        return ErrorMessage.body(error)
    }
}
