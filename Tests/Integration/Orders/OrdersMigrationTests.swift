import GRDB
import OrdersKit
import Testing
import TestSupport

/// A database written before the version column (issue 18) is migrated on open and keeps its rows;
/// a row that is not an order is an error, never a trap.
@MainActor
@Suite("Orders database migrations")
struct OrdersMigrationTests {
    /// The schema and migration records exactly as the first release wrote them, with one order added by hand.
    private func oldDatabase(in folder: TemporaryFolder) throws -> String {
        let path = folder.path("orders.sqlite")
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                    INSERT INTO grdb_migrations VALUES ('createOrders'), ('seedSampleOrders');
                    CREATE TABLE orders (
                        id INTEGER PRIMARY KEY,
                        customer TEXT NOT NULL CHECK (length(customer) > 0),
                        item TEXT NOT NULL CHECK (length(item) > 0),
                        quantity INTEGER NOT NULL CHECK (quantity > 0),
                        note TEXT
                    );
                    INSERT INTO orders VALUES (1, 'Ada', 'Tea', 2, NULL), (2, 'Grace', 'Cake', 7, 'kept'), (9, 'Alan', 'Scone', 1, NULL);
                    """)
        }
        try queue.close()
        return path
    }

    @Test(
        "a database from before the version column is migrated, keeps every row at version 1, and saves with the check")
    func migratesOldDatabase() throws {
        let folder = try TemporaryFolder()
        let path = try oldDatabase(in: folder)
        let worker = try SQLiteOrdersWorker(path: path)
        #expect(
            try worker.fetchOrders() == [
                Order(id: 1, customer: "Ada", item: "Tea", quantity: 2),
                Order(id: 2, customer: "Grace", item: "Cake", quantity: 7, note: "kept"),
                Order(id: 9, customer: "Alan", item: "Scone", quantity: 1),
            ])
        let saved = try worker.save(Order(id: 9, customer: "Alan", item: "Scones", quantity: 2))
        #expect(saved.version == 2)
        let conflict = try #require(throws: OrderConflictError.self) {
            try worker.save(Order(id: 9, customer: "Alan", item: "Bun", quantity: 1))
        }
        #expect(conflict.current == saved)
        let migrations = try DatabaseQueue(path: path).read { db in
            try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
        }
        #expect(migrations == ["addGiftWrapAndShipping", "addOrderVersion", "createOrders", "seedSampleOrders"])
    }

    @Test("a stored row that is not an order is an OrdersDatabaseError with a path-free summary")
    func badRow() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("orders.sqlite")
        let worker = try SQLiteOrdersWorker(path: path)
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "UPDATE orders SET quantity = 'lots' WHERE id = 3")
        }
        let error = try #require(throws: OrdersDatabaseError.self) { _ = try worker.fetchOrders() }
        #expect(error.path == path)
        #expect(error.summary == "a stored order could not be read")
        #expect(try worker.fetchOrder(id: 1)?.customer == "Ada")
    }
}
