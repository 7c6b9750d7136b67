import GRDB

/// The orders database could not be opened, read or written.
///
/// `description` names the file and SQLite's reason: for the host's start-up and setting errors,
/// read by whoever runs the app. `summary` says what went wrong without the path or SQLite's
/// words ("the database is busy"): the only part a scene shows a user (`OrdersFailure`).
public struct OrdersDatabaseError: Error, Equatable, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: String
    public let summary: String

    public init(path: String, reason: String, summary: String = "the database could not be used") {
        self.path = path
        self.reason = reason
        self.summary = summary
    }

    init(path: String, _ error: DatabaseError) {
        let message = error.message ?? "SQLite error \(error.resultCode.rawValue)"
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            self.init(path: path, reason: "the file is not a database (corrupt, or another kind of file); move it away and a new one is made at the next start",
                      summary: "the database file is damaged")
        case .SQLITE_CANTOPEN:
            self.init(path: path, reason: "\(message): check that its folder exists and that you may write there", summary: "the database file could not be opened")
        case .SQLITE_CONSTRAINT:
            self.init(path: path, reason: "\(message): the order was not saved", summary: "the database refused the order's values")
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            self.init(path: path, reason: message, summary: "the database is busy")
        case .SQLITE_READONLY:
            self.init(path: path, reason: message, summary: "the database is read-only")
        case .SQLITE_FULL:
            self.init(path: path, reason: message, summary: "the disk is full")
        case .SQLITE_IOERR, .SQLITE_PERM:
            self.init(path: path, reason: message, summary: "the database file could not be read or written")
        default:
            self.init(path: path, reason: message, summary: "the database could not be used")
        }
    }

    public var description: String { "\(path): \(reason)" }
}
