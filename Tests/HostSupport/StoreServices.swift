@testable import SceneHostSessions

/// Runs session stores' services (`SessionStore.run`) beside a test, as `serve`'s group runs its
/// store's: `start` hands a store to the task group of `withStoreServices`, which cancels every
/// service and waits for it to end when the test's body returns or throws.
package final class StoreServices: Sendable {
    private let stores: AsyncStream<any SessionStore>
    private let starting: AsyncStream<any SessionStore>.Continuation

    fileprivate init() {
        (stores, starting) = AsyncStream<any SessionStore>.makeStream()
    }

    /// Starts `store`'s service; returns `store`.
    @discardableResult
    package func start<Store: SessionStore>(_ store: Store) -> Store {
        starting.yield(store)
        return store
    }

    fileprivate func runAll() async {
        await withDiscardingTaskGroup { group in
            // Ends when the test's body is done: its group cancels this task.
            for await store in stores {
                group.addTask { await store.run() }
            }
            group.cancelAll()
        }
    }
}

/// Runs `body` with a `StoreServices` whose stores' services run until it returns or throws.
package func withStoreServices<Result>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: (StoreServices) async throws -> Result
) async throws -> Result {
    let services = StoreServices()
    return try await withThrowingTaskGroup(of: Void.self, returning: Result.self) { group in
        group.addTask { await services.runAll() }
        do {
            let result = try await body(services)
            group.cancelAll()
            return result
        } catch {
            group.cancelAll()
            throw error
        }
    }
}
