import SceneHostFrontend

/// What a page's live stream follows (`serve`, Server-Sent Events): the changes of a session whose
/// screen may change on its own.
extension WebController {
    /// The change count of the session `cookie` names (`AppSession.changeCount`), when its screen
    /// may change on its own (its work runs); nil when there is nothing to follow: no session, a
    /// cookie whose secret is not the current one, or a session at rest (its page is final).
    /// How many actions the session's user took (`WebSession.actions`): a stream compares it at its
    /// end with its start, to tell the app moving on by itself from another tab's action.
    package func actionCount(sessionID cookie: String?) async -> Int? {
        guard case .session(let session, .current) = await resolve(cookie, verify: false) else { return nil }
        return await session.actions
    }

    /// The URL of the screen on top of the session, if no action was taken since `actions` (the
    /// count a stream read as it started): where a page whose screen left by itself goes.
    package func movedByItself(sessionID cookie: String?, actions: Int) async -> String? {
        guard case .session(let session, .current) = await resolve(cookie, verify: false) else { return nil }
        return await Self.topURL(of: session, ifActions: actions)
    }

    /// The URL of the screen on top of `session` when its user took `actions` actions, else nil.
    private static func topURL(of session: isolated WebSession, ifActions actions: Int) -> String? {
        guard session.actions == actions, !session.screens.isEmpty else { return nil }
        return session.url(at: session.screens.count - 1)
    }

    /// Whether the browser whose cookie is `cookie` has a session here (else its start page is the
    /// shared preview of the initial scene).
    package func holdsSession(sessionID cookie: String?) async -> Bool {
        guard case .session(_, .current) = await resolve(cookie, verify: false) else { return false }
        return true
    }

    package func liveCount(sessionID cookie: String?) async -> UInt64? {
        guard case .session(let session, .current) = await resolve(cookie, verify: false), await session.app.isBusy
        else { return nil }
        return session.app.changeCount
    }

    /// Waits until the session changed past `count` (its worker sent a change): the count then; nil
    /// when the session is gone, or this instance let go of its copy while it waited (it ended,
    /// expired, was dropped from memory): the stream ends, and the browser's reconnection finds out
    /// what became of it. It sleeps meanwhile, however long (no timer, no polling), and returns at
    /// once when its task is cancelled (nil then too).
    package func liveChange(sessionID cookie: String?, after count: UInt64) async -> UInt64? {
        guard case .session(let session, .current) = await resolve(cookie, verify: false) else { return nil }
        let changed = await session.app.change(after: count)
        guard !Task.isCancelled, await store.holds(session) else { return nil }
        // An action of the session under way (another tab's, or this tab's own just before it
        // navigates) is left to finish: the stream never looks at a session in the middle of one.
        await session.actionEnded()
        return changed
    }
}

/// What ended a live stream's wait (`LiveWait.next`).
package enum LiveWake: Equatable, Sendable {
    /// The session changed: its change count now.
    case changed(UInt64)
    /// The session is gone from this instance (`WebController.liveChange` answered nil).
    case gone
    /// The deadline came first: the stream's lifetime is over.
    case deadline
    /// A stop closed: the instance drains, or the client went away.
    case stopped
}

/// A live stream's wait between two pages: it sleeps until the first of the session's change, a
/// deadline (the stream's lifetime), or a stop (a `Wakeup` closed: the drain, the client's
/// connection gone). Nothing runs meanwhile: an idle stream costs no CPU between changes. The
/// others are cancelled as soon as one comes, and the wait ends at once when its own task is cancelled.
package enum LiveWait {
    package static func next(
        until deadline: ContinuousClock.Instant, stops: [Wakeup],
        change: @escaping @Sendable () async -> UInt64?
    ) async -> LiveWake {
        // Already stopped (a drain before the stream began): not even the change is asked.
        if stops.contains(where: \.isClosed) || Task.isCancelled { return .stopped }
        return await withTaskGroup(of: LiveWake?.self) { group in
            group.addTask { await change().map(LiveWake.changed) ?? .gone }
            group.addTask {
                do { try await Task.sleep(until: deadline, clock: ContinuousClock()) } catch { return nil }
                return .deadline
            }
            for stop in stops {
                group.addTask {
                    await stop.wait()
                    return stop.isClosed ? .stopped : nil
                }
            }
            // The first that came (a stop woken but not closed is no reason: skipped). The wait's
            // own task cancelled: every child returns at once, and the wait is stopped.
            var wake = LiveWake.stopped
            while let next = await group.next() {
                if Task.isCancelled { break }
                guard let next else { continue }
                wake = next
                break
            }
            group.cancelAll()
            return wake
        }
    }
}
