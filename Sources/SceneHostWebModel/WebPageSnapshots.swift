import Synchronization
import SceneHostFrontend
import SceneHostSessions

/// The screens of each session whose pages can be answered without the router: a GET of a screen's
/// URL is then served on the connection's own thread, with no hop to the session's owner.
///
/// Only what a page shows in the steady state is kept here: a session with a message to show once,
/// or whose scenes run in this process (`--in-process`), has no snapshot, and its pages take the
/// router's path. With a store other processes share (SQLite, PostgreSQL) a snapshot also names
/// the store's state number it shows (`StoreCheck`): the page is answered only once one read of the
/// store found that number still there, so another instance's action is never hidden by it. A snapshot holds the generation of the host's records it was made from
/// (`WorkerSession.State.generation`): once the worker changes them (a restore after a crash, a
/// notice), the snapshot no longer answers, so a page never shows what the session is not. The
/// uses of each session are counted here too, so idle expiry sees them. Behind one `Mutex`.
package final class WebPageSnapshots: Sendable {
    package struct Snapshot: Sendable {
        let screens: [WebScreen]
        let token: String
        let source: any ScreenVersion
        let generation: UInt64
        /// The stored state this copy shows, for a store another process may change; nil for one only this process uses.
        let check: StoreCheck?

        package init(
            screens: [WebScreen], token: String, source: any ScreenVersion, generation: UInt64, check: StoreCheck? = nil
        ) {
            self.screens = screens
            self.token = token
            self.source = source
            self.generation = generation
            self.check = check
        }
    }

    /// The session and state number a page from a snapshot shows: answered only while the store holds that state.
    package struct StoreCheck: Sendable, Equatable {
        package let key: SessionKey
        package let state: Int64

        package init(key: SessionKey, state: Int64) {
            self.key = key
            self.state = state
        }
    }

    /// A page a snapshot answers, and the store state it must be checked against first (nil: none).
    package struct Answer: Sendable {
        package let page: WebPage
        package let check: StoreCheck?
    }

    private struct State: Sendable {
        /// Each session's snapshot (by its ID) and the whole cookie it answers for: the current secret only.
        var snapshots: [String: (cookie: String, snapshot: Snapshot)] = [:]
        var used: [String: ContinuousClock.Instant] = [:]
    }

    private let state = Mutex(State())

    package init() {}

    /// The page of `path` for the browser whose session cookie is `sessionID` (the whole cookie:
    /// snapshots are published under the current secret only), when its snapshot still describes it:
    /// the screen's URL (or `/`, the first screen) names a screen of its stacks. Nil: take the slow path.
    /// A page that must be checked against the store first (`Answer.check`) is not given here.
    package func page(sessionID: String, path: String) -> WebPage? {
        guard let answer = answer(sessionID: sessionID, path: path), answer.check == nil else { return nil }
        return answer.page
    }

    /// The page of `path` for the session cookie `sessionID`, as `page(sessionID:path:)`, with the
    /// store state the caller must find unchanged before it answers with it.
    package func answer(sessionID: String, path: String) -> Answer? {
        let id = WebCookie.split(sessionID).id
        let snapshot: Snapshot? = state.withLock { state in
            guard let published = state.snapshots[id], published.cookie == sessionID else { return nil }
            state.used[id] = ContinuousClock.now
            return published.snapshot
        }
        guard let snapshot, snapshot.source.generation == snapshot.generation, !snapshot.screens.isEmpty else {
            return nil
        }
        let depth: Int
        switch WebPath(path) {
        case .start:
            depth = WebScreen.shownDepth(snapshot.screens, for: 0)
        case .screen(let segments):
            // A container's URL is answered by a redirect (the slow path's), as is a slot not shown now.
            guard segments.count <= snapshot.screens.count,
                zip(segments, snapshot.screens).allSatisfy({ $0 == $1.segment }), !segments.isEmpty,
                !WebScreen.isContainer(snapshot.screens, at: segments.count - 1)
            else { return nil }
            depth = segments.count - 1
            // A query naming another record than the screen's is a link to open: the slow path's.
            let query = WebPath.queryText(of: path)
            guard query.isEmpty || query == snapshot.screens[depth].query else { return nil }
        case .other:
            return nil
        }
        return Answer(
            page: WebPage.make(screens: snapshot.screens, depth: depth, token: snapshot.token, error: nil),
            check: snapshot.check)
    }

    /// Makes `snapshot` the answer for the whole session cookie `cookie` (`ID.SECRET`), in place of
    /// any earlier one of that session (an older secret's); nil withdraws it.
    func publish(_ snapshot: Snapshot?, for cookie: String) {
        let id = WebCookie.split(cookie).id
        state.withLock { $0.snapshots[id] = snapshot.map { (cookie, $0) } }
    }

    /// Withdraws the snapshot of the session `sessionID` (its ID), whatever cookie it answered for.
    package func withdraw(sessionID: String) {
        state.withLock { _ = $0.snapshots.removeValue(forKey: sessionID) }
    }

    /// The last fast-path use of each session (by its ID) since the last call.
    func takeUses() -> [String: ContinuousClock.Instant] {
        state.withLock { state in
            defer { state.used = [:] }
            return state.used
        }
    }
}
