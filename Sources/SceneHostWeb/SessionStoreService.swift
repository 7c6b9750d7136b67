import SceneHostFrontend
import SceneHostSessions
import SceneHostWebModel
import ServiceLifecycle

/// The session store's own work (`SessionStore.run`: PostgreSQL's connection pool and its requests)
/// as a service of `serve`'s group.
///
/// It is the group's first service, so a graceful shutdown reaches it last: the store answers until
/// the listeners have closed. A store with nothing to run returns at once, which the group is told
/// to ignore (`WebServer.run`).
struct SessionStoreService: Service, CustomStringConvertible {
    let store: any SessionStore

    var description: String { "SessionStoreService(\(store.location))" }

    func run() async throws {
        // The store's run ends only when cancelled: a graceful shutdown is turned into that.
        await cancelWhenGracefulShutdown { await store.run() }
    }
}

/// A listener that opens only once the session store is ready (`WebSessionStore.prepare`: its schema,
/// the shared start token), which needs the store's service running in the same group.
///
/// The app's listener prepares the store (`prepare`), the admin listener waits for that (`prepared`):
/// a store that cannot be used fails the group with its `SessionStoreError` before either listens.
struct PreparedListener: Service, CustomStringConvertible {
    let listener: any Service
    /// Closed once the store is ready.
    let prepared: Wakeup
    /// Given to the one listener that prepares the store; the others wait for it.
    let prepare: (@Sendable () async throws -> Void)?

    var description: String { "PreparedListener(\(listener))" }

    func run() async throws {
        if let prepare {
            try await prepare()
            prepared.close()
        } else {
            await prepared.wait()
            // Cancelled while waiting: the store could not be prepared and the group is ending.
            try Task.checkCancellation()
        }
        try await listener.run()
    }
}

/// This instance's upkeep of its sessions (`WebSessionStore.upkeep`: claims to let go of, the store's
/// idle sweep) as a service of `serve`'s group, after the store's own service: a graceful shutdown
/// ends it before the store's client.
struct SessionUpkeepService: Service, CustomStringConvertible {
    let sessions: WebSessionStore

    var description: String { "SessionUpkeepService" }

    func run() async throws {
        await cancelWhenGracefulShutdown { await sessions.upkeep() }
    }
}
