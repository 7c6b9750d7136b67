import SceneHostSessions
import Synchronization
import SceneHostCore

/// What `/readyz` answers, within its own deadline and in an operator's words: nil when ready, else
/// why not, naming the part that is not ready (the drain, the session store with its location and
/// cause, the scene workers).
///
/// The store is asked with `deadline` (`AdminServer.readinessDeadline`), shorter than a request's
/// deadline to the store (a third of the event time limit): a probe learns that the store is down
/// in about a second, never after a user's request would have. The store's own request goes on in
/// the background until its deadline; nothing waits for it.
struct AdminReadiness: Sendable {
    let state: ServeState
    let store: any SessionStore
    /// Nil when a scene worker is ready, else why not.
    let workers: @Sendable () -> String?
    let deadline: Duration

    /// Nil when ready, else the reason (one line, without "not ready: ").
    func reason() async -> String? {
        if state.isDraining {
            return "draining (SIGTERM received); in-flight requests are finishing before the instance exits"
        }
        let store = self.store
        let answer = await Self.within(deadline) { () async -> Ping in
            do throws(SessionStoreError) {
                try await store.ping()
                return .answered
            } catch {
                return .failed(error)
            }
        }
        switch answer {
        case nil:
            return "the session store \(store.location) did not answer within \(deadline.wholeMilliseconds) ms"
        case .failed(let error):
            return Self.words(error, location: store.location)
        case .answered:
            return workers().map { "scene workers: \($0)" }
        }
    }

    /// How the store's ping ended, when it ended within the deadline.
    enum Ping: Sendable {
        case answered
        case failed(SessionStoreError)
    }

    /// `error` for an operator: what failed and why, without the advice pages give users.
    static func words(_ error: SessionStoreError, location: String) -> String {
        switch error {
        case .unavailable(let location, let reason), .cannotOpen(let location, let reason):
            return "the session store \(location) failed: \(reason)"
        case .schemaTooNew(let location, let found, let known):
            return "the session store \(location) has schema version \(found); this build knows versions up to \(known)"
        case .malformedRow(let reason):
            return "the session store \(location) answered a row that does not read (\(reason))"
        case .badLocation, .untrusted:
            return "the session store \(location): "
                + error.unescapedMessage.replacing("error: ", with: "", maxReplacements: 1)
        }
    }

    /// `body`'s value, or nil when `limit` passes first. The loser is cancelled and not waited for, so
    /// a request that ignores cancellation cannot hold the answer.
    static func within<T: Sendable>(_ limit: Duration, _ body: @escaping @Sendable () async -> T) async -> T? {
        let first = FirstAnswer<T>()
        return await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
            first.install(continuation)
            let work = Task { first.give(await body()) }
            let timer = Task {
                // A cancelled sleep: the work answered first.
                guard (try? await Task.sleep(for: limit)) != nil else { return }
                first.give(nil)
            }
            first.hold(work, timer)
        }
    }
}

/// The first answer of a race, handed to the waiting caller once; later ones are dropped.
private final class FirstAnswer<T: Sendable>: Sendable {
    private struct Race {
        var continuation: CheckedContinuation<T?, Never>?
        var answered = false
        var tasks: [Task<Void, Never>] = []
    }

    private let race = Mutex(Race())

    func install(_ continuation: CheckedContinuation<T?, Never>) {
        race.withLock { $0.continuation = continuation }
    }

    /// Keeps the racing tasks so that the first answer cancels them; after it, cancels them at once.
    func hold(_ work: Task<Void, Never>, _ timer: Task<Void, Never>) {
        let late = race.withLock { race -> Bool in
            if !race.answered { race.tasks = [work, timer] }
            return race.answered
        }
        if late {
            work.cancel()
            timer.cancel()
        }
    }

    func give(_ answer: T?) {
        let (waiting, losers) = race.withLock { race -> (CheckedContinuation<T?, Never>?, [Task<Void, Never>]) in
            guard !race.answered else { return (nil, []) }
            race.answered = true
            defer {
                race.continuation = nil
                race.tasks = []
            }
            return (race.continuation, race.tasks)
        }
        for task in losers { task.cancel() }
        waiting?.resume(returning: answer)
    }
}
