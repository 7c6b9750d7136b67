import SceneSDK

/// The container of a `SceneTestKit`: the services the test registers, then the host's own (the
/// clock, pinned), then the plugin's.
///
/// As in the host, a plugin's default Worker never replaces one the test registered, whatever
/// the order of registration, nor the host's own services.
@MainActor
final class TestServices: ServiceResolving {
    private struct Entry {
        let name: String
        let factory: @MainActor (any ServiceResolving) throws -> Any
    }

    private var fromTest: [ObjectIdentifier: Entry] = [:]
    private var fromPlugins: [ObjectIdentifier: Entry] = [:]
    /// What the host registers in every container: the wall clock, here pinned at `SceneClock.testStart`.
    private let fromHost: [ObjectIdentifier: Entry] = [
        ObjectIdentifier(SceneClock.self): Entry(
            name: "SceneClock", factory: { _ in SceneClock.pinned(atMillisecondsSince1970: SceneClock.testStart) })
    ]

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
        guard let entry = fromTest[key] ?? fromHost[key] ?? fromPlugins[key], let instance = try entry.factory(self) as? Service else {
            throw SceneError.serviceNotRegistered(service: String(describing: type), registered: registeredNames)
        }
        return instance
    }

    private var registeredNames: [String] {
        Set(fromTest.values.map(\.name) + fromHost.values.map(\.name) + fromPlugins.values.map(\.name)).sorted()
    }
}
