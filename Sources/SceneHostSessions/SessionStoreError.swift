import SceneHostCore
/// A session store that cannot be used: a bad `--session-store`, a store that does not answer, a
/// schema from a newer build, a row that does not read. Its text and exit code are in
/// `SessionStoreError+Message.swift`; no case ever holds a password.
package enum SessionStoreError: HostConcernError, Equatable, Sendable {
    /// `--session-store` (or `SCENE_HOST_SESSION_STORE`, named by `source`) is no form the host accepts.
    case badLocation(source: String, value: String, reason: String)
    /// The store's file or folder fails the trust checks (another user could change it).
    case untrusted(path: String, reason: String)
    /// The store could not be opened or reached at start.
    case cannotOpen(location: String, reason: String)
    /// The store's schema is newer than this build reads.
    case schemaTooNew(location: String, found: Int, known: Int)
    /// A request to the store failed (it is down, or refused the statement).
    case unavailable(location: String, reason: String)
    /// A stored session does not read (tampered, or from a foreign format): that session ends.
    case malformedRow(reason: String)
}
