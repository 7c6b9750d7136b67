import OrdersKit
import SceneSDK

/// The orders Worker EditOrder uses: the one every orders scene of the process shares
/// (`OrdersWorkerSource`, docs/decisions.md, "Orders example as a multi-user app").
///
/// With `database = "FILE"` in `[plugins.EditOrderScene.settings]` it is the SQLite Worker on FILE
/// (relative to the config's folder), opened when the first orders scene needs it; without it,
/// the in-memory Worker. Every orders plugin must name the same database. A database that cannot
/// be opened, or another orders plugin naming a different one, is a `PluginSettingError` on `database`.
@MainActor
struct EditOrderWorkerFactory {
    private let own: OrdersWorkerSource

    /// Registers this plugin's source and the Worker it makes; the first orders plugin to load wins.
    init(registry: any SceneRegistry) {
        let own = OrdersWorkerSource(databasePath: registry.settings.path(OrdersWorkerSource.databaseKey), plugin: EditOrderPlugin.name)
        registry.register(OrdersWorkerSource.self) { _ in own }
        registry.register((any OrdersWorking).self) { services in try services.resolve(OrdersWorkerSource.self).makeWorker() }
        self.own = own
    }

    /// The shared Worker, for the interactor's factory.
    func worker(from services: any ServiceResolving) throws -> any OrdersWorking {
        if let reason = try services.resolve(OrdersWorkerSource.self).disagreement(with: own) {
            throw PluginSettingError(key: OrdersWorkerSource.databaseKey, reason: reason)
        }
        do {
            return try services.resolve((any OrdersWorking).self)
        } catch let error as OrdersDatabaseError {
            throw PluginSettingError(key: OrdersWorkerSource.databaseKey, reason: "cannot open the orders database \(error)")
        }
    }
}
