import SceneHostNavigation
import CoreMetrics
import Logging
import SceneHostConfig
import SceneHostCore

/// The exchange with the worker: starting it, one request and its answer, and what it sends unasked.
extension SceneWorkerSupervisor {
    /// Starts the worker (while this request holds the turn) and waits until it has loaded the app.
    func startInTurn() async throws(WorkerError) {
        guard process == nil else { return }
        let (started, refuses) = try await startWorker(adoptingEarly: true)
        process = started
        adopted(started, refusing: refuses)
    }

    /// Counts `started`, now the running worker, started refusing `refuses`.
    func adopted(_ started: WorkerProcess, refusing refuses: Set<String>) {
        workerRefuses = refuses
        counters.starts.increment()
        logger.debug("scene worker started", metadata: ["pid": "\(started.pid)"])
    }

    /// A worker started on `startMessage` (and `handedFiles`), loaded and ready, with the plugins
    /// it refuses; `adoptingEarly`: the worker started early is taken when there is one.
    func startWorker(adoptingEarly: Bool) async throws(WorkerError) -> (WorkerProcess, Set<String>) {
        let refusals = ledger.refusals()
        var message = startMessage
        message.settings = launch.settings
        message.settings?.refused = refusals.map {
            ChildSettings.Refusal(plugin: $0.plugin, sources: $0.sources, seconds: $0.secondsLeft)
        }
        message.handedFiles = handedFiles?.files ?? []
        let started: WorkerProcess
        if adoptingEarly, let early {
            // Started before the load, it waits for its start frame: the refusals of now reach it there.
            started = early
            self.early = nil
        } else {
            started = try WorkerProcess(executable: launch.executable, traces: launch.settings.verbose)
        }
        let link: WorkerLink
        do {
            link = try started.connect(sessions: sessions, onUnasked: onUnasked)
        } catch {
            started.end()
            throw error
        }
        // Loading may probe plugins the host's cache does not hold yet: more time than one event.
        let limit = max(settings.eventTimeout, .seconds(60))
        // The checked config first: the worker waits for it before it reads or opens anything.
        link.send(WorkerFrame.encode(.start(message)), for: nil, deadline: ContinuousClock.now + limit, renewal: limit)
        // Then the checked files it announced (`--watch`), loaded in place of their paths.
        if let handedFiles { link.send(descriptors: handedFiles.descriptors) }
        switch await link.next() {
        case .reply(.ready, _):
            return (started, Set(refusals.map(\.plugin)))
        case .reply(.loadFailed(let failure), _):
            started.end()
            throw .remote(failure)
        case .reply(.progress, _), .reply(.session, _), .reply(.called, _), .reply(.closed, _), .reply(.settled, _),
            .reply(.changed, _), .failed:
            let fault = await started.awaitDeath() ?? .garbled
            // A limit too small to load the runtime is the likeliest setting to blame: name it.
            throw .workerUnavailable(
                reason:
                    "it ended while loading the app (\(fault.summary)), under its memory limit of \(settings.workerMemory >> 20) MiB ([host] worker-memory)"
            )
        }
    }

    /// One request and its answer, within the event time limit (renewed by each restore step),
    /// for `session` (its answer's report is applied to it as it comes: `WorkerLink`). A fault ends
    /// the worker and is thrown; the supervisor then has no worker until a request starts one.
    ///
    /// The answer must be the kind the request asks for, and restore steps come only during a
    /// restore, each place after the last and inside the stack sent: anything else — plugin code
    /// writing a well-formed frame of its own to the channel, or steps sent forever to keep the
    /// deadline moving — is garbage, and ends the worker like a malformed frame.
    func exchange(
        _ request: WorkerRequest, for session: WorkerSession? = nil, longer extra: Duration = .zero,
        progress: (Int) -> Void = { _ in }
    ) async throws(WorkerFault) -> WorkerReply {
        if process == nil {
            // Its message, as the user would read it (not the enum's dump).
            do { try await startInTurn() } catch { throw .notStarted(reason: error.notStartedReason) }
        }
        guard let process, let link = process.link else { throw .notStarted(reason: "no worker") }
        lastCrash = nil
        var lastPlace = -1
        let failure: WorkerChannel.Failure
        link.send(
            WorkerFrame.encode(request), for: session, deadline: ContinuousClock.now + settings.eventTimeout + extra,
            renewal: settings.eventTimeout)
        exchange: while true {
            switch await link.next() {
            case .failed(let met):
                failure = met
                break exchange
            case .reply(let reply, let bytes):
                lastExchangeBytes = (link.lastRequestBytes, bytes)
                guard case .progress(let place) = reply else {
                    guard Self.answers(request, with: reply) else {
                        failure = .malformed
                        break exchange
                    }
                    return reply
                }
                guard case .restore(_, let records) = request, place > lastPlace, place < records.count else {
                    failure = .malformed
                    break exchange
                }
                lastPlace = place
                progress(place)
            }
        }
        throw await ended(process, by: failure)
    }

    /// Ends `process` (the running worker) after its link met `failure`: the fault to report.
    func ended(_ process: WorkerProcess, by failure: WorkerChannel.Failure) async -> WorkerFault {
        self.process = nil
        switch failure {
        case .timedOut:
            process.end()
            return .timedOut(milliseconds: settings.eventTimeout.wholeMilliseconds)
        case .malformed:
            process.end()
            return .garbled
        case .tooLarge(let bytes):
            process.end()
            return .tooLarge(bytes: bytes, limit: WorkerFrame.maximumSize)
        case .closed:
            let fault = await process.awaitDeath() ?? .exited(0)
            lastCrash = process.takeCrashReport(for: fault)
            return fault
        }
    }

    /// `run`: a fault the worker met between requests (a crash in background work, garbage) is
    /// handled now, not at the next command: the worker is started again and the session built
    /// again, with a notice; true when that happened. (`serve` leaves it to the next request, which
    /// is charged with it: a worker's many sessions give no other way to know whose work it was.)
    func takeIdleFault() async -> Bool {
        try? await enterTurn()
        defer { leaveTurn() }
        guard let process, let failure = process.link?.takeIdleFailure() else { return false }
        let fault = await ended(process, by: failure)
        // No request was in flight: a crash report names the plugin, else no one is blamed.
        await recover(blaming: lastCrash.map { .report($0) } ?? .noPlugin, source: nil, culprit: nil, fault: fault)
        return true
    }
}
