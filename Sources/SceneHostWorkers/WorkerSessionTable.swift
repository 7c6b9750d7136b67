import Synchronization

/// The sessions one scene worker holds, by id: its supervisor adds and drops them, and its link's
/// thread finds the one a frame the worker sent unasked is for (`WorkerLink`).
package final class WorkerSessionTable: Sendable {
    private let sessions = Mutex<[UInt64: WorkerSession]>([:])

    package init() {}

    package subscript(id: UInt64) -> WorkerSession? {
        get { sessions.withLock { $0[id] } }
        set { sessions.withLock { $0[id] = newValue } }
    }

    /// Drops `id`; whether it was held.
    @discardableResult
    package func remove(_ id: UInt64) -> Bool {
        sessions.withLock { $0.removeValue(forKey: id) != nil }
    }

    /// Every session held now, by id.
    package var all: [UInt64: WorkerSession] { sessions.withLock { $0 } }

    package var count: Int { sessions.withLock { $0.count } }

    package func removeAll() {
        sessions.withLock { $0.removeAll() }
    }
}
