import SceneSDK

/// A Swift scene plugin that also declares native functions: `@_cdecl` functions here, the
/// table (`scene_native_functions`) from the C target linked into the same library.
enum NativeSwiftPlugin: ScenePlugin {
    static let name = "NativeSwift"
    static let version = "1.0.0"

    static func register(in registry: any SceneRegistry) throws {
        try registry.register(
            SceneDefinition("NativeSwiftScene", viewController: NativeSwiftViewController.init, interactor: { services in
                                // Wrong on purpose: NativePricing declares double(int64, double, double).
                                _ = try services.nativeFunction("Pricing.order_total", as: ((Int32, Double, Double) -> Double).self)
                                return NativeSwiftInteractor()
                            },
                            presenter: ScenePresenter<NativeSwiftViewController>.init, router: NativeSwiftRouter.init)
        )
    }
}

final class NativeSwiftViewController: SceneViewController<NativeSwiftInteractor, NativeSwiftRouter> {
    override func render() -> Screen {
        Screen(title: "Native Swift", elements: [.label(id: "about", text: "a scene next to native functions")])
    }
}

final class NativeSwiftInteractor: SceneInteractor<ScenePresenter<NativeSwiftViewController>> {}

final class NativeSwiftRouter: SceneRouter<NativeSwiftViewController, NativeSwiftInteractor> {}

/// Declared in the table as `int64(int64, int64)`.
@_cdecl("swift_multiply")
public func swiftMultiply(_ a: Int64, _ b: Int64) -> Int64 { a &* b }

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { NativeSwiftPlugin.exportDescriptor() }
