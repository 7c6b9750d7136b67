import SceneHostNavigation
import Logging
import CoreMetrics
import SceneHostProcesses

/// Faults: whom they are charged to, and how the worker and its sessions come back after one.
extension SceneWorkerSupervisor {
    /// A request of `session` (for `scene` of `plugin`, doing `action`) ended the worker with
    /// `fault`: it is charged and every session built again; the error to throw.
    func requestFailed(
        _ fault: WorkerFault, session: WorkerSession, plugin: String, scene: String, action: String
    ) async -> WorkerError {
        let blame = blaming(fault, inFlight: plugin, scene: scene)
        let ended = charge(session, plugin: blame.plugin ?? plugin, scene: scene, action: action, fault: fault)
        let notes = await recover(blaming: blame, source: session.read(\.source), culprit: session.id, fault: fault)
        return ended
            ?? blame.stopped(
                scenePlugin: plugin, scene: scene, action: action, fault: fault, restore: notes[session.id] ?? .restored
            )
    }

    /// Counts a fault of `plugin`'s code met by `source`, and the refusal for everyone it may start.
    func noteFault(of plugin: String, from source: String) {
        counters.pluginFaulted(plugin)
        if ledger.noteFault(of: plugin, from: source) != nil { counters.pluginRefused(plugin) }
    }

    /// Counts a fault of `session`'s own request against it; on its last allowed fault the session is
    /// ended (not built again) and the error saying so is returned.
    func charge(
        _ session: WorkerSession, plugin: String, scene: String, action: String, fault: WorkerFault
    ) -> WorkerError? {
        // No worker could be started: nothing the session did.
        if case .notStarted = fault { return nil }
        var faults = 0
        session.update { state in
            state.faults += 1
            faults = state.faults
        }
        guard ledger.endsSession(afterFaults: faults) else { return nil }
        let ended = WorkerError.sessionEndedForFaults(
            plugin: plugin, scene: scene, action: action, fault: fault, faults: faults)
        session.update { state in
            state.lost = true
            state.ended = ended
        }
        sessions.remove(session.id)
        counters.sessionsEndedForFaults.increment()
        logger.warning(
            "session ended: its own actions ended its scene worker too often",
            metadata: [
                "plugin": "\(plugin)", "scene": "\(scene)", "action": "\(action)", "fault": "\(fault.summary)",
                "faults": "\(faults)",
            ])
        return ended
    }

    /// After a fault: counts it against `plugin` as met by `source` (none: a fault no plugin's code
    /// is known to have caused), starts a new worker (after the backoff's wait) and builds every
    /// session again. Returns what became of each session; the others (not `culprit`) also get it
    /// as their notice, shown to their user next time.
    @discardableResult
    func recover(
        blaming blame: FaultBlame, source: String?, culprit: UInt64?, fault: WorkerFault
    ) async -> [UInt64: RestoreNote] {
        counters.faults.increment()
        let plugin = blame.plugin
        if let plugin, let source, Self.blames(fault) { noteFault(of: plugin, from: source) }
        let held = sessions.all
        // Until their notices are set, no page takes a bystander's new screen without it (`State.restoring`).
        for (id, session) in held where id != culprit { session.update { $0.restoring = true } }
        let notes = await restartAndRestore(afterFault: true)
        counters.restores.increment(by: sessions.count)
        for (id, session) in held where id != culprit {
            let notice = WorkerError.sharedWorkerStopped(
                plugin: plugin ?? blame.nobody, fault: fault, restore: notes[id] ?? .restored)
            // A session that could not come back says why on its next page, instead of only "lost".
            session.update { state in
                state.restoring = false
                if state.lost { state.ended = state.ended ?? notice } else { state.notice = notice }
            }
        }
        return notes
    }

    /// Whose code `fault` (just thrown by `exchange`) is counted against, when the request in flight was
    /// for `scene` of plugin `inFlight`: the crash report's plugin, else `inFlight` (`FaultBlame`). A
    /// crash blamed elsewhere than the scene on screen is logged, with both.
    func blaming(_ fault: WorkerFault, inFlight: String, scene: String?) -> FaultBlame {
        guard let report = lastCrash else { return .scene(inFlight) }
        lastCrash = nil
        let blame = FaultBlame.report(report)
        var metadata: Logger.Metadata = ["signal": "\(fault.summary)", "scene_plugin": "\(inFlight)"]
        if let scene { metadata["scene"] = "\(scene)" }
        if let plugin = report.plugin {
            guard plugin != inFlight else { return blame }
            metadata["plugin"] = "\(plugin)"
            logger.warning(
                "scene worker crashed in another plugin's code than the scene's: counted against that plugin",
                metadata: metadata)
        } else {
            logger.warning(
                "scene worker crashed outside every plugin's code: counted against no plugin", metadata: metadata)
        }
        return blame
    }

