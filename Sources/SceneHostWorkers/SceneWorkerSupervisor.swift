import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import Logging
import Synchronization
import SceneHostProcesses
import SceneHostConfig
import SceneHostCore
import SceneHostFrontend
import SceneHostNavigation

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
/// Not thread-safe by itself: a supervisor is used from one thread at a time (`run`: the main
/// thread; `serve`: the worker's own serial queue, `WorkerPool`). Only `WorkerSession`s are shared.
package final class SceneWorkerSupervisor: @unchecked Sendable {
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
    package private(set) var startMessage: WorkerStartMessage
    /// The checked plugin files handed to each worker after `startMessage` (`--watch`); nil: none.
    private var handedFiles: CheckedPluginFiles?
    /// A worker started on a new build (`startReplacement`) that has not replaced the running one yet.
    private var replacement: Replacement?

    private struct Replacement {
        let process: WorkerProcess
        let refuses: Set<String>
        let start: WorkerStartMessage
        let files: CheckedPluginFiles?
    }

    package let launch: Launch
    package let settings: HostSettings
    package let logger: Logger
    /// The config name of the plugin that registers a scene (from the host's probe records).
    package private(set) var pluginOfScene: @Sendable (String) -> String?
    /// The config's initial scene, for messages about a session with no records.
    package private(set) var initialScene: String
    /// Who pays for faults, shared with the pool's other workers.
    package let ledger: FaultLedger
    /// How long a restart after a fault waits.
    private var backoff: RestartBackoff
    /// The plugins the running worker was started refusing (`ChildSettings.refused`).
    private var workerRefuses: Set<String> = []
    private var process: WorkerProcess? {
        didSet { livePID.store(process?.pid ?? 0, ordering: .relaxed) }
    }
    /// The worker's process id while one runs (0: none), readable from any thread (`/readyz`).
    package let livePID = Atomic<Int32>(0)
    /// What the crash handler of the worker that last ended reported (`exchange`), until it is blamed.
    private var lastCrash: CrashReport?
    /// Where starts, faults and restores are counted (`WorkerPool.count(with:)`).
    package var counters = WorkerCounters()
    /// A worker started before the host loaded the app, not yet known to be ready.
    private var early: WorkerProcess?
    private var sessions: [UInt64: WorkerSession] = [:]
    private var nextSession: UInt64 = 1
    /// How many workers were started after the first (restarts), for tests and the benchmark.
    package private(set) var restarts = 0

    /// `early`: a worker started with `startEarly(_:)` while the host loaded the app; `start` adopts it.
    /// `ledger`: the fault accounting shared with other workers (`serve`); nil: one of its own that
    /// ends no session (`run`, `call`).
    /// `start`: the config the host checked, handed to every worker it starts.
    package init(launch: Launch, start: WorkerStartMessage, settings: HostSettings, initialScene: String, logger: Logger, early: EarlyWorker? = nil,
                ledger: FaultLedger? = nil, pluginOfScene: @escaping @Sendable (String) -> String?) {
        startMessage = start
        self.early = early?.take()
        self.launch = launch
        self.settings = settings
        self.initialScene = initialScene
        self.logger = logger
        self.ledger = ledger ?? FaultLedger(settings: settings, endsSessions: false, logger: logger)
        backoff = RestartBackoff(settings: settings)
        self.pluginOfScene = pluginOfScene
    }

    /// The worker's process id now (nil while none runs), for tests that end it from outside.
    package var workerPID: Int32? { process?.pid }

    /// How many sessions live here.
    package var sessionCount: Int { sessions.count }

    /// Starts the worker and waits until it has loaded the app.
    package func start() throws(WorkerError) {
        guard process == nil else { return }
        let (started, refuses) = try startWorker(adoptingEarly: true)
        process = started
        adopted(started, refusing: refuses)
    }

    /// Counts and watches `started`, now the running worker, started refusing `refuses`.
    private func adopted(_ started: WorkerProcess, refusing refuses: Set<String>) {
        if let unaskedQueue { watchUnasked(started, on: unaskedQueue) }
        workerRefuses = refuses
        counters.starts.increment()
        logger.debug("scene worker started", metadata: ["pid": "\(started.pid)"])
    }

    /// A worker started on `startMessage` (and `handedFiles`), loaded and ready, with the plugins
    /// it refuses; `adoptingEarly`: the worker started early is taken when there is one.
    private func startWorker(adoptingEarly: Bool) throws(WorkerError) -> (WorkerProcess, Set<String>) {
        let refusals = ledger.refusals()
        var message = startMessage
        message.settings = launch.settings
        message.settings?.refused = refusals.map { ChildSettings.Refusal(plugin: $0.plugin, sources: $0.sources, seconds: $0.secondsLeft) }
        message.handedFiles = handedFiles?.files ?? []
        let started: WorkerProcess
        if adoptingEarly, let early {
            // Started before the load, it waits for its start frame: the refusals of now reach it there.
            started = early
            self.early = nil
        } else {
            started = try WorkerProcess(executable: launch.executable)
        }
        // Loading may probe plugins the host's cache does not hold yet: more time than one event.
        let deadline = ContinuousClock.now + max(settings.eventTimeout, .seconds(60))
        do {
            // The checked config first: the worker waits for it before it reads or opens anything.
            try started.channel.send(WorkerFrame.encode(.start(message)), deadline: deadline)
            // Then the checked files it announced (`--watch`), loaded in place of their paths.
            if let handedFiles { try started.channel.sendDescriptors(handedFiles.descriptors, deadline: deadline) }
            let payload = try started.channel.receive(deadline: deadline)
            switch try WorkerFrame.decodeReply(payload) {
            case .ready: break
            case .loadFailed(let failure):
                started.end()
                throw WorkerError.remote(failure)
            case .progress, .session, .called, .closed, .settled, .changed: throw WorkerChannel.Failure.malformed
            }
        } catch let error as WorkerError {
            throw error
        } catch {
            let fault = started.awaitDeath() ?? .garbled
            // A limit too small to load the runtime is the likeliest setting to blame: name it.
            throw .workerUnavailable(reason: "it ended while loading the app (\(fault.summary)), under its memory limit of \(settings.workerMemory >> 20) MiB ([host] worker-memory)")
        }
        return (started, Set(refusals.map(\.plugin)))
    }

    /// Lets the worker free every session's scenes (their deinits run), then ends it and forgets
    /// every session. A worker that does not answer within the event time limit is killed.
    package func shutdown() {
        dropReplacement()
        if process != nil { _ = try? exchange(.finish) }
        process?.end()
        process = nil
        sessions = [:]
    }

    // MARK: Sessions

    /// A new session showing the initial scene. Throws the initial scene's error, or a worker fault.
    package func openSession() throws(WorkerError) -> WorkerSession {
        try refuseIfInitialSceneRefused()
        syncRefusals()
        let session = WorkerSession(id: nextSession, source: ledger.newSource())
        nextSession += 1
        let reply: WorkerReply
        do {
            reply = try exchange(.open(session: session.id))
        } catch {
            let plugin = pluginOfScene(initialScene) ?? initialScene
            let blame = blaming(error, inFlight: plugin, scene: initialScene)
            recover(blaming: blame, source: session.read(\.source), culprit: nil, fault: error)
            throw blame.stopped(scenePlugin: plugin, scene: initialScene, action: "showing the initial scene",
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
    package func restoreSession(_ records: [SceneRecord]) throws(WorkerError) -> (session: WorkerSession, note: RestoreNote) {
        try refuseIfInitialSceneRefused()
        syncRefusals()
        var records = records
        var note = RestoreNote.restored
        let source = ledger.newSource()
        while true {
            let session = WorkerSession(id: nextSession, source: source)
            nextSession += 1
            var place = -1
            let reply: WorkerReply
            do {
                reply = try exchange(.restore(session: session.id, records: records)) { place = $0 }
            } catch {
                let scene = place >= 0 && place < records.count ? records[place].name : initialScene
                let blame = blaming(error, inFlight: pluginOfScene(scene) ?? scene, scene: scene)
                recover(blaming: blame, source: source, culprit: nil, fault: error)
                guard place > 0, place < records.count else {
                    throw blame.stopped(scenePlugin: pluginOfScene(scene) ?? scene, scene: scene, action: "building the session again",
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
    /// session (and every other of this worker) was built again — or `sessionEndedForFaults`
    /// when it was this session's last allowed fault: it is then not built again.
    package func execute(_ commands: [FrontendCommand], in session: WorkerSession) throws(WorkerError) {
        syncRefusals()
        // Only what is needed, never a copy of the state kept while the report is applied: the
        // records would then be copied for every command (quadratic over a deep stack).
        let (lost, ended, top) = session.read { ($0.lost, $0.ended, $0.records.last?.name) }
        if lost { throw ended ?? .sessionLost(reason: "its worker ended and it could not be built again") }
        if sessions[session.id] == nil { sessions[session.id] = session }
        let scene = top ?? initialScene
        let reply: WorkerReply
        do {
            reply = try exchange(.commands(session: session.id, commands))
        } catch {
            let plugin = pluginOfScene(scene) ?? scene
            let action = Self.describe(commands)
            let blame = blaming(error, inFlight: plugin, scene: scene)
            let ended = charge(session, plugin: blame.plugin ?? plugin, scene: scene, action: action, fault: error)
            let notes = recover(blaming: blame, source: session.read(\.source), culprit: session.id, fault: error)
            throw ended ?? blame.stopped(scenePlugin: plugin, scene: scene, action: action, fault: error, restore: notes[session.id] ?? .restored)
        }
        guard case .session(let failure, let report, _) = reply else { return }  // exchange checked the kind
        session.apply(report)
        if let failure { throw .remote(failure) }
    }

    /// Waits until the background work of `session`'s scenes ended, or `limit` passed: the errors
    /// it threw and did not catch meanwhile, to be shown as notices. The worker answers within
    /// `limit`; one event time limit more is its time to do so. A fault is handled as a command's.
    package func settle(_ session: WorkerSession, within limit: Duration) throws(WorkerError) -> [RemoteFailure] {
        let (lost, ended, top) = session.read { ($0.lost, $0.ended, $0.records.last?.name) }
        if lost { throw ended ?? .sessionLost(reason: "its worker ended and it could not be built again") }
        let scene = top ?? initialScene
        let reply: WorkerReply
        do {
            reply = try exchange(.settle(session: session.id, milliseconds: Int(limit.wholeMilliseconds)), longer: limit)
        } catch {
            let plugin = pluginOfScene(scene) ?? scene
            let action = "background work"
            let blame = blaming(error, inFlight: plugin, scene: scene)
            let ended = charge(session, plugin: blame.plugin ?? plugin, scene: scene, action: action, fault: error)
            let notes = recover(blaming: blame, source: session.read(\.source), culprit: session.id, fault: error)
            throw ended ?? blame.stopped(scenePlugin: plugin, scene: scene, action: action, fault: error, restore: notes[session.id] ?? .restored)
        }
        guard case .settled(let report, let failures, _) = reply else { return [] }  // exchange checked the kind
        session.apply(report)
        return failures
    }

    /// Opens the deep link `link` (matched by the host: `LinkTable.resolve`) on `session`: a new
    /// stack from the initial scene to the linked scene. A failure leaves the session as it was;
    /// a worker fault throws `workerStopped` after every session was built again.
    package func open(_ link: LinkOpening, in session: WorkerSession) throws(WorkerError) {
        syncRefusals()
        let (lost, ended) = session.read { ($0.lost, $0.ended) }
        if lost { throw ended ?? .sessionLost(reason: "its worker ended and it could not be built again") }
        if sessions[session.id] == nil { sessions[session.id] = session }
        let reply: WorkerReply
        do {
            reply = try exchange(.openLink(session: session.id, link))
        } catch {
            // The linked scene's code (its link's function) is the likeliest to blame.
            let plugin = pluginOfScene(link.scene) ?? link.scene
            let action = "opening the link '\(link.link)'"
            let blame = blaming(error, inFlight: plugin, scene: link.scene)
            let ended = charge(session, plugin: blame.plugin ?? plugin, scene: link.scene, action: action, fault: error)
            let notes = recover(blaming: blame, source: session.read(\.source), culprit: session.id, fault: error)
            throw ended ?? blame.stopped(scenePlugin: plugin, scene: link.scene, action: action, fault: error, restore: notes[session.id] ?? .restored)
        }
        guard case .session(let failure, let report, _) = reply else { return }  // exchange checked the kind
        session.apply(report)
        if let failure { throw .remote(failure) }
    }

    /// Drops `session` and its scenes in the worker.
    package func close(_ session: WorkerSession) {
        guard sessions.removeValue(forKey: session.id) != nil else { return }
        do { _ = try exchange(.close(session: session.id)) } catch {
            // Closing runs the scenes' deinits; no one's request: only a crash report names a plugin.
            recover(blaming: lastCrash.map { .report($0) } ?? .noPlugin, source: nil, culprit: nil, fault: error)
        }
    }

    /// Calls a native function in the worker: the lines its callbacks printed and its result text.
    /// A fault of the function is `nativeCallFaulted`; the sessions of the worker are built again.
    package func call(_ function: String, arguments: [String]) throws(WorkerError) -> (lines: [String], result: String) {
        let reply: WorkerReply
        do {
            reply = try exchange(.call(function: function, arguments: arguments))
        } catch {
            // Calls come from the terminal's one user (`run`, `call`): one source, never many clients.
            let plugin = String(function.prefix { $0 != "." })
            recover(blaming: blaming(error, inFlight: plugin, scene: nil), source: "native calls", culprit: nil, fault: error)
            throw .nativeCallFaulted(function: function, fault: error)
        }
        guard case .called(let lines, let result) = reply else { return ([], "") }  // exchange checked the kind
        switch result {
        case .success(let text): return (lines, text)
        case .failure(let failure): throw .remote(failure)
        }
    }

    // MARK: Faults

    /// The sizes of the last request frame sent and the last frame received, header included: the
    /// benchmark sizes its raw socketpair baseline by them (docs/performance.md, the worker hop).
    package private(set) var lastExchangeBytes = (request: 0, reply: 0)

    /// One request and its answer, within the event time limit (renewed by each restore step).
    /// A fault ends the worker and is thrown; the supervisor then has no worker until `start`.
    ///
    /// The answer must be the kind the request asks for, and restore steps come only during a
    /// restore, each place after the last and inside the stack sent: anything else — plugin code
    /// writing a well-formed frame of its own to the channel, or steps sent forever to keep the
    /// deadline moving — is garbage, and ends the worker like a malformed frame.
    private func exchange(_ request: WorkerRequest, longer extra: Duration = .zero, progress: (Int) -> Void = { _ in }) throws(WorkerFault) -> WorkerReply {
        if process == nil {
            // Its message, as the user would read it (not the enum's dump).
            do { try start() } catch { throw .notStarted(reason: error.notStartedReason) }
        }
        guard let process else { throw .notStarted(reason: "no worker") }
        lastCrash = nil
        var deadline = ContinuousClock.now + settings.eventTimeout + extra
        var lastPlace = -1
        do {
            let frame = WorkerFrame.encode(request)
            try process.channel.send(frame, deadline: deadline)
            lastExchangeBytes.request = frame.count
            while true {
                let payload = try process.channel.receive(deadline: deadline)
                lastExchangeBytes.reply = WorkerFrame.headerSize + payload.count
                let reply: WorkerReply
                do { reply = try WorkerFrame.decodeReply(payload) } catch { throw WorkerChannel.Failure.malformed }
                if case .changed(let id, let report) = reply {
                    // Sent before the answer, in order: applied as it comes. It never moves the deadline.
                    applyUnasked(id, report)
                    continue
                }
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
            case .tooLarge(let bytes):
                process.end()
                throw .tooLarge(bytes: bytes, limit: WorkerFrame.maximumSize)
            case .closed:
                let fault = process.awaitDeath() ?? .exited(0)
                lastCrash = process.takeCrashReport(for: fault)
                throw fault
            }
        }
    }

    // MARK: Unasked screens

    /// The descriptor that becomes readable when the worker sent something unasked (a screen its
    /// background work changed: `WorkerReply.changed`); nil while no worker runs. `run` waits on it
    /// with its terminal's input, then calls `takeUnasked`.
    package var unaskedDescriptor: Int32? { process?.channel.descriptor }

    /// Where `serve` hears of unasked frames: the worker's queue (`WorkerPool.Slot`). Each worker
    /// started from now on is watched there, and `takeUnasked` runs when its channel is readable.
    package var unaskedQueue: DispatchQueue? {
        didSet { if let process, let unaskedQueue { watchUnasked(process, on: unaskedQueue) } }
    }

    private func watchUnasked(_ process: WorkerProcess, on queue: DispatchQueue) {
        let pid = process.pid
        // Only the worker it was made for: a source of an ended worker may still fire once.
        process.watchChannel(on: queue) { [weak self] in
            guard let self, self.process?.pid == pid else { return }
            self.takeUnasked()
        }
    }

    /// Applies every frame the worker sent unasked and the host has not read yet, without waiting
    /// for more; true when a session changed. Anything else than `changed` there is garbage; a
    /// closed channel is the worker's end (a crash in background work). In `run` (no queue: one
    /// user) either is a fault handled at once: the worker is started again and the session built
    /// again, with a notice. In `serve` the watch stops there, and the next request meets the fault
    /// and is answered as before: charged to the session whose request found it, its client the
    /// source (a worker's many sessions give no other way to know whose work it was).
    @discardableResult
    package func takeUnasked() -> Bool {
        guard let process else { return false }
        var changed = false
        // Bounded: a worker that writes frames as fast as it can still lets its queue's requests run.
        for _ in 0..<64 {
            var entry = pollfd(fd: process.channel.descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 0) > 0 else { break }
            do throws(WorkerChannel.Failure) {
                let payload = try process.channel.receive(deadline: ContinuousClock.now + settings.eventTimeout)
                guard case .changed(let id, let report) = try? WorkerFrame.decodeReply(payload) else { throw WorkerChannel.Failure.malformed }
                changed = applyUnasked(id, report) || changed
            } catch {
                if unaskedQueue != nil {
                    process.stopWatching()
                    return changed
                }
                self.process = nil
                let fault: WorkerFault
                switch error {
                case .closed:
                    fault = process.awaitDeath() ?? .exited(0)
                    lastCrash = process.takeCrashReport(for: fault)
                case .timedOut:
                    process.end()
                    fault = .timedOut(milliseconds: settings.eventTimeout.wholeMilliseconds)
                case .malformed:
                    process.end()
                    fault = .garbled
                case .tooLarge(let bytes):
                    process.end()
                    fault = .tooLarge(bytes: bytes, limit: WorkerFrame.maximumSize)
                }
                // No request was in flight: a crash report names the plugin, else no one is blamed.
                recover(blaming: lastCrash.map { .report($0) } ?? .noPlugin, source: nil, culprit: nil, fault: fault)
                return true
            }
        }
        return changed
    }

    /// Applies an unasked report to its session; a session the host closed meanwhile is skipped.
    @discardableResult
    private func applyUnasked(_ id: UInt64, _ report: SessionReport) -> Bool {
        guard let session = sessions[id] else { return false }
        session.apply(report)
        return true
    }

    /// Counts a fault of `plugin`'s code met by `source`, and the refusal for everyone it may start.
    private func noteFault(of plugin: String, from source: String) {
        counters.pluginFaulted(plugin)
        if ledger.noteFault(of: plugin, from: source) != nil { counters.pluginRefused(plugin) }
    }

    /// Counts a fault of `session`'s own request against it; on its last allowed fault the session is
    /// ended (not built again) and the error saying so is returned.
    private func charge(_ session: WorkerSession, plugin: String, scene: String, action: String, fault: WorkerFault) -> WorkerError? {
        // No worker could be started: nothing the session did.
        if case .notStarted = fault { return nil }
        var faults = 0
        session.update { state in
            state.faults += 1
            faults = state.faults
        }
        guard ledger.endsSession(afterFaults: faults) else { return nil }
        let ended = WorkerError.sessionEndedForFaults(plugin: plugin, scene: scene, action: action, fault: fault, faults: faults)
        session.update { state in
            state.lost = true
            state.ended = ended
        }
        sessions[session.id] = nil
        counters.sessionsEndedForFaults.increment()
        logger.warning("session ended: its own actions ended its scene worker too often",
                       metadata: ["plugin": "\(plugin)", "scene": "\(scene)", "action": "\(action)", "fault": "\(fault.summary)", "faults": "\(faults)"])
        return ended
    }

    /// After a fault: counts it against `plugin` as met by `source` (none: a fault no plugin's code
    /// is known to have caused), starts a new worker (after the backoff's wait) and builds every
    /// session again. Returns what became of each session; the others (not `culprit`) also get it
    /// as their notice, shown to their user next time.
    @discardableResult
    private func recover(blaming blame: FaultBlame, source: String?, culprit: UInt64?, fault: WorkerFault) -> [UInt64: RestoreNote] {
        counters.faults.increment()
        let plugin = blame.plugin
        if let plugin, let source, Self.blames(fault) { noteFault(of: plugin, from: source) }
        let held = sessions
        let notes = restartAndRestore(afterFault: true)
        counters.restores.increment(by: sessions.count)
        for (id, session) in held where id != culprit {
            let notice = WorkerError.sharedWorkerStopped(plugin: plugin ?? blame.nobody, fault: fault, restore: notes[id] ?? .restored)
            // A session that could not come back says why on its next page, instead of only "lost".
            session.update { state in
                if state.lost { state.ended = state.ended ?? notice } else { state.notice = notice }
            }
        }
        return notes
    }

    /// Whose code `fault` (just thrown by `exchange`) is counted against, when the request in flight was
    /// for `scene` of plugin `inFlight`: the crash report's plugin, else `inFlight` (`FaultBlame`). A
    /// crash blamed elsewhere than the scene on screen is logged, with both.
    private func blaming(_ fault: WorkerFault, inFlight: String, scene: String?) -> FaultBlame {
        guard let report = lastCrash else { return .scene(inFlight) }
        lastCrash = nil
        let blame = FaultBlame.report(report)
        var metadata: Logger.Metadata = ["signal": "\(fault.summary)", "scene_plugin": "\(inFlight)"]
        if let scene { metadata["scene"] = "\(scene)" }
        if let plugin = report.plugin {
            guard plugin != inFlight else { return blame }
            metadata["plugin"] = "\(plugin)"
            logger.warning("scene worker crashed in another plugin's code than the scene's: counted against that plugin", metadata: metadata)
        } else {
            logger.warning("scene worker crashed outside every plugin's code: counted against no plugin", metadata: metadata)
        }
        return blame
    }

    /// Whether `fault` is plugin code's doing (a worker that could not even start is not).
    private static func blames(_ fault: WorkerFault) -> Bool {
        switch fault {
        case .signal, .exited, .timedOut, .garbled, .tooLarge: return true
        case .notStarted: return false
        }
    }

    /// Before a session's request: when the plugins refused for everyone changed since this worker
    /// started (a refusal met on another worker, a cooling period over), the worker is started again
    /// with the plugins refused now, and every session built again; a session that loses scenes
    /// (or all) to it is told why.
    private func syncRefusals() {
        guard process != nil else { return }  // the next start refuses what is refused then
        let refused = Set(ledger.refusals().map(\.plugin))
        guard refused != workerRefuses else { return }
        let changed = refused.symmetricDifference(workerRefuses).sorted()
        let held = sessions
        let notes = restartAndRestore(afterFault: false)
        for (id, note) in notes where note != .restored {
            let notice = WorkerError.pluginsClosed(plugins: changed, restore: note)
            held[id]?.update { state in
                if state.lost { state.ended = notice } else { state.notice = notice }
            }
        }
    }

    /// Ends the worker, starts a new one (after a fault: after the backoff's wait) and builds every
    /// session again. Returns what became of each session that did not come back as it was.
    /// `started`: the first pass builds the sessions on the worker running now (a reload's, just started).
    private func restartAndRestore(afterFault: Bool, started: Bool = false) -> [UInt64: RestoreNote] {
        var notes: [UInt64: RestoreNote] = [:]
        var waits = afterFault
        var fresh = started
        // Each pass either ends with every session built again, or cuts a stack or loses a session: it ends.
        passes: while true {
            if !fresh {
                process?.end()
                process = nil
                if waits { ledger.clock.sleep(backoff.delay(restartingAt: ledger.clock.now())) }
                restarts += 1
                do { try start() } catch {
                    for session in sessions.values {
                        session.update { $0.lost = true }
                        notes[session.id] = .lost(reason: "no new worker could be started")
                    }
                    sessions = [:]
                    return notes
                }
            }
            // A later pass follows a fault during the restore.
            waits = true
            fresh = false
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
                    // The plugin's fault, met by this session; not the session's own doing (it only came back).
                    let scene = records[place].name
                    if Self.blames(error), let plugin = blaming(error, inFlight: pluginOfScene(scene) ?? scene, scene: scene).plugin {
                        noteFault(of: plugin, from: session.read(\.source))
                    }
                    session.update { $0.replace(keeping: place) }
                    // The lowest cut is the one that stands.
                    notes[id] = place == 0 ? .startedOver(reason: "building '\(records[0].name)' again ended the new worker too (\(error.summary))")
                        : .cut(scene: records[place].name, reason: "building it again ended the new worker too (\(error.summary))")
                    continue passes
                }
            }
            break
        }
        return notes
    }

    // MARK: Reload

    /// Starts a worker on `start` (a new build the host has checked: `--watch`), handed `files`,
    /// beside the running one, which goes on serving: `reload` then puts it in its place. Throws
    /// when it cannot start or load (the running worker is untouched).
    package func startReplacement(start: WorkerStartMessage, files: CheckedPluginFiles?) throws(WorkerError) {
        dropReplacement()
        let (running, runningFiles) = (startMessage, handedFiles)
        startMessage = start
        handedFiles = files
        defer {
            startMessage = running
            handedFiles = runningFiles
        }
        let (started, refuses) = try startWorker(adoptingEarly: false)
        replacement = Replacement(process: started, refuses: refuses, start: start, files: files)
    }

    /// Ends the worker `startReplacement` started, if it has not replaced the running one.
    package func dropReplacement() {
        replacement?.process.end()
        replacement = nil
    }

    /// Puts the worker `startReplacement` started in the place of the running one and builds every
    /// session again on it from its records, as after a fault but without a wait and charged to no
    /// one. Each session is told what became of it (`WorkerError.reloaded`): a scene the new build
    /// cannot build again is cut off with every scene above it, as a restore after a crash does.
    ///
    /// The old worker is ended, not asked to finish: its code is the build being replaced.
    package func reload(initialScene: String, pluginOfScene: @escaping @Sendable (String) -> String?, plugins: [String]) {
        guard let replacement else { return }
        self.replacement = nil
        startMessage = replacement.start
        handedFiles = replacement.files
        self.initialScene = initialScene
        self.pluginOfScene = pluginOfScene
        early?.end()
        early = nil
        process?.end()
        process = replacement.process
        adopted(replacement.process, refusing: replacement.refuses)
        restarts += 1
        let held = sessions
        let notes = restartAndRestore(afterFault: false, started: true)
        for (id, session) in held {
            let notice = WorkerError.reloaded(plugins: plugins, restore: notes[id] ?? .restored)
            session.update { state in
                if state.lost { state.ended = state.ended ?? notice } else { state.notice = notice }
            }
        }
    }

    /// Tells every session that a new build of `plugins` was refused (`reason`): nothing else changes.
    package func noteRefusedReload(plugins: [String], reason: String) {
        let notice = WorkerError.reloadRefused(plugins: plugins, reason: reason)
        for session in sessions.values {
            session.update { state in
                if !state.lost { state.notice = notice }
            }
        }
    }

    /// Refuses a new session at once, without a worker, while the initial scene's plugin is refused for everyone.
    private func refuseIfInitialSceneRefused() throws(WorkerError) {
        let plugin = pluginOfScene(initialScene) ?? initialScene
        guard let (refusal, left) = ledger.refusal(of: plugin) else { return }
        throw .pluginRefused(plugin: plugin, sources: refusal.sources, retryIn: left)
    }

    /// Whether `reply` is the kind of answer `request` asks for.
    package static func answers(_ request: WorkerRequest, with reply: WorkerReply) -> Bool {
        switch (request, reply) {
        case (.open, .session), (.restore, .session), (.commands, .session), (.openLink, .session), (.call, .called), (.close, .closed),
             (.finish, .closed), (.settle, .settled): return true
        case (.open, _), (.restore, _), (.commands, _), (.openLink, _), (.call, _), (.close, _), (.finish, _), (.start, _), (.settle, _): return false
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
