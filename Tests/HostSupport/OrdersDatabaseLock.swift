import GRDBSQLite

/// Another connection holding the orders database's write lock (an exclusive transaction), as
/// another process in the middle of a long write would, until `release()`. Through SQLite's C API:
/// GRDB refuses to leave a transaction open between accesses.
package final class OrdersDatabaseLock {
    private var connection: OpaquePointer?

    package struct Failed: Error, CustomStringConvertible {
        package let description: String
    }

    /// `writersOnly`: a RESERVED lock (BEGIN IMMEDIATE): others may read, no one else may write.
    package init(path: String, writersOnly: Bool = false) throws {
        guard sqlite3_open(path, &connection) == SQLITE_OK,
            sqlite3_exec(connection, writersOnly ? "BEGIN IMMEDIATE" : "BEGIN EXCLUSIVE", nil, nil, nil) == SQLITE_OK
        else {
            let reason = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(connection)
            throw Failed(description: "cannot lock \(path): \(reason)")
        }
    }

    package func release() {
        sqlite3_exec(connection, "COMMIT", nil, nil, nil)
        sqlite3_close(connection)
        connection = nil
    }

    deinit {
        if connection != nil { release() }
    }
}
