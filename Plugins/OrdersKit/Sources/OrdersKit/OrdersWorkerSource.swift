/// The one orders Worker of a process's container, shared by the three orders plugins.
///
/// Each orders plugin reads the same `database` setting and registers a source in the container;
/// the first one registered is the one every orders scene uses (a container keeps the first
/// registration of a service type), so all scenes of a process share one Worker — one SQLite
/// connection, or one in-memory store — whichever plugin happens to load first. A plugin whose
/// setting names another database than the shared source is refused (`disagreement`), so a
/// config cannot make two scenes of one app read different stores.
///
/// The store is the process's: without a database, each scene worker keeps its own orders in
/// memory, and `serve` runs several workers, so users on different workers would see different
/// orders. The plugins declare it (`ScenePlugin.inMemoryState`, unless `database` is set), so
/// `check` reports it and `serve` warns; examples/orders.conf names a database.
@MainActor
public final class OrdersWorkerSource {
    /// The setting's key in each orders plugin's `[plugins.NAME.settings]`.
    nonisolated public static let databaseKey = "database"
    /// The one-line help of the setting, as each orders plugin declares it (a path, so the host
    /// checks the file's owner and permissions before the plugin opens it).
    nonisolated public static let databaseHelp = "the SQLite file of the orders, shared by every scene worker, made on first use; without it each scene worker keeps its own orders in memory until it ends"

    /// The database file (resolved against the config's folder); nil: orders in memory.
    public let databasePath: String?
    /// The plugin whose settings this source was made from, for messages.
    public let plugin: String
    private var worker: (any OrdersWorking)?

    public init(databasePath: String?, plugin: String) {
        self.databasePath = databasePath
        self.plugin = plugin
    }

    /// The Worker, made on the first call (the database is opened then, never while registering).
    /// Throws `OrdersDatabaseError` when the database cannot be opened.
    public func makeWorker() throws -> any OrdersWorking {
        if let worker { return worker }
        let made: any OrdersWorking = try databasePath.map { try SQLiteOrdersWorker(path: $0) } ?? InMemoryOrdersWorker()
        worker = made
        return made
    }

    /// Why `other` (another plugin's settings) cannot use this source; nil when both name the same store.
    public func disagreement(with other: OrdersWorkerSource) -> String? {
        guard other.databasePath != databasePath else { return nil }
        func store(_ path: String?) -> String { path.map { "the orders database \($0)" } ?? "no database (orders in memory)" }
        return "names \(store(other.databasePath)), but plugin '\(plugin)' names \(store(databasePath)); every orders plugin must name the same database"
    }
}
