/// The container, as factories see it: resolve a Worker or shared service by type.
///
/// Implemented by the host. An app or a test registers its own factory for the same type to
/// swap a Worker without touching the scene.
@MainActor
public protocol ServiceResolving: AnyObject {
    /// The registered instance of `type`; throws `SceneError.serviceNotRegistered` naming what is registered.
    func resolve<Service>(_ type: Service.Type) throws -> Service
    /// The native function `name` checked against `returns(parameters...)` (signature words);
    /// nil when none is loaded. Use the typed `nativeFunction(_:as:)` (ServiceResolving+Native.swift).
    func nativeFunction(named name: String, returns: String, parameters: [String]) throws -> NativeCall?
}
