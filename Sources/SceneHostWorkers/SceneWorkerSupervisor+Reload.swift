import SceneHostNavigation
/// `--watch`: a new build's worker started beside the running one, then put in its place.
extension SceneWorkerSupervisor {
    /// Starts a worker on `start` (a new build the host has checked: `--watch`), handed `files`,
    /// beside the running one, which goes on serving: `reload` then puts it in its place. Throws
    /// when it cannot start or load (the running worker is untouched).
    func startReplacement(start: WorkerStartMessage, files: CheckedPluginFiles?) async throws(WorkerError) {
        try await enterTurn()
        defer { leaveTurn() }
        dropReplacementInTurn()
        let (running, runningFiles) = (startMessage, handedFiles)
        startMessage = start
        handedFiles = files
        defer {
            startMessage = running
            handedFiles = runningFiles
        }
        let (started, refuses) = try await startWorker(adoptingEarly: false)
        replacement = Replacement(process: started, refuses: refuses, start: start, files: files)
    }

    /// Ends the worker `startReplacement` started, if it has not replaced the running one.
    func dropReplacement() async {
        try? await enterTurn()
        defer { leaveTurn() }
        dropReplacementInTurn()
    }

    func dropReplacementInTurn() {
        replacement?.process.end()
        replacement = nil
    }

    /// Puts the worker `startReplacement` started in the place of the running one and builds every
    /// session again on it from its records, as after a fault but without a wait and charged to no
    /// one. Each session is told what became of it (`WorkerError.reloaded`): a scene the new build
    /// cannot build again is cut off with every scene above it, as a restore after a crash does.
    ///
    /// The old worker is ended, not asked to finish: its code is the build being replaced.
    package func reload(
        initialScene: String, pluginOfScene: @escaping @Sendable (String) -> String?, plugins: [String]
    ) async {
        try? await enterTurn()
        defer { leaveTurn() }
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
        let held = sessions.all
        // Until its notice is set, no page takes the session's new screen without it (`State.restoring`).
        for session in held.values { session.update { $0.restoring = true } }
        let notes = await restartAndRestore(afterFault: false, started: true)
        for (id, session) in held {
            let notice = WorkerError.reloaded(plugins: plugins, restore: notes[id] ?? .restored)
            session.update { state in
                state.restoring = false
                if state.lost { state.ended = state.ended ?? notice } else { state.notice = notice }
            }
        }
    }

    /// Tells every session that a new build of `plugins` was refused (`reason`): nothing else changes.
    package func noteRefusedReload(plugins: [String], reason: String) async {
        try? await enterTurn()
        defer { leaveTurn() }
        let notice = WorkerError.reloadRefused(plugins: plugins, reason: reason)
        for session in sessions.all.values {
            session.update { state in
                if !state.lost { state.notice = notice }
            }
        }
    }
}
