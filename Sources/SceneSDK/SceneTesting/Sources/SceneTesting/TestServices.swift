import SceneSDK

/// The container of a `SceneTestKit`: the services the test registers, then the plugin's own.
///
/// As in the host, a plugin's default Worker never replaces one the test registered, whatever
/// the order of registration.
@MainActor
final class TestServices: ServiceResolving {
    private struct Entry {
        let name: String
        let factory: @MainActor (any ServiceResolving) throws -> Any
    }

    private var fromTest: [ObjectIdentifier: Entry] = [:]
    private var fromPlugins: [ObjectIdentifier: Entry] = [:]

    /// A service the test registers: it wins over the plugin's.
    func registerFromTest(_ type: Any.Type, factory: @escaping @MainActor (any ServiceResolving) throws -> Any) {
        fromTest[ObjectIdentifier(type)] = Entry(name: String(describing: type), factory: factory)
    }

    /// A service a plugin registers while it is loaded.
    func registerFromPlugin(_ type: Any.Type, factory: @escaping @MainActor (any ServiceResolving) throws -> Any) {
        fromPlugins[ObjectIdentifier(type)] = Entry(name: String(describing: type), factory: factory)
    }

    func resolve<Service>(_ type: Service.Type) throws -> Service {
        let key = ObjectIdentifier(type)
        guard let entry = fromTest[key] ?? fromPlugins[key], let instance = try entry.factory(self) as? Service else {
            throw SceneError.serviceNotRegistered(service: String(describing: type), registered: registeredNames)
        }
        return instance
    }

    private var registeredNames: [String] {
        Set(fromTest.values.map(\.name) + fromPlugins.values.map(\.name)).sorted()
    }
}
