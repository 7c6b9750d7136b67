import Logging
import Synchronization

/// Runs sessions in one scene worker process and keeps them alive across its faults.
///
/// Every request has the `[host]` event time limit. When the worker crashes (any signal), exits,
/// hangs past the limit, or writes garbage, the supervisor ends it (its whole process group),
/// counts the fault against the plugin whose scene was on top, starts a new worker and builds
/// every session it held again from the host's records (`WorkerSession`), scene by scene. A scene
/// that fails again — by an error, or by ending the new worker too — is cut off with every scene
/// above it. A plugin that ends workers more than `restarts-per-minute` times within a minute is
/// refused for the rest of the run (its scenes then fail to build, with a message saying so).
///
/// Not thread-safe by itself: a supervisor is used from one thread at a time (`run`: the main
/// thread; `serve`: the worker's own serial queue, `WorkerPool`). Only `WorkerSession`s are shared.
public final class SceneWorkerSupervisor: @unchecked Sendable {
    /// How the supervisor starts a worker.
    public struct Launch: Sendable {
        /// The `scene-host-worker` executable.
        public let executable: String
        /// The worker's arguments after `--channel-fd 3`: the config and loader options (`LoaderSettings.workerArguments`).
        public let arguments: [String]

        public init(executable: String, arguments: [String]) {
            self.executable = executable
            self.arguments = arguments
        }
    }

    let launch: Launch
    let settings: HostSettings
    let logger: Logger
    /// The config name of the plugin that registers a scene (from the host's probe records).
    let pluginOfScene: @Sendable (String) -> String?
    /// The config's initial scene, for messages about a session with no records.
    let initialScene: String
    private var process: WorkerProcess? {
        didSet { livePID.store(process?.pid ?? 0, ordering: .relaxed) }
    }
    /// The worker's process id while one runs (0: none), readable from any thread (`/readyz`).
    let livePID = Atomic<Int32>(0)
    /// Where starts, faults and restores are counted (`WorkerPool.count(with:)`).
    var counters = WorkerCounters()
    /// A worker started before the host loaded the app, not yet known to be ready.
    private var early: WorkerProcess?
    private var sessions: [UInt64: WorkerSession] = [:]
    private var nextSession: UInt64 = 1
    /// When each plugin's code ended a worker, within the last minute.
    private var faults: [String: [ContinuousClock.Instant]] = [:]
    /// Plugins refused for the rest of the run, with the number of restarts that refused them.
    private(set) var refused: [String: Int] = [:]
    /// How many workers were started after the first (restarts), for tests and the benchmark.
    public private(set) var restarts = 0

    /// `early`: a worker started with `startEarly(_:)` while the host loaded the app; `start` adopts it.
    public init(launch: Launch, settings: HostSettings, initialScene: String, logger: Logger, early: EarlyWorker? = nil,
                pluginOfScene: @escaping @Sendable (String) -> String?) {
        self.early = early?.take()
        self.launch = launch
        self.settings = settings
        self.initialScene = initialScene
        self.logger = logger
        self.pluginOfScene = pluginOfScene
    }

    /// The worker's process id now (nil while none runs), for tests that end it from outside.
    public var workerPID: Int32? { process?.pid }

    /// How many sessions live here.
    public var sessionCount: Int { sessions.count }

    /// Starts the worker and waits until it has loaded the app.
    public func start() throws(WorkerError) {
        guard process == nil else { return }
        var arguments = launch.arguments
        for plugin in refused.keys.sorted() { arguments += ["--refuse", "\(plugin)=\(refused[plugin] ?? 0)"] }
        let started: WorkerProcess
        if let early {
            started = early
            self.early = nil
        } else {
            started = try WorkerProcess(executable: launch.executable, arguments: arguments)
        }
        // Loading may probe plugins the host's cache does not hold yet: more time than one event.
        let deadline = ContinuousClock.now + max(settings.eventTimeout, .seconds(60))
        do {
            let payload = try started.channel.receive(deadline: deadline)
            switch try WorkerFrame.decodeReply(payload) {
            case .ready: break
            case .loadFailed(let failure):
                started.end()
                throw WorkerError.remote(failure)
            case .progress, .session, .called, .closed: throw WorkerChannel.Failure.malformed
            }
        } catch let error as WorkerError {
            throw error
        } catch {
            let fault = started.awaitDeath() ?? .garbled
            // A limit too small to load the runtime is the likeliest setting to blame: name it.
            throw .workerUnavailable(reason: "it ended while loading the app (\(fault.summary)), under its memory limit of \(settings.workerMemory >> 20) MiB ([host] worker-memory)")
        }
        process = started
        counters.starts.increment()
        logger.debug("scene worker started", metadata: ["pid": "\(started.pid)"])
    }