    /// Whether `fault` is plugin code's doing (a worker that could not even start is not).
    static func blames(_ fault: WorkerFault) -> Bool {
        switch fault {
        case .signal, .exited, .timedOut, .garbled, .tooLarge: return true
        case .notStarted: return false
        }
    }

    /// Before a session's request: when the plugins refused for everyone changed since this worker
    /// started (a refusal met on another worker, a cooling period over), the worker is started again
    /// with the plugins refused now, and every session built again; a session that loses scenes
    /// (or all) to it is told why.
    func syncRefusals() async {
        guard process != nil else { return }  // the next start refuses what is refused then
        let refused = Set(ledger.refusals().map(\.plugin))
        guard refused != workerRefuses else { return }
        let changed = refused.symmetricDifference(workerRefuses).sorted()
        let held = sessions.all
        for session in held.values { session.update { $0.restoring = true } }
        let notes = await restartAndRestore(afterFault: false)
        for (id, session) in held {
            let note = notes[id] ?? .restored
            session.update { state in
                state.restoring = false
                guard note != .restored else { return }
                let notice = WorkerError.pluginsClosed(plugins: changed, restore: note)
                if state.lost { state.ended = notice } else { state.notice = notice }
            }
        }
    }

    /// Ends the worker, starts a new one (after a fault: after the backoff's wait) and builds every
    /// session again. Returns what became of each session that did not come back as it was.
    /// `started`: the first pass builds the sessions on the worker running now (a reload's, just started).
    func restartAndRestore(afterFault: Bool, started: Bool = false) async -> [UInt64: RestoreNote] {
        var notes: [UInt64: RestoreNote] = [:]
        var waits = afterFault
        var fresh = started
        // Each pass either ends with every session built again, or cuts a stack or loses a session: it ends.
        passes: while true {
            if !fresh {
                process?.end()
                process = nil
                if waits { await ledger.clock.sleep(backoff.delay(restartingAt: ledger.clock.now())) }
                restarts += 1
                do { try await startInTurn() } catch {
                    for session in sessions.all.values {
                        session.update { $0.lost = true }
                        notes[session.id] = .lost(reason: "no new worker could be started")
                    }
                    sessions.removeAll()
                    return notes
                }
            }
            // A later pass follows a fault during the restore.
            waits = true
            fresh = false
            let held = sessions.all
            for id in held.keys.sorted() {
                guard let session = sessions[id] else { continue }
                let records = session.current.records
                var place = -1
                do throws(WorkerFault) {
                    let reply = try await exchange(.restore(session: id, records: records), for: session) { place = $0 }
                    guard case .session(let failure, let report, let restored) = reply else {
                        throw WorkerFault.garbled
                    }
                    let built = restored ?? 0
                    if case .failure(let screenFailure) = report.screen, report.changed.isEmpty {
                        // Not even the initial scene could be shown again.
                        session.update { $0.lost = true }
                        notes[id] = .lost(reason: (failure ?? screenFailure).text)
                        sessions.remove(id)
                    } else if built < records.count, notes[id] == nil {
                        let reason = failure?.text ?? "it could not be built"
                        notes[id] =
                            built == 0 ? .startedOver(reason: reason) : .cut(scene: records[built].name, reason: reason)
                    }
                } catch {
                    // The new worker ended too, while building `records[place]`: cut there and start over.
                    guard place >= 0, place < records.count else {
                        session.update { $0.lost = true }
                        notes[id] = .lost(reason: "the initial scene ended the new worker too (\(error.summary))")
                        sessions.remove(id)
                        continue passes
                    }
                    // The plugin's fault, met by this session; not the session's own doing (it only came back).
                    let scene = records[place].name
                    if Self.blames(error),
                        let plugin = blaming(error, inFlight: pluginOfScene(scene) ?? scene, scene: scene).plugin
                    {
                        noteFault(of: plugin, from: session.read(\.source))
                    }
                    session.update { $0.replace(keeping: place) }
                    // The lowest cut is the one that stands.
                    notes[id] =
                        place == 0
                        ? .startedOver(
                            reason: "building '\(records[0].name)' again ended the new worker too (\(error.summary))")
                        : .cut(
                            scene: records[place].name,
                            reason: "building it again ended the new worker too (\(error.summary))")
                    continue passes
                }
            }
            break
        }
        return notes
    }

    /// Refuses a new session at once, without a worker, while the initial scene's plugin is refused for everyone.
    func refuseIfInitialSceneRefused() throws(WorkerError) {
        let plugin = pluginOfScene(initialScene) ?? initialScene
        guard let (refusal, left) = ledger.refusal(of: plugin) else { return }
        throw .pluginRefused(plugin: plugin, sources: refusal.sources, retryIn: left)
    }
}
