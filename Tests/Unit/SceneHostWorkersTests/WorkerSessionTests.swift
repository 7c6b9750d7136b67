import Testing
@testable import SceneHostWorkers
@testable import SceneHostNavigation

/// WorkerSession's notice while its scenes are built again: a page never takes the new screen
/// without the notice that says why (the restore applies the screen first, the notice after).
@Suite("Worker session notices")
struct WorkerSessionTests {
    @Test("takeNotice waits while the session is being restored, then gives the notice set with the end of the restore")
    func noticeWaitsForTheRestore() async throws {
        let session = WorkerSession(id: 7)
        session.update { $0.restoring = true }
        let taker = Task { await session.takeNotice() }
        // The restore's screen comes first; the taker must not have returned with nothing meanwhile.
        session.update { $0.busy = false }
        try await Task.sleep(for: .milliseconds(20))
        let notice = WorkerError.reloaded(plugins: ["Form"], restore: .restored)
        session.update { state in
            state.restoring = false
            state.notice = notice
        }
        #expect(await taker.value == notice)
        #expect(await session.takeNotice() == nil, "a notice is shown once")
    }

    @Test("a session let go while restoring gives no wait: takeNotice returns")
    func endedSessionDoesNotWait() async {
        let session = WorkerSession(id: 8)
        session.update { $0.restoring = true }
        session.end()
        #expect(await session.takeNotice() == nil)
    }

    @Test("without a restore, takeNotice answers at once")
    func noRestoreNoWait() async {
        let session = WorkerSession(id: 9)
        let notice = WorkerError.reloadRefused(plugins: ["Form"], reason: "bad")
        session.update { $0.notice = notice }
        #expect(await session.takeNotice() == notice)
    }
}
