import GRDB

/// The orders Worker of a real app: orders in an SQLite database file, through GRDB.
///
/// Opening creates the file when it is missing, creates the table by a migration and seeds
/// the sample orders once (a second migration), so the first run shows the same orders as the
/// in-memory Worker and every later run shows what was saved. A file that cannot be opened or
/// is not a database throws `OrdersDatabaseError` (never a crash). A save is one transaction:
/// when it fails, the database is unchanged.
@MainActor
public final class SQLiteOrdersWorker: OrdersWorking {
    private let database: DatabaseQueue
    /// The database file.
    public let path: String

    public init(path: String) throws {
        self.path = path
        do {
            var configuration = Configuration()
            // Another process (a second `scene-host`) may hold the lock for a moment.
            configuration.busyMode = .timeout(2)
            database = try DatabaseQueue(path: path, configuration: configuration)
            try Self.migrator.migrate(database)
        } catch let error as DatabaseError {
            throw OrdersDatabaseError(path: path, reason: Self.describe(error))
        } catch {
            throw OrdersDatabaseError(path: path, reason: "\(error)")
        }
    }

    public func fetchOrders() throws -> [Order] {
        try run {
            try database.read { db in
                try Row.fetchAll(db, sql: "SELECT id, customer, item, quantity, note FROM orders ORDER BY id").map { row in
                    Order(id: row["id"], customer: row["customer"], item: row["item"], quantity: row["quantity"], note: row["note"])
                }
            }
        }
    }

    public func save(_ order: Order) throws {
        try run {
            try database.write { db in
                try Self.upsert(order, in: db)
            }
        }
    }

    /// The schema's history: never edit a migration that shipped, add one.
    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("createOrders") { db in
            try db.execute(sql: """
                CREATE TABLE orders (
                    id INTEGER PRIMARY KEY,
                    customer TEXT NOT NULL CHECK (length(customer) > 0),
                    item TEXT NOT NULL CHECK (length(item) > 0),
                    quantity INTEGER NOT NULL CHECK (quantity > 0),
                    note TEXT
                )
                """)
        }
        let samples = InMemoryOrdersWorker.sampleOrders
        migrator.registerMigration("seedSampleOrders") { db in
            for order in samples { try upsert(order, in: db) }
        }
        return migrator
    }

    private nonisolated static func upsert(_ order: Order, in db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO orders (id, customer, item, quantity, note) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET customer = excluded.customer, item = excluded.item,
                    quantity = excluded.quantity, note = excluded.note
                """,
            arguments: [order.id, order.customer, order.item, order.quantity, order.note]
        )
    }

    private func run<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw OrdersDatabaseError(path: path, reason: Self.describe(error))
        }
    }

    private nonisolated static func describe(_ error: DatabaseError) -> String {
        let message = error.message ?? "SQLite error \(error.resultCode.rawValue)"
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            return "the file is not a database (corrupt, or another kind of file); move it away and a new one is made at the next start"
        case .SQLITE_CANTOPEN:
            return "\(message): check that its folder exists and that you may write there"
        case .SQLITE_CONSTRAINT:
            return "\(message): the order was not saved"
        default:
            return message
        }
    }
}

/// The orders database could not be opened, read or written.
public struct OrdersDatabaseError: Error, Equatable, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