    /// Lets the worker free every session's scenes (their deinits run), then ends it and forgets
    /// every session. A worker that does not answer within the event time limit is killed.
    public func shutdown() {
        if process != nil { _ = try? exchange(.finish) }
        process?.end()
        process = nil
        sessions = [:]
    }

    // MARK: Sessions

    /// A new session showing the initial scene. Throws the initial scene's error, or a worker fault.
    public func openSession() throws(WorkerError) -> WorkerSession {
        let session = WorkerSession(id: nextSession)
        nextSession += 1
        let reply: WorkerReply
        do {
            reply = try exchange(.open(session: session.id))
        } catch {
            recover(blaming: initialScene, culprit: nil, fault: error)
            throw .workerStopped(plugin: pluginOfScene(initialScene) ?? initialScene, scene: initialScene, action: "showing the initial scene",
                                 fault: error, restore: .lost(reason: "the initial scene could not be shown"))
        }
        guard case .session(let failure, let report, _) = reply else { return session }  // exchange checked the kind
        session.apply(report)
        if let failure { throw .remote(failure) }
        sessions[session.id] = session
        return session
    }

    /// A new session whose stacks are built from `records` (read back from a session store, maybe by
    /// another instance or before a restart), and what became of them: a scene that fails, or ends
    /// the worker, is cut off with every scene above it (`.cut`, `.startedOver`). Throws when not
    /// even the initial scene can be shown.
    public func restoreSession(_ records: [SceneRecord]) throws(WorkerError) -> (session: WorkerSession, note: RestoreNote) {
        var records = records
        var note = RestoreNote.restored
        while true {
            let session = WorkerSession(id: nextSession)
            nextSession += 1
            var place = -1
            let reply: WorkerReply
            do {
                reply = try exchange(.restore(session: session.id, records: records)) { place = $0 }
            } catch {
                let scene = place >= 0 && place < records.count ? records[place].name : initialScene
                recover(blaming: scene, culprit: nil, fault: error)
                guard place > 0, place < records.count else {
                    throw .workerStopped(plugin: pluginOfScene(scene) ?? scene, scene: scene, action: "building the session again",
                                         fault: error, restore: .lost(reason: "the initial scene could not be shown"))
                }
                note = .cut(scene: scene, reason: "building it again ended the scene worker (\(error.summary))")
                records = Array(records.prefix(place))
                continue
            }
            guard case .session(let failure, let report, let restored) = reply else { throw .sessionLost(reason: "the worker answered out of turn") }
            session.apply(report)
            if case .failure(let screenFailure) = report.screen, report.changed.isEmpty { throw .remote(failure ?? screenFailure) }
            sessions[session.id] = session
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
    /// session (and every other of this worker) was built again.
    public func execute(_ commands: [FrontendCommand], in session: WorkerSession) throws(WorkerError) {
        // Only what is needed, never a copy of the state kept while the report is applied: the
        // records would then be copied for every command (quadratic over a deep stack).
        let (lost, top) = session.read { ($0.lost, $0.records.last?.name) }
        if lost { throw .sessionLost(reason: "its worker ended and it could not be built again") }
        if sessions[session.id] == nil { sessions[session.id] = session }
        let scene = top ?? initialScene
        let reply: WorkerReply
        do {
            reply = try exchange(.commands(session: session.id, commands))
        } catch {
            let plugin = pluginOfScene(scene) ?? scene
            let notes = recover(blaming: scene, culprit: session.id, fault: error)
            throw .workerStopped(plugin: plugin, scene: scene, action: Self.describe(commands), fault: error, restore: notes[session.id] ?? .restored)
        }
        guard case .session(let failure, let report, _) = reply else { return }  // exchange checked the kind
        session.apply(report)
        if let failure { throw .remote(failure) }
    }

    /// Opens the deep link `link` (matched by the host: `LinkTable.resolve`) on `session`: a new
    /// stack from the initial scene to the linked scene. A failure leaves the session as it was;
    /// a worker fault throws `workerStopped` after every session was built again.
    public func open(_ link: LinkOpening, in session: WorkerSession) throws(WorkerError) {
        let current = session.current
        if current.lost { throw .sessionLost(reason: "its worker ended and it could not be built again") }
        if sessions[session.id] == nil { sessions[session.id] = session }
        let reply: WorkerReply
        do {
            reply = try exchange(.openLink(session: session.id, link))
        } catch {
            // The linked scene's code (its link's function) is the likeliest to blame.
            let plugin = pluginOfScene(link.scene) ?? link.scene
            let notes = recover(blaming: link.scene, culprit: session.id, fault: error)
            throw .workerStopped(plugin: plugin, scene: link.scene, action: "opening the link '\(link.link)'", fault: error,
                                 restore: notes[session.id] ?? .restored)
        }
        guard case .session(let failure, let report, _) = reply else { return }  // exchange checked the kind
        session.apply(report)
        if let failure { throw .remote(failure) }
    }

    /// Drops `session` and its scenes in the worker.
    public func close(_ session: WorkerSession) {
        guard sessions.removeValue(forKey: session.id) != nil else { return }
        do { _ = try exchange(.close(session: session.id)) } catch { recover(blaming: nil, culprit: nil, fault: error) }
    }

    /// Calls a native function in the worker: the lines its callbacks printed and its result text.
    /// A fault of the function is `nativeCallFaulted`; the sessions of the worker are built again.
    public func call(_ function: String, arguments: [String]) throws(WorkerError) -> (lines: [String], result: String) {
        let reply: WorkerReply
        do {
            reply = try exchange(.call(function: function, arguments: arguments))
        } catch {
            let plugin = String(function.prefix { $0 != "." })
            noteFault(of: plugin)
            recover(blaming: nil, culprit: nil, fault: error, plugin: plugin)
            throw .nativeCallFaulted(function: function, fault: error)
        }
        guard case .called(let lines, let result) = reply else { return ([], "") }  // exchange checked the kind
        switch result {
        case .success(let text): return (lines, text)
        case .failure(let failure): throw .remote(failure)
        }
    }

    // MARK: Faults

    /// One request and its answer, within the event time limit (renewed by each restore step).
    /// A fault ends the worker and is thrown; the supervisor then has no worker until `start`.
    ///
    /// The answer must be the kind the request asks for, and restore steps come only during a
    /// restore, each place after the last and inside the stack sent: anything else — plugin code
    /// writing a well-formed frame of its own to the channel, or steps sent forever to keep the
    /// deadline moving — is garbage, and ends the worker like a malformed frame.
    private func exchange(_ request: WorkerRequest, progress: (Int) -> Void = { _ in }) throws(WorkerFault) -> WorkerReply {
        if process == nil {
            do { try start() } catch { throw .notStarted(reason: "\(error)") }
        }
        guard let process else { throw .notStarted(reason: "no worker") }
        var deadline = ContinuousClock.now + settings.eventTimeout
        var lastPlace = -1
        do {
            try process.channel.send(WorkerFrame.encode(request), deadline: deadline)
            while true {
                let payload = try process.channel.receive(deadline: deadline)
                let reply: WorkerReply
                do { reply = try WorkerFrame.decodeReply(payload) } catch { throw WorkerChannel.Failure.malformed }
                guard case .progress(let place) = reply else {
                    guard Self.answers(request, with: reply) else { throw WorkerChannel.Failure.malformed }
                    return reply
                }
                guard case .restore(_, let records) = request, place > lastPlace, place < records.count else {
                    throw WorkerChannel.Failure.malformed
                }
                lastPlace = place
                progress(place)
                deadline = ContinuousClock.now + settings.eventTimeout
            }
        } catch {
            self.process = nil
            let failure = error as? WorkerChannel.Failure ?? .malformed
            switch failure {
            case .timedOut:
                process.end()
                throw .timedOut(milliseconds: settings.eventTimeout.wholeMilliseconds)
            case .malformed:
                process.end()
                throw .garbled
            case .closed:
                throw process.awaitDeath() ?? .exited(0)
            }
        }
    }

    /// Counts a fault against `plugin`; past the limit within a minute the plugin is refused.
    private func noteFault(of plugin: String) {
        let now = ContinuousClock.now
        var recent = (faults[plugin] ?? []).filter { now - $0 < .seconds(60) }
        recent.append(now)
        faults[plugin] = recent
        if recent.count > settings.restartsPerMinute, refused[plugin] == nil {
            refused[plugin] = recent.count
            logger.warning("plugin refused after repeated worker faults", metadata: ["plugin": "\(plugin)", "faults": "\(recent.count)"])
        }
    }

    /// After a fault: counts it against the plugin of `scene`, starts a new worker and builds every
    /// session again. Returns what became of each session; the others (not `culprit`) also get it
    /// as their notice, shown to their user next time.
    @discardableResult
    private func recover(blaming scene: String?, culprit: UInt64?, fault: WorkerFault, plugin: String? = nil) -> [UInt64: RestoreNote] {
        let blamed = plugin ?? scene.map { pluginOfScene($0) ?? $0 } ?? "a plugin"
        counters.faults.increment()
        defer { counters.restores.increment(by: sessions.count) }
        if let scene { noteFault(of: pluginOfScene(scene) ?? scene) }
        var notes: [UInt64: RestoreNote] = [:]
        // Each pass either ends with every session built again, or cuts a stack or loses a session: it ends.
        passes: while true {
            process?.end()
            process = nil
            restarts += 1
            do { try start() } catch {
                for session in sessions.values {
                    session.update { $0.lost = true }
                    notes[session.id] = .lost(reason: "no new worker could be started")
                }
                sessions = [:]
                return notes
            }
            for id in sessions.keys.sorted() {
                guard let session = sessions[id] else { continue }
                let records = session.current.records
                var place = -1
                do throws(WorkerFault) {
                    let reply = try exchange(.restore(session: id, records: records)) { place = $0 }
                    guard case .session(let failure, let report, let restored) = reply else { throw WorkerFault.garbled }
                    session.apply(report)
                    let built = restored ?? 0
                    if case .failure(let screenFailure) = report.screen, report.changed.isEmpty {
                        // Not even the initial scene could be shown again.
                        session.update { $0.lost = true }
                        notes[id] = .lost(reason: (failure ?? screenFailure).text)
                        sessions[id] = nil
                    } else if built < records.count, notes[id] == nil {
                        let reason = failure?.text ?? "it could not be built"
                        notes[id] = built == 0 ? .startedOver(reason: reason) : .cut(scene: records[built].name, reason: reason)
                    }
                } catch {
                    // The new worker ended too, while building `records[place]`: cut there and start over.
                    guard place >= 0, place < records.count else {
                        session.update { $0.lost = true }
                        notes[id] = .lost(reason: "the initial scene ended the new worker too (\(error.summary))")
                        sessions[id] = nil
                        continue passes
                    }
                    noteFault(of: pluginOfScene(records[place].name) ?? records[place].name)
                    session.update { $0.replace(keeping: place) }
                    // The lowest cut is the one that stands.
                    notes[id] = place == 0 ? .startedOver(reason: "building '\(records[0].name)' again ended the new worker too (\(error.summary))")
                        : .cut(scene: records[place].name, reason: "building it again ended the new worker too (\(error.summary))")
                    continue passes
                }
            }
            break
        }
        for id in sessions.keys where id != culprit {
            sessions[id]?.update { $0.notice = .sharedWorkerStopped(plugin: blamed, fault: fault, restore: notes[id] ?? .restored) }
        }
        return notes
    }

    /// Whether `reply` is the kind of answer `request` asks for.
    static func answers(_ request: WorkerRequest, with reply: WorkerReply) -> Bool {
        switch (request, reply) {
        case (.open, .session), (.restore, .session), (.commands, .session), (.openLink, .session), (.call, .called), (.close, .closed),
             (.finish, .closed): return true
        case (.open, _), (.restore, _), (.commands, _), (.openLink, _), (.call, _), (.close, _), (.finish, _): return false
        }
    }


    /// `tap press`, `fill name, tap save`: the commands as the script language writes them.
    static func describe(_ commands: [FrontendCommand]) -> String {
        commands.map { command in
            switch command {
            case .fill(let field, _): return "fill \(field)"
            case .tap(let button): return "tap \(button)"
            case .select(let list, let row): return "select \(list) \(row)"
            case .back: return "back"
            case .backTo(let scene): return "back \(scene)"
            case .dismiss: return "dismiss"
            case .print: return "print"
            case .call(let function, _): return "call \(function)"
            }
        }.joined(separator: ", ")
    }
}
