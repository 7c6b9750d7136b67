@_spi(SceneHost) import SceneSDK
import SceneHostFrontend
import SceneHostNavigation

/// A pooled session is the worker implementation of the one session model: commands go to its
/// scene worker; the screen and records come from what the host holds (`WorkerSession`), so
/// reading never waits for plugin code.
extension PooledSession: AppSession {
    nonisolated(nonsending) package func screen() async throws -> Screen {
        let state = session.current
        if state.lost {
            throw state.ended ?? WorkerError.sessionLost(reason: "its worker ended and it could not be built again")
        }
        switch state.screen {
        case .success(let screen): return screen
        case .failure(let failure): throw WorkerError.remote(failure)
        }
    }

    nonisolated(nonsending) package func layers() async -> [[String]] { session.read { $0.layers } }

    nonisolated(nonsending) package func titles() async -> [String] { session.read { $0.titles } }

    nonisolated(nonsending) package func breadcrumb() async -> String { session.read { $0.breadcrumb } }

    nonisolated(nonsending) package func apply(_ commands: [FrontendCommand]) async throws {
        // `print` and `call` change no screen: nothing to send.
        let sent = commands.filter { command in
            switch command {
            case .print, .call, .wait: return false
            case .fill, .tap, .select, .toggle, .choose, .back, .backTo, .dismiss: return true
            }
        }
        guard !sent.isEmpty else { return }
        try await execute(sent)
    }

    nonisolated(nonsending) package func call(
        _ function: String, arguments: [String]
    ) async throws -> (lines: [String], result: String) {
        try await callNative(function, arguments: arguments)
    }

    nonisolated(nonsending) package func takeNotice() async -> (any Error)? { await session.takeNotice() }

    nonisolated(nonsending) package var isBusy: Bool { get async { session.read(\.busy) } }

    nonisolated(nonsending) package var isSettling: Bool { get async { session.read(\.settling) } }

    nonisolated(nonsending) package func settle(within limit: Duration) async throws -> [any Error] {
        // Most commands start no work: no round trip to the worker then.
        guard session.read(\.busy) else { return [] }
        return try await settleWork(within: limit).map { WorkerError.remote($0) as any Error }
    }

    package var isClosed: Bool { session.read(\.lost) }

    /// `run`'s one worker: the pool's change signal. In `serve` streams wait with `change(after:)`.
    package var changeDescriptor: Int32? { pool.inline ? pool.changes.descriptor : nil }

    nonisolated(nonsending) package func takeChanges() async -> Bool {
        guard pool.inline else { return false }
        let changed = pool.changes.take()
        // A fault between commands: the worker is started again now, and the notice waits for the screen.
        let recovered = await slot.supervisor.takeIdleFault()
        return changed || recovered
    }

    package var changeCount: UInt64 { session.generation }

    nonisolated(nonsending) package func change(after count: UInt64) async -> UInt64 {
        await session.change(after: count)
    }

    nonisolated(nonsending) package func change(after count: UInt64, within limit: Duration) async -> UInt64 {
        await session.change(after: count, within: limit)
    }

    nonisolated(nonsending) package func records() async -> [SceneRecord] { session.read { $0.records } }

    package func attribute(to client: String) { session.attribute(to: client) }

    package var screenVersion: (any ScreenVersion)? { session }

    package var links: LinkTable { pool.links }
}
