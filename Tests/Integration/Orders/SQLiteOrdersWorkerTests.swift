import Foundation
import OrdersKit
import Testing
import TestSupport

/// The SQLite orders Worker: created by a migration and seeded once, persisted, refusing bad files.
@MainActor
@Suite("SQLite orders Worker")
struct SQLiteOrdersWorkerTests {
    @Test("a new file gets the table and the sample orders; a second open keeps what was saved")
    func seedAndPersist() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("orders.sqlite")
        let first = try SQLiteOrdersWorker(path: path)
        #expect(try first.fetchOrders() == InMemoryOrdersWorker.sampleOrders)
        let saved = try first.save(Order(id: 2, customer: "Grace", item: "Cake", quantity: 5, note: "extra cream"))
        #expect(saved == Order(id: 2, customer: "Grace", item: "Cake", quantity: 5, note: "extra cream", version: 2))
        let second = try SQLiteOrdersWorker(path: path)
        #expect(try second.fetchOrders().map(\.id) == [1, 2, 3])
        #expect(try second.fetchOrder(id: 2) == saved)
        #expect(try second.fetchOrder(id: 9) == nil)
    }

    @Test(
        "texts come back exactly (a direction override, emoji, Hebrew); a NUL, which SQLite text would cut, is refused and nothing is saved"
    )
    func textsKeptExactly() throws {
        let folder = try TemporaryFolder()
        let worker = try SQLiteOrdersWorker(path: folder.path("orders.sqlite"))
        let note = "\u{202E}5.00$ 😀 שלום\ttab"
        let saved = try worker.save(
            Order(id: 3, customer: "Linus", item: "Coffee", quantity: 1, note: note, version: 1))
        #expect(try SQLiteOrdersWorker(path: folder.path("orders.sqlite")).fetchOrder(id: 3) == saved)
        let refused = try #require(throws: OrdersDatabaseError.self) {
            try worker.save(
                Order(id: 3, customer: "Li\u{0}nus", item: "Coffee", quantity: 1, note: "", version: saved.version))
        }
        #expect(
            refused.reason
                == "the order's customer holds a NUL character, which an SQLite text cannot keep: the order was not saved"
        )
        #expect(try worker.fetchOrder(id: 3) == saved)
    }

    @Test("a save the database refuses throws and changes nothing")
    func failedSave() throws {
        let folder = try TemporaryFolder()
        let worker = try SQLiteOrdersWorker(path: folder.path("orders.sqlite"))
        #expect(throws: OrdersDatabaseError.self) {
            try worker.save(Order(id: 1, customer: "", item: "Tea", quantity: 0))
        }
        #expect(try worker.fetchOrders() == InMemoryOrdersWorker.sampleOrders)
    }

    @Test("a file that is not a database is an error naming the file, never a crash")
    func corrupt() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(String(repeating: "not a database\n", count: 100), to: "orders.sqlite")
        let error = try #require(throws: OrdersDatabaseError.self) { _ = try SQLiteOrdersWorker(path: path) }
        #expect(error.path == path)
        #expect(error.reason.hasPrefix("the file is not a database"), "\(error.reason)")
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("not a database"))
    }

    @Test("a file in a missing folder cannot be opened, and says what to check")
    func missingFolder() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("missing/orders.sqlite")
        let error = try #require(throws: OrdersDatabaseError.self) { _ = try SQLiteOrdersWorker(path: path) }
        #expect(error.reason.contains("check that its folder exists"), "\(error.reason)")
    }
}
