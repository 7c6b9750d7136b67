/// Why an orders action failed, in words for the user's screen: never a file path or SQLite's own
/// message (those are for the host's log and start-up errors, `OrdersDatabaseError.description`).
public enum OrdersFailure {
    /// "the database is busy"; a short phrase to put in parentheses.
    public static func reason(_ error: any Error) -> String {
        (error as? OrdersDatabaseError)?.summary ?? "an unexpected error"
    }
}
