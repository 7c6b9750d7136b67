#if canImport(Glibc)
import Glibc
#endif
import Testing
@_spi(SceneHost) @testable import SceneHost
@_spi(SceneHost) import SceneSDK

/// Proves there is one copy of the SDK in the process: the plugins' SDK symbols resolve into
/// libSceneSDK.so, their types conform to the host's SDK protocols, and they register into the
/// host's container. With a second copy each of these fails.
@MainActor
@Suite("One SDK copy")
struct OneSDKCopyTests {
    /// SDK symbols a plugin uses: metadata accessors of `Screen`, `Segue`, and the registration function.
    static let sdkSymbols = ["$s8SceneSDK6ScreenVMa", "$s8SceneSDK5SegueCMa", "$s8SceneSDK22sceneSDKRegisterPluginys5Int32VSPySo0C18_plugin_descriptorVGSg_SvSgtF"]

    private func address(of symbol: String, through library: String) throws -> UnsafeMutableRawPointer {
        let handle = try #require(dlopen(library, RTLD_NOW | RTLD_NOLOAD), "\(library) is not loaded")
        return try #require(dlsym(handle, symbol), "\(symbol) not found through \(library)")
    }

    @Test("SDK symbols seen through each plugin are libSceneSDK.so's own", arguments: ["HomeScene", "DetailScene"])
    func symbolsResolveIntoSharedSDK(plugin: String) throws {
        _ = try DemoApp.navigator()
        for symbol in Self.sdkSymbols {
            let throughPlugin = try address(of: symbol, through: BuildProducts.library(plugin))
            let inSDK = try address(of: symbol, through: BuildProducts.library("SceneSDK"))
            #expect(throughPlugin == inSDK, "\(symbol) resolves into a copy inside \(plugin)")
        }
    }

    @Test("objects made in a plugin cast to the SDK protocols in the host")
    func partsCastToHostProtocols() throws {
        let navigator = try DemoApp.navigator()
        let parts = try #require(navigator.top?.parts)
        #expect(parts.viewController is any SceneDisplaying)
        #expect(parts.viewController is any ViewControllerRole)
        #expect(parts.interactor is any InteractorRole)
        #expect(parts.presenter is any PresenterRole)
        #expect(parts.router is any RouterRole)
    }

    @Test("the plugin type in a descriptor is a ScenePlugin of the host's SDK")
    func pluginTypeCasts() throws {
        _ = try DemoApp.navigator()
        let handle = try #require(dlopen(BuildProducts.library("HomeScene"), RTLD_NOW | RTLD_NOLOAD))
        let symbol = try #require(dlsym(handle, "scene_plugin_entry"))
        let entry = unsafeBitCast(symbol, to: (@convention(c) () -> UnsafeRawPointer?).self)
        let descriptor = try #require(entry()).assumingMemoryBound(to: scene_plugin_descriptor.self).pointee
        let type = unsafeBitCast(try #require(descriptor.plugin_type), to: Any.Type.self)
        let plugin = try #require(type as? any ScenePlugin.Type)
        #expect(plugin.name == "HomeScene")
    }

    @Test("a Screen rendered by a plugin is the host's Screen type")
    func screenIsHostType() throws {
        let navigator = try DemoApp.navigator()
        let rendered: Any = try #require(navigator.top).display.render()
        #expect(type(of: rendered) == Screen.self)
        #expect((rendered as? Screen)?.title == "Home")
    }

    @Test("both plugins register into the host's one container")
    func oneRegistry() throws {
        let navigator = try DemoApp.navigator()
        let context = try #require(navigator.top?.context)
        try navigator.navigate(from: context, to: "Detail", style: .push, payload: ScenePayload(["message": "x"]))
        #expect(navigator.path == "Home › Detail")
    }
}
