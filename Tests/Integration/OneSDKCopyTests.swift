#if canImport(Glibc)
import Glibc
#endif
import Testing
import SceneABI
@_spi(SceneHost) import SceneSDK
import HostTestSupport
import TestSupport
import SceneHostNavigation

/// Proves there is one copy of the SDK in the process: the plugins' SDK symbols resolve into
/// libSceneSDK.so, their types conform to the host's SDK protocols, and they register into the
/// host's container. With a second copy each of these fails.
@MainActor
@Suite("One SDK copy")
struct OneSDKCopyTests {
    /// SDK symbols a plugin uses: metadata accessors of `Screen`, `Segue`, and the function its
    /// `exportDescriptor()` calls (`makePluginDescriptor`).
    static let sdkSymbols = [
        "$s8SceneSDK6ScreenVMa", "$s8SceneSDK5SegueCMa",
        "$s8SceneSDK20makePluginDescriptor_10abiVersion03sdkG005swiftG00H11FingerprintSVAA0aD0_pXp_s6UInt32VAI5major_AI5minorAI5patchtS2StF",
    ]

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
        let parts = try #require(navigator.top)
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

    /// `exportDescriptor()` passes numbers the SDK writes again in Swift (`CompiledSDK`, inlined into
    /// the plugin): they must be the header's, or every plugin would be refused.
    @Test(
        "a plugin's descriptor carries the header's ABI and SDK version, this SDK build's fingerprint and the compiler")
    func descriptorFromThePluginsBuild() throws {
        _ = try DemoApp.navigator()
        let handle = try #require(dlopen(BuildProducts.library("HomeScene"), RTLD_NOW | RTLD_NOLOAD))
        let symbol = try #require(dlsym(handle, "scene_plugin_entry"))
        let entry = unsafeBitCast(symbol, to: (@convention(c) () -> UnsafeRawPointer?).self)
        let descriptor = try #require(entry()).assumingMemoryBound(to: scene_plugin_descriptor.self).pointee
        #expect(descriptor.magic == SCENE_PLUGIN_MAGIC)
        #expect(descriptor.abi_version == SCENE_PLUGIN_ABI_VERSION)
        #expect(
            [descriptor.sdk_version_major, descriptor.sdk_version_minor, descriptor.sdk_version_patch]
                == [SCENE_SDK_VERSION_MAJOR, SCENE_SDK_VERSION_MINOR, SCENE_SDK_VERSION_PATCH])
        #expect(descriptor.sdk_fingerprint.map { String(cString: $0) } == SceneSDKInfo.fingerprint)
        #expect(descriptor.swift_version.map { String(cString: $0) } == swiftCompilerVersion())
        #expect(descriptor.plugin_name.map { String(cString: $0) } == "HomeScene")
        #expect(descriptor.register_plugin != nil)
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
