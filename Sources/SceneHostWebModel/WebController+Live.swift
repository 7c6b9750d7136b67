/// What a page's live stream follows (`serve`, Server-Sent Events): the changes of a session whose
/// screen may change on its own.
extension WebController {
    /// The change count of the session `cookie` names (`AppSession.changeCount`), when its screen
    /// may change on its own (its work runs); nil when there is nothing to follow: no session, a
    /// cookie whose secret is not the current one, or a session at rest (its page is final).
    package func liveCount(sessionID cookie: String?) async -> UInt64? {
        guard case .session(let session, .current) = await resolve(cookie, verify: false), session.app.isBusy else { return nil }
        return session.app.changeCount
    }

    /// Waits until the session changed past `count` (its worker sent a change), or `limit` passed:
    /// the count then; nil when the session is gone.
    package func liveChange(sessionID cookie: String?, after count: UInt64, within limit: Duration) async -> UInt64? {
        guard case .session(let session, .current) = await resolve(cookie, verify: false) else { return nil }
        let changed = await session.app.change(after: count, within: limit)
        // An action of the session under way (another tab's, or this tab's own just before it
        // navigates) is left to finish: the stream never looks at a session in the middle of one.
        await session.actionEnded()
        return changed
    }
}
