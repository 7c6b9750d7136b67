import OrdersKit
import SceneSDK

/// Makes the orders Worker the plugin's settings ask for, once per registration.
///
/// With `database = "FILE"` in `[plugins.ListOrdersScene.settings]` it is the SQLite Worker on
/// FILE (relative to the config's folder), opened when the first scene needs it; without it, the
/// in-memory Worker. A database that cannot be opened is a `PluginSettingError` on `database`.
@MainActor
final class ListOrdersWorkerFactory {
    static let databaseKey = "database"
    private let databasePath: String?
    private var worker: (any OrdersWorking)?

    init(settings: PluginSettings) {
        databasePath = settings.path(Self.databaseKey)
    }

    func make() throws -> any OrdersWorking {
        if let worker { return worker }
        let made: any OrdersWorking
        if let databasePath {
            do {
                made = try SQLiteOrdersWorker(path: databasePath)
            } catch let error as OrdersDatabaseError {
                throw PluginSettingError(key: Self.databaseKey, reason: "cannot open the orders database \(error)")
            }
        } else {
            made = InMemoryOrdersWorker()
        }
        worker = made
        return made
    }
}
