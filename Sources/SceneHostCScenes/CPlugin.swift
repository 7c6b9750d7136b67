#if canImport(Glibc)
import Glibc
#endif
@_spi(SceneHost) import SceneSDK
import CSceneHost
import SceneHostCInterface

/// A C plugin (`scene_host.h`): its handshake read, its scenes declared and bound, registered as
/// scenes like any other.
@MainActor
package struct CPlugin {
    /// The data symbol of the handshake.
    package static let symbol = "scene_host_plugin"

    /// What a C plugin is built with, where a Swift plugin's record names its compiler.
    package static let languageVersion = "C interface \(SCENE_HOST_C_INTERFACE_VERSION)"

    /// The plugin's own name and version (`scene_host_plugin.name`, `.version`).
    package let name: String
    package let version: String
    /// Its scenes, in declared order.
    package let scenes: [String]

    /// Reads the handshake at `descriptor` (the address of `scene_host_plugin` in the library
    /// `handle`), calls its `register_scenes`, checks and binds every declared role against the
    /// library's exported functions `exported`, and registers each scene into `registry`.
    /// `plugin` names the plugin in what its scenes' errors say. Throws `CPluginProblem`, or the
    /// registry's error; nothing is registered then.
    package static func register(
        descriptor: UnsafeRawPointer, handle: UnsafeMutableRawPointer, exported: Set<String>, plugin: String,
        into registry: any SceneRegistry
    ) throws -> CPlugin {
        // Magic and version first: a plugin of another version may have another layout after them.
        let magic = descriptor.loadUnaligned(as: UInt32.self)
        guard magic == SCENE_HOST_C_MAGIC else { throw CPluginProblem.badMagic(found: magic) }
        let version = descriptor.loadUnaligned(fromByteOffset: 4, as: UInt32.self)
        guard version == SCENE_HOST_C_INTERFACE_VERSION else {
            throw CPluginProblem.interfaceVersion(found: version, host: SCENE_HOST_C_INTERFACE_VERSION)
        }
        let handshake = descriptor.assumingMemoryBound(to: scene_host_plugin_descriptor.self).pointee
        let name = try handshakeText(handshake.name, "name")
        let pluginVersion = try handshakeText(handshake.version, "version")
        guard let registerScenes = handshake.register_scenes else { throw CPluginProblem.noRegisterFunction }

        let registration = CRegistration()
        let call = CCall(plugin: plugin, scene: nil, role: "register_scenes", registration: registration)
        let status: Int32
        do {
            status = try call.run {
                registerScenes(
                    UnsafePointer(CHostAPI.table), OpaquePointer(Unmanaged.passUnretained(registration).toOpaque()))
            }
        } catch let problem as CPluginProblem {
            throw problem
        }
        guard status == SCENE_HOST_OK else {
            throw CPluginProblem.registrationRefused(status: status)
        }
        guard !registration.scenes.isEmpty else { throw CPluginProblem.noScene }

        var runtimes: [CSceneRuntime] = []
        for scene in registration.scenes {
            let roles = try CRoleBinding.bind(scene, plugin: plugin, handle: handle, exported: exported)
            runtimes.append(CSceneRuntime(plugin: plugin, declared: scene, roles: roles))
        }
        for runtime in runtimes { try registry.register(definition(of: runtime)) }
        return CPlugin(name: name, version: pluginVersion, scenes: registration.scenes.map(\.name))
    }

    private static func handshakeText(
        _ pointer: UnsafePointer<CChar>?, _ field: String
    ) throws(CPluginProblem) -> String {
        do { return try CText.read(pointer) } catch { throw .badHandshakeText(field: field, problem: error.clause) }
    }

    /// The scene as a `SceneDefinition` of the four C parts, with its declared contracts and routes.
    static func definition(
        of runtime: CSceneRuntime
    ) -> SceneDefinition<CSceneViewController, CSceneInteractor, CScenePresenter, CSceneRouter> {
        var definition = SceneDefinition(
            runtime.name,
            viewController: { CSceneViewController(runtime: runtime) },
            interactor: { _ in try CSceneInteractor(runtime: runtime) },
            presenter: { CScenePresenter() },
            router: { CSceneRouter() })
        let declared = runtime.declared
        if let input = declared.input {
            definition = definition.accepting(contract: input) { router, value in try runtime.acceptInput(router, value)
            }
        }
        if let result = declared.acceptedResult {
            definition = definition.acceptingResult(contract: result) { router, value in
                try runtime.acceptResult(router, value)
            }
        }
        if let result = declared.returnedResult {
            definition = definition.returning(contract: result) { router in try runtime.produceResult(router) }
        }
        for route in declared.routes {
            let destination = route.destination
            var handler: (@MainActor (CSceneRouter) -> (Segue?) throws -> Void)?
            if runtime.has(CRole.routeHandler(toward: destination).name) {
                handler = { router in { segue in try runtime.handleSegue(router, toward: destination, segue: segue) } }
            }
            definition = definition.route(to: destination, payload: route.payload, style: route.style, handler: handler)
        }
        return definition
    }
}
