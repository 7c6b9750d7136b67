import Synchronization
import SceneHostFrontend

/// The screens of each session whose pages can be answered without the main actor: a GET of a
/// screen's URL is then served on the connection's own thread, with no hop to where sessions live.
///
/// Only what a page shows in the steady state is kept here: a session with a message to show once,
/// or whose scenes run in this process (`--in-process`), has no snapshot, and its pages take the
/// main actor's path. A snapshot holds the generation of the host's records it was made from
/// (`WorkerSession.State.generation`): once the worker changes them (a restore after a crash, a
/// notice), the snapshot no longer answers, so a page never shows what the session is not. The
/// uses of each session are counted here too, so idle expiry sees them. Behind one `Mutex`.
package final class WebPageSnapshots: Sendable {
    package struct Snapshot: Sendable {
        let screens: [WebScreen]
        let token: String
        let source: any ScreenVersion
        let generation: UInt64
    }

    private struct State: Sendable {
        var snapshots: [String: Snapshot] = [:]
        var used: [String: ContinuousClock.Instant] = [:]
    }

    private let state = Mutex(State())

    package init() {}

    /// The page of `path` for the browser whose session cookie is `sessionID` (the whole cookie:
    /// snapshots are published under the current secret only), when its snapshot still describes it:
    /// the screen's URL (or `/`, the first screen) names a screen of its stacks. Nil: take the slow path.
    package func page(sessionID: String, path: String) -> WebPage? {
        let snapshot: Snapshot? = state.withLock { state in
            guard let snapshot = state.snapshots[sessionID] else { return nil }
            state.used[sessionID] = ContinuousClock.now
            return snapshot
        }
        guard let snapshot, snapshot.source.generation == snapshot.generation, !snapshot.screens.isEmpty else { return nil }
        let depth: Int
        switch WebPath(path) {
        case .start:
            depth = 0
        case .screen(let names):
            guard names.count <= snapshot.screens.count,
                  zip(names, snapshot.screens).allSatisfy({ $0 == $1.name }), !names.isEmpty else { return nil }
            depth = names.count - 1
            // A query naming another record than the screen's is a link to open: the slow path's.
            let query = WebPath.queryText(of: path)
            guard query.isEmpty || query == snapshot.screens[depth].query else { return nil }
        case .other:
            return nil
        }
        return WebPage.make(screens: snapshot.screens, depth: depth, token: snapshot.token, error: nil)
    }

    package func publish(_ snapshot: Snapshot?, for sessionID: String) {
        state.withLock { $0.snapshots[sessionID] = snapshot }
    }

    /// The last fast-path use of each session since the last call.
    package func takeUses() -> [String: ContinuousClock.Instant] {
        state.withLock { state in
            defer { state.used = [:] }
            return state.used
        }
    }
}
