import SceneHostFrontend
import SceneHostSessions
import SceneHostNavigation

/// The pages of containers' slots: a URL that names a tab (or pane) other than the one shown.
extension WebController {
    /// Shows again the slots `segments` names where its chain leaves the session's (a tab not shown
    /// now, a pane without the focus), as a tap on that tab would, and returns the depth of the
    /// screen it names when it is there now. The browser's Back to a page of the other tab is the
    /// user asking for that tab as they left it: its stack was kept (hidden), so the page shows it
    /// again. Nil when the path names no other slot, or what it names is not there (the tab is then
    /// shown all the same: the page says the screen is gone, as for any screen no longer open).
    ///
    /// Changes the session as an action does (claimed, written, its snapshot published), but
    /// changes no cookie: it is a page load, and no form was sent. A claim lost to another
    /// instance's action leaves the session as it is (this copy is out of date; the next page sees
    /// the store's), and the URL is answered as a screen that is gone.
    func showSlots(of segments: [WebPath.Segment], in session: isolated WebSession) async -> Int? {
        guard session.otherSlot(in: segments) != nil else { return nil }
        while session.isActing { await session.actionEnded() }
        session.isActing = true
        defer { session.endAction() }
        do {
            guard try await store.claim(session) == .claimed else { return nil }
        } catch {
            return nil
        }
        // Each slot of a nested container in turn (the Orders tab, then its detail pane): at most one
        // command per level of the path, each checked against the session as it is after the last.
        var failure: (any Error)?
        for _ in segments.indices {
            guard session.depth(of: segments) == nil, let slot = session.otherSlot(in: segments) else { break }
            let before = session.screens.map(\.segment)
            do {
                try await session.app.apply([.choose(choice: Navigator.tabBarID, option: slot)])
                await Self.awaitQuickWork(of: session.app)
                try await session.refresh(actedAt: before.count - 1)
            } catch {
                failure = error
                break
            }
            guard session.screens.map(\.segment) != before else { break }
        }
        if let failure {
            session.pendingError = text.describe(failure, plain: WebUserText.actionFailed(failure))
            do { try await session.refresh(actedAt: .max) } catch {
                session.pendingError = text.describe(error, plain: WebUserText.sessionLost)
                await store.drop(session)
                await store.letGo(session)
                return nil
            }
        }
        session.actions += 1
        do {
            guard try await persist(session) else {
                await store.forget(session)
                return nil
            }
        } catch {
            await store.forget(session)
            return nil
        }
        return session.depth(of: segments)
    }
}
