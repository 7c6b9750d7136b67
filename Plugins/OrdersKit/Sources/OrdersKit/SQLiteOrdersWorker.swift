import Foundation
import GRDB

/// The orders Worker of a real app: orders in an SQLite database file, through GRDB.
///
/// Opening creates the file when it is missing, creates the table by a migration, seeds the
/// sample orders once (a second migration) and adds the version column (a third), so the first
/// run shows the same orders as the in-memory Worker, every later run shows what was saved, and
/// a database from before the version column keeps its rows. Several processes may open the same
/// file: a save is one `UPDATE ... WHERE id = ? AND version = ?`, so a save over an order someone
/// else saved meanwhile changes no row and throws `OrderConflictError`. A file that cannot be
/// opened or is not a database, and a row that is not an order, throw `OrdersDatabaseError` (never
/// a crash). A save is one transaction: when it fails, the database is unchanged.
@MainActor
public final class SQLiteOrdersWorker: OrdersWorking {
    private let database: DatabaseQueue
    /// The database file.
    public let path: String

    public init(path: String) throws {
        self.path = path
        // A database this start makes and cannot finish (a full disk, a size limit) is removed again:
        // a half-made file would be taken for a database at the next start.
        let isNew = !FileManager.default.fileExists(atPath: path)
        do {
            var configuration = Configuration()
            // Another process (a second `scene-host`, another scene worker) may hold the lock for a moment.
            configuration.busyMode = .timeout(2)
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            do {
                try OrdersMigrations.migrator.migrate(queue)
            } catch {
                try? queue.close()
                throw error
            }
            database = queue
        } catch let error as DatabaseError {
            if isNew { Self.removeUnfinished(path) }
            throw OrdersDatabaseError(path: path, error)
        } catch {
            if isNew { Self.removeUnfinished(path) }
            throw OrdersDatabaseError(path: path, reason: "\(error)", summary: "the database could not be opened")
        }
    }

    /// The file a failed first start made, and SQLite's companions of it.
    private static func removeUnfinished(_ path: String) {
        for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    public func fetchOrders() throws -> [Order] {
        try run {
            try database.read { db in
                try Row.fetchAll(db, sql: "SELECT id, customer, item, quantity, note, gift_wrap, shipping, version FROM orders ORDER BY id").map(Self.order)
            }
        }
    }

    /// Read on the database's own queue (GRDB's async read): the scene worker's main actor, where
    /// every session's scenes run, goes on meanwhile.
    public func loadOrders() async throws -> [Order] {
        let database = database
        return try await runAsync {
            try await database.read { db in
                try Row.fetchAll(db, sql: "SELECT id, customer, item, quantity, note, gift_wrap, shipping, version FROM orders ORDER BY id").map(Self.order)
            }
        }
    }

    public func loadOrder(id: Int) async throws -> Order? {
        let database = database
        return try await runAsync {
            try await database.read { db in try Self.fetchOrder(id: id, in: db) }
        }
    }

    public func fetchOrder(id: Int) throws -> Order? {
        try run {
            try database.read { db in try Self.fetchOrder(id: id, in: db) }
        }
    }

    @discardableResult
    public func save(_ order: Order) throws -> Order {
        // SQLite's text binding ends at a NUL: a text holding one is refused, never stored cut short.
        for (field, text) in [("customer", order.customer), ("item", order.item), ("note", order.note ?? "")] where text.utf8.contains(0) {
            throw OrdersDatabaseError(path: path, reason: "the order's \(field) holds a NUL character, which an SQLite text cannot keep: the order was not saved",
                                      summary: "the order's \(field) holds a character that cannot be saved")
        }
        return try run {
            try database.write { db in
                try db.execute(
                    sql: """
                        UPDATE orders SET customer = ?, item = ?, quantity = ?, note = ?, gift_wrap = ?, shipping = ?, version = version + 1
                        WHERE id = ? AND version = ?
                        """,
                    arguments: [order.customer, order.item, order.quantity, order.note, order.giftWrap, order.shipping.rawValue, order.id, order.version]
                )
                guard db.changesCount == 1 else {
                    throw OrderConflictError(id: order.id, current: try Self.fetchOrder(id: order.id, in: db))
                }
                var stored = order
                stored.version += 1
                return stored
            }
        }
    }

    private nonisolated static func fetchOrder(id: Int, in db: Database) throws -> Order? {
        try Row.fetchOne(db, sql: "SELECT id, customer, item, quantity, note, gift_wrap, shipping, version FROM orders WHERE id = ?", arguments: [id]).map(order)
    }

    /// A row as an order, with GRDB's throwing decoding: a value of another type is an error, not a trap.
    private nonisolated static func order(_ row: Row) throws -> Order {
        Order(id: try row.decode(Int.self, forColumn: "id"),
              customer: try row.decode(String.self, forColumn: "customer"),
              item: try row.decode(String.self, forColumn: "item"),
              quantity: try row.decode(Int.self, forColumn: "quantity"),
              note: try row.decode(String?.self, forColumn: "note"),
              giftWrap: try row.decode(Bool.self, forColumn: "gift_wrap"),
              shipping: try shipping(row.decode(String.self, forColumn: "shipping")),
              version: try row.decode(Int.self, forColumn: "version"))
    }

    /// A stored shipping value; the table's CHECK allows only the three, so another is a damaged row.
    private nonisolated static func shipping(_ text: String) throws -> Shipping {
        guard let shipping = Shipping(rawValue: text) else {
            throw OrdersDatabaseError(path: "", reason: "a row holds the shipping '\(text)', which is none of standard, express, nextDay",
                                      summary: "a stored order could not be read")
        }
        return shipping
    }

    private func runAsync<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as DatabaseError {
            throw OrdersDatabaseError(path: path, error)
        } catch let error as RowDecodingError {
            throw OrdersDatabaseError(path: path, reason: "a row of the orders table is not an order: \(error)", summary: "a stored order could not be read")
        }
    }

    private func run<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw OrdersDatabaseError(path: path, error)
        } catch let error as RowDecodingError {
            throw OrdersDatabaseError(path: path, reason: "a row of the orders table is not an order: \(error)", summary: "a stored order could not be read")
        }
    }
}
