import GRDB

/// The orders database's schema history: never edit a migration that shipped, add one.
enum OrdersMigrations {
    static var migrator: DatabaseMigrator {
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
            for order in samples {
                try db.execute(
                    sql: """
                        INSERT INTO orders (id, customer, item, quantity, note) VALUES (?, ?, ?, ?, ?)
                        ON CONFLICT(id) DO UPDATE SET customer = excluded.customer, item = excluded.item,
                            quantity = excluded.quantity, note = excluded.note
                        """,
                    arguments: [order.id, order.customer, order.item, order.quantity, order.note]
                )
            }
        }
        // Issue 18: saves check the version they were edited from (optimistic locking). Rows
        // already there start at version 1.
        migrator.registerMigration("addOrderVersion") { db in
            try db.execute(sql: "ALTER TABLE orders ADD COLUMN version INTEGER NOT NULL DEFAULT 1 CHECK (version > 0)")
        }
        // Issue 34: EditOrder's gift wrap toggle and shipping choice. Rows already there are not
        // wrapped and go standard.
        migrator.registerMigration("addGiftWrapAndShipping") { db in
            try db.execute(sql: "ALTER TABLE orders ADD COLUMN gift_wrap INTEGER NOT NULL DEFAULT 0 CHECK (gift_wrap IN (0, 1))")
            try db.execute(sql: "ALTER TABLE orders ADD COLUMN shipping TEXT NOT NULL DEFAULT 'standard' CHECK (shipping IN ('standard', 'express', 'nextDay'))")
        }
        return migrator
    }
}
