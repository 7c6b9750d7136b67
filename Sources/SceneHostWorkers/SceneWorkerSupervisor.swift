import Glibc
import Logging
import Synchronization
import SceneHostProcesses
import SceneHostConfig
import SceneHostCore
import SceneHostFrontend
import SceneHostNavigation
import CoreMetrics
import SceneHostLoading

/// Runs sessions in one scene worker process and keeps them alive across its faults.
///
/// Every request has the `[host]` event time limit. When the worker crashes (any signal), exits,
/// hangs past the limit, or writes garbage, the supervisor ends it (its whole process group),
/// charges the fault to the session whose request was in flight and to the plugin whose scene was
/// on top (`FaultLedger`), starts a new worker — past `restarts-per-minute` restarts within a minute
/// after a wait (`RestartBackoff`) — and builds every other session it held again from the host's
/// records (`WorkerSession`), scene by scene. A scene that fails again — by an error, or by ending
/// the new worker too — is cut off with every scene above it. A session whose own requests ended
/// the worker `faults-per-session` times is ended (`serve`); a plugin whose faults came from many
/// clients is refused for everyone for a cooling period: the worker is started again without its
/// scenes, and again with them when the period is over.
///
/// An actor: the one owner of its worker. Its requests take turns (`enterTurn`), first come first
/// served, because the worker answers one request at a time; while one waits for its answer
/// (`WorkerLink`, async I/O) no thread is held. The files beside this one hold its concerns:
/// the exchange with the worker (`+Exchange`), faults and recovery (`+Recovery`), `--watch`'s
/// reload (`+Reload`).
package actor SceneWorkerSupervisor {
    /// How the supervisor starts a worker.
    package struct Launch: Sendable {
        /// The `scene-host-worker` executable (started without arguments).
        package let executable: String
        /// The options every worker runs with, handed in its start frame with the plugins refused
        /// at that moment (`ChildSettings`). Never `rescan`: the host has just probed what needed it.
        package let settings: ChildSettings

        package init(executable: String, settings: ChildSettings) {
            self.executable = executable
            var settings = settings
            settings.loader.rescan = false
            self.settings = settings
        }
    }

    /// The config the host checked, sent as each worker's first frame (the worker reads no config
    /// file); replaced by `reload` when `--watch` checked a new build.
    package internal(set) var startMessage: WorkerStartMessage
    /// The checked plugin files handed to each worker after `startMessage` (`--watch`); nil: none.
    var handedFiles: CheckedPluginFiles?
    /// A worker started on a new build (`startReplacement`) that has not replaced the running one yet.
    var replacement: Replacement?

    struct Replacement {
        let process: WorkerProcess
        let refuses: Set<String>
        let start: WorkerStartMessage
        let files: CheckedPluginFiles?
    }

    package let launch: Launch
    package let settings: HostSettings
    package let logger: Logger
    /// The config name of the plugin that registers a scene (from the host's probe records).
    package internal(set) var pluginOfScene: @Sendable (String) -> String?
    /// The config's initial scene, for messages about a session with no records.
    package internal(set) var initialScene: String
    /// Who pays for faults, shared with the pool's other workers.
    package let ledger: FaultLedger
    /// How long a restart after a fault waits.
    var backoff: RestartBackoff
    /// The plugins the running worker was started refusing (`ChildSettings.refused`).
    var workerRefuses: Set<String> = []
    var process: WorkerProcess? {
        didSet { livePID.store(process?.pid ?? 0, ordering: .relaxed) }
    }
    /// The worker's process id while one runs (0: none), readable from anywhere (`/readyz`).
    nonisolated let livePID = Atomic<Int32>(0)
    /// What the crash handler of the worker that last ended reported (`exchange`), until it is blamed.
    var lastCrash: CrashReport?
    /// Where starts, faults and restores are counted (`WorkerPool.count(with:)`).
    package var counters = WorkerCounters()
    /// A worker started before the host loaded the app, not yet known to be ready.
    var early: WorkerProcess?
    /// The sessions held, shared with the link's thread, which applies what the worker sends unasked.
    let sessions = WorkerSessionTable()
    var nextSession: UInt64 = 1
    /// How many workers were started after the first (restarts), for tests and the benchmark.
    package internal(set) var restarts = 0
    /// The sizes of the last request frame sent and the last frame received, header included: the
    /// benchmark sizes its raw socketpair baseline by them (docs/performance.md, the worker hop).
    package internal(set) var lastExchangeBytes = (request: 0, reply: 0)
    /// Called after the link applied an unasked change, or met a fault between requests (`run`'s
    /// terminal wakes on it); set before the first worker starts.
    let onUnasked: @Sendable () -> Void
    /// A request holds the turn (`enterTurn`); those waiting for it, first come first served.
    private var turnHeld = false
    private var turnWaiters: [CheckedContinuation<Void, Never>] = []

    /// `early`: a worker started with `startEarly(_:)` while the host loaded the app; `start` adopts it.
    /// `ledger`: the fault accounting shared with other workers (`serve`); nil: one of its own that
    /// ends no session (`run`, `call`).
    /// `start`: the config the host checked, handed to every worker it starts.
    /// `onUnasked`: told when the worker changed a session unasked, or failed between requests.
    package init(
        launch: Launch, start: WorkerStartMessage, settings: HostSettings, initialScene: String, logger: Logger,
        early: sending EarlyWorker? = nil,
        ledger: FaultLedger? = nil, pluginOfScene: @escaping @Sendable (String) -> String?,
        onUnasked: @escaping @Sendable () -> Void = {}
    ) {
        startMessage = start
        self.early = early?.take()
        self.launch = launch
        self.settings = settings
        self.initialScene = initialScene
        self.logger = logger
        self.ledger = ledger ?? FaultLedger(settings: settings, endsSessions: false, logger: logger)
        backoff = RestartBackoff(settings: settings)
        self.pluginOfScene = pluginOfScene
        self.onUnasked = onUnasked
    }

    /// The worker's process id now (nil while none runs), for tests that end it from outside.
    package var workerPID: Int32? { process?.pid }

    /// How many sessions live here.
    package var sessionCount: Int { sessions.count }

    /// Sets where starts, faults and restores are counted; a worker already running is counted now.
    package func count(with counters: WorkerCounters) {
        self.counters = counters
        if process != nil { counters.starts.increment() }
    }

    // MARK: Turns

    /// Waits for this request's turn with the worker. `limit`: a request that could not start
    /// within it (its worker was busy all that time) is not run: `workerBusy`.
    func enterTurn(within limit: Duration? = nil) async throws(WorkerError) {
        guard turnHeld else {
            turnHeld = true
            return
        }
        let queued = ContinuousClock.now
        await withCheckedContinuation { turnWaiters.append($0) }
        if let limit, ContinuousClock.now - queued > limit {
            leaveTurn()
            throw .workerBusy(milliseconds: limit.wholeMilliseconds)
        }
    }

    /// Hands the turn to the next request waiting, if any.
    func leaveTurn() {
        guard !turnWaiters.isEmpty else {
            turnHeld = false
            return
        }
        turnWaiters.removeFirst().resume()
    }

    // MARK: Start and end

    /// Starts the worker and waits until it has loaded the app.
    package func start() async throws(WorkerError) {
        try await enterTurn()
        defer { leaveTurn() }
        try await startInTurn()
    }

    /// Lets the worker free every session's scenes (their deinits run), then ends it and forgets
    /// every session. A worker that does not answer within the event time limit is killed.
    package func shutdown() async {
        try? await enterTurn()
        defer { leaveTurn() }
        dropReplacementInTurn()
        if process != nil { _ = try? await exchange(.finish) }
        process?.end()
        process = nil
        sessions.removeAll()
    }

    // MARK: Sessions

    /// A new session showing the initial scene. Throws the initial scene's error, or a worker fault.
    package func openSession(waitingAtMost limit: Duration? = nil) async throws(WorkerError) -> WorkerSession {
        try await enterTurn(within: limit)
        defer { leaveTurn() }
        try refuseIfInitialSceneRefused()
        await syncRefusals()
        var killedBefore = false
        while true {
            let session = WorkerSession(id: nextSession, source: ledger.newSource())
            nextSession += 1
            // Held before the request: what its scenes' work sends right after the answer is applied to it
            // (the link's thread reads on while this request resumes).
            sessions[session.id] = session
            let reply: WorkerReply
            do {
                reply = try await exchange(.open(session: session.id), for: session)
            } catch {
                sessions.remove(session.id)
                let plugin = pluginOfScene(initialScene) ?? initialScene
                let blame = blaming(error, inFlight: plugin, scene: initialScene)
                await recover(blaming: blame, source: session.read(\.source), culprit: nil, fault: error)
                // A worker killed from outside while it sat idle (kill -9, the OOM killer) is met by the
                // first request it gets. A new session has nothing to lose: it is opened once more, on
                // the worker that replaced it. A plugin's own crash ends in another signal, never retried.
                if !killedBefore, case .signal(SIGKILL) = error {
                    killedBefore = true
                    continue
                }
                throw blame.stopped(
                    scenePlugin: plugin, scene: initialScene, action: "showing the initial scene",
                    fault: error, restore: .lost(reason: "the initial scene could not be shown"))
            }
            guard case .session(let failure, _, _) = reply else { return session }  // exchange checked the kind
            if let failure {
                sessions.remove(session.id)
                throw .remote(failure)
            }
            return session
        }
    }

    /// A new session whose stacks are built from `records` (read back from a session store, maybe by
    /// another instance or before a restart), and what became of them: a scene that fails, or ends
    /// the worker, is cut off with every scene above it (`.cut`, `.startedOver`). Throws when not
    /// even the initial scene can be shown.
    package func restoreSession(
        _ records: [SceneRecord], waitingAtMost limit: Duration? = nil
    ) async throws(WorkerError) -> (session: WorkerSession, note: RestoreNote) {
        try await enterTurn(within: limit)
        defer { leaveTurn() }
        try refuseIfInitialSceneRefused()
        await syncRefusals()
        var records = records
        var note = RestoreNote.restored
        let source = ledger.newSource()
        while true {
            let session = WorkerSession(id: nextSession, source: source)
            nextSession += 1
            var place = -1
            // Held before the request, as in `openSession`.
            sessions[session.id] = session
            let reply: WorkerReply
            do {
                reply = try await exchange(.restore(session: session.id, records: records), for: session) { place = $0 }
            } catch {
                sessions.remove(session.id)
                let scene = place >= 0 && place < records.count ? records[place].name : initialScene
                let blame = blaming(error, inFlight: pluginOfScene(scene) ?? scene, scene: scene)
                await recover(blaming: blame, source: source, culprit: nil, fault: error)
                guard place > 0, place < records.count else {
                    throw blame.stopped(
                        scenePlugin: pluginOfScene(scene) ?? scene, scene: scene, action: "building the session again",
                        fault: error, restore: .lost(reason: "the initial scene could not be shown"))
                }
                note = .cut(scene: scene, reason: "building it again ended the scene worker (\(error.summary))")
                records = Array(records.prefix(place))
                continue
            }
            guard case .session(let failure, let report, let restored) = reply else {
                sessions.remove(session.id)
                throw .sessionLost(reason: "the worker answered out of turn")
            }
            if case .failure(let screenFailure) = report.screen, report.changed.isEmpty {
                sessions.remove(session.id)
                throw .remote(failure ?? screenFailure)
            }
            let built = restored ?? 0
            if built < records.count, note == .restored {
                let reason = failure?.text ?? "it could not be built"
                note = built == 0 ? .startedOver(reason: reason) : .cut(scene: records[built].name, reason: reason)
            }
            return (session, note)
        }
    }

    /// Runs `commands` on `session` in turn, stopping at the first that fails (the session is
    /// then as it was before that command). A worker fault throws `workerStopped`, after the
    /// session (and every other of this worker) was built again — or `sessionEndedForFaults`
    /// when it was this session's last allowed fault: it is then not built again.
    package func execute(
        _ commands: [FrontendCommand], in session: WorkerSession, waitingAtMost limit: Duration? = nil
    ) async throws(WorkerError) {
        try await enterTurn(within: limit)
        defer { leaveTurn() }
        await syncRefusals()
        // Only what is needed, never a copy of the state: the records would then be copied for
        // every command (quadratic over a deep stack).
        let (lost, ended, top) = session.read { ($0.lost, $0.ended, $0.records.last?.name) }
        if lost { throw ended ?? .sessionLost(reason: "its worker ended and it could not be built again") }
        if sessions[session.id] == nil { sessions[session.id] = session }
        let scene = top ?? initialScene
        let reply: WorkerReply
        do {
            reply = try await exchange(.commands(session: session.id, commands), for: session)
        } catch {
            throw await requestFailed(
                error, session: session, plugin: pluginOfScene(scene) ?? scene, scene: scene,
                action: Self.describe(commands))
        }
        guard case .session(let failure, _, _) = reply else { return }  // exchange checked the kind
        if let failure { throw .remote(failure) }
    }

    /// Waits until the background work of `session`'s scenes ended, or `limit` passed: the errors
    /// it threw and did not catch meanwhile, to be shown as notices. The worker answers within
    /// `limit`; one event time limit more is its time to do so. A fault is handled as a command's.
    package func settle(
        _ session: WorkerSession, within limit: Duration, waitingAtMost waitLimit: Duration? = nil
    ) async throws(WorkerError) -> [RemoteFailure] {
        try await enterTurn(within: waitLimit)
        defer { leaveTurn() }
        let (lost, ended, top) = session.read { ($0.lost, $0.ended, $0.records.last?.name) }
        if lost { throw ended ?? .sessionLost(reason: "its worker ended and it could not be built again") }
        let scene = top ?? initialScene
        let reply: WorkerReply
        do {
            reply = try await exchange(
                .settle(session: session.id, milliseconds: Int(limit.wholeMilliseconds)), for: session, longer: limit)
        } catch {
            throw await requestFailed(
                error, session: session, plugin: pluginOfScene(scene) ?? scene, scene: scene, action: "background work")
        }
        guard case .settled(_, let failures, _) = reply else { return [] }  // exchange checked the kind
        return failures
    }

    /// Opens the deep link `link` (matched by the host: `LinkTable.resolve`) on `session`: a new
    /// stack from the initial scene to the linked scene. A failure leaves the session as it was;
    /// a worker fault throws `workerStopped` after every session was built again.
    package func open(
        _ link: LinkOpening, in session: WorkerSession, waitingAtMost limit: Duration? = nil
    ) async throws(WorkerError) {
        try await enterTurn(within: limit)
        defer { leaveTurn() }
        await syncRefusals()
        let (lost, ended) = session.read { ($0.lost, $0.ended) }
        if lost { throw ended ?? .sessionLost(reason: "its worker ended and it could not be built again") }
        if sessions[session.id] == nil { sessions[session.id] = session }
        let reply: WorkerReply
        do {
            reply = try await exchange(.openLink(session: session.id, link), for: session)
        } catch {
            // The linked scene's code (its link's function) is the likeliest to blame.
            throw await requestFailed(
                error, session: session, plugin: pluginOfScene(link.scene) ?? link.scene, scene: link.scene,
                action: "opening the link '\(link.link)'")
        }
        guard case .session(let failure, _, _) = reply else { return }  // exchange checked the kind
        if let failure { throw .remote(failure) }
    }

    /// Drops `session` and its scenes in the worker.
    package func close(_ session: WorkerSession) async {
        try? await enterTurn()
        defer { leaveTurn() }
        guard sessions.remove(session.id) else { return }
        do { _ = try await exchange(.close(session: session.id)) } catch {
            // Closing runs the scenes' deinits; no one's request: only a crash report names a plugin.
            await recover(blaming: lastCrash.map { .report($0) } ?? .noPlugin, source: nil, culprit: nil, fault: error)
        }
    }

    /// Calls a native function in the worker: the lines its callbacks printed and its result text.
    /// A fault of the function is `nativeCallFaulted`; the sessions of the worker are built again.
    package func call(
        _ function: String, arguments: [String], waitingAtMost limit: Duration? = nil
    ) async throws(WorkerError) -> (lines: [String], result: String) {
        try await enterTurn(within: limit)
        defer { leaveTurn() }
        let reply: WorkerReply
        do {
            reply = try await exchange(.call(function: function, arguments: arguments))
        } catch {
            // Calls come from the terminal's one user (`run`, `call`): one source, never many clients.
            let plugin = String(function.prefix { $0 != "." })
            await recover(
                blaming: blaming(error, inFlight: plugin, scene: nil), source: "native calls", culprit: nil,
                fault: error)
            throw .nativeCallFaulted(function: function, fault: error)
        }
        guard case .called(let lines, let result) = reply else { return ([], "") }  // exchange checked the kind
        switch result {
        case .success(let text): return (lines, text)
        case .failure(let failure): throw .remote(failure)
        }
    }

    /// Whether `reply` is the kind of answer `request` asks for.
    package static func answers(_ request: WorkerRequest, with reply: WorkerReply) -> Bool {
        switch (request, reply) {
        case (.open, .session), (.restore, .session), (.commands, .session), (.openLink, .session), (.call, .called),
            (.close, .closed),
            (.finish, .closed), (.settle, .settled):
            return true
        case (.open, _), (.restore, _), (.commands, _), (.openLink, _), (.call, _), (.close, _), (.finish, _),
            (.start, _), (.settle, _):
            return false
        }
    }

    /// `tap press`, `fill name, tap save`: the commands as the script language writes them.
    package static func describe(_ commands: [FrontendCommand]) -> String {
        commands.map { command in
            switch command {
            case .fill(let field, _): return "fill \(field)"
            case .tap(let button): return "tap \(button)"
            case .select(let list, let row): return "select \(list) \(row)"
            case .toggle(let toggle, let isOn): return "toggle \(toggle)" + (isOn.map { $0 ? " on" : " off" } ?? "")
            case .choose(let choice, _): return "choose \(choice)"
            case .back: return "back"
            case .backTo(let scene): return "back \(scene)"
            case .dismiss: return "dismiss"
            case .print: return "print"
            case .wait(let kind, let id, _): return "wait \(kind) \(id)"
            case .call(let function, _): return "call \(function)"
            }
        }.joined(separator: ", ")
    }
}
