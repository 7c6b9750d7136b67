import SceneSDK
#if canImport(Glibc)
import Glibc
#endif

/// A plugin whose answers can be made larger than a worker's channel takes (64 MiB), on demand
/// only, so its probe stays small (issue 46): OversizedHome renders as many bytes as its field
/// `size` is filled with (the button `apply` does nothing: a web form's post needs an action); OversizedItem (link `big/{bytes}`) renders as many as its link asks;
/// the native function `oversized_text(int64)` returns a string of that many bytes. Each is
/// capped at 256 MiB.
enum OversizedPlugin: ScenePlugin {
    static let name = "FixtureOversized"
    static let version = "0.0.1"

    static func register(in registry: any SceneRegistry) throws {
        try registry.register(
            SceneDefinition("OversizedHome", viewController: OversizedViewController.init, interactor: { _ in OversizedInteractor() },
                            presenter: ScenePresenter<OversizedViewController>.init, router: OversizedRouter.init)
                .route(to: "OversizedItem", passing: SizeInput.self)
        )
        try registry.register(
            SceneDefinition("OversizedItem", viewController: OversizedViewController.init, interactor: { _ in OversizedInteractor() },
                            presenter: ScenePresenter<OversizedViewController>.init, router: OversizedRouter.init)
                .accepting(SizeInput.self) { dataStore, input in dataStore?.bytes = input.bytes }
                .link("big/{bytes}", parameters: SizeLink.self) { link in SizeInput(bytes: link.bytes) }
        )
    }
}

struct SizeInput: Codable { var bytes: Int }
struct SizeLink: Decodable { let bytes: Int }

final class OversizedViewController: SceneViewController<OversizedInteractor, OversizedRouter> {
    override func render() -> Screen {
        Screen(title: "Oversized", elements: [.textField(id: "size", placeholder: "bytes", text: interactor?.size ?? ""),
                                              .label(id: "text", text: interactor?.text ?? ""), .button(id: "apply", title: "Apply")])
    }

    override func handle(_ event: UserEvent) throws {
        guard case .edit("size", let text) = event else { return }
        interactor?.size = text
        interactor?.bytes = Int(text) ?? 0
    }
}

final class OversizedInteractor: SceneInteractor<ScenePresenter<OversizedViewController>> {
    var size = ""
    /// The label's text: made once per size (renders come often), without a loop per byte.
    private(set) var text = ""
    var bytes = 0 {
        didSet {
            let count = min(max(0, bytes), 256 << 20)
            text = String(unsafeUninitializedCapacity: count) { buffer in
                buffer.initialize(repeating: 0x78)
                return count
            }
        }
    }
}

final class OversizedRouter: SceneRouter<OversizedViewController, OversizedInteractor> {}

/// Declared in the table as `string(int64)`: a string of `bytes` bytes (capped), never freed.
@_cdecl("oversized_text")
public func oversizedText(_ bytes: Int64) -> UnsafeMutablePointer<CChar>? {
    let count = Int(min(max(0, bytes), 256 << 20))
    guard let text = malloc(count + 1)?.assumingMemoryBound(to: CChar.self) else { return nil }
    memset(text, 0x78, count)
    text[count] = 0
    return text
}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { OversizedPlugin.exportDescriptor() }
