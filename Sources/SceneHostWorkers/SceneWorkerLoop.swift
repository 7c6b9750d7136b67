#if canImport(Glibc)
import Glibc
#endif
import Dispatch
@_spi(SceneHost) import SceneSDK
import SceneHostContainer
import SceneHostCore
import SceneHostFrontend
import SceneHostNavigation
import SceneHostProcesses

/// The work of `scene-host-worker`, the process that runs plugin code: it answers the host's
/// requests (`WorkerRequest`) on the channel, with a navigator per session, all on one container
/// loaded from the config. It ends when the host closes its end.
///
/// The channel is read on the main thread, which also runs the main queue, the main actor's
/// executor (`WorkerMainThread`), so the scenes' background work (`SceneInteractor.perform`) runs
/// between requests: a task of one session never holds up another session's request. Requests are
/// answered one at a time, in order; a `settle` is answered when the session's work ended (or its
/// time ran out), and the host sends nothing else meanwhile (only `run` asks, for its one session).
///
/// It never decides what the user sees after a fault: if plugin code crashes or hangs here, the
/// host ends this process and builds the sessions again elsewhere from the records it was sent.
@MainActor
package final class SceneWorkerLoop {
    package let channel: WorkerChannel
    package let container: SceneContainer
    /// Copied into each session's navigator; a worker's shares the segues, decoded when first needed.
    package let segues: SegueTable
    package let initial: String
    private var sessions: [UInt64: Navigator] = [:]
    /// What the host was last told of each session's screen and work (`report`): an unasked
    /// `changed` frame is sent only when the session differs from it.
    private var reported: [UInt64: (screen: Result<Screen, RemoteFailure>, busy: Bool, settling: Bool)] = [:]
    /// Sessions whose work ran at their last report: the ones a tick of `watch` checks.
    private var busy: Set<UInt64> = []
    private var watch: ScreenWatch?
    /// A `settle` is being answered: no unasked frame goes out before its reply.
    private var settling = false
    /// Whether requests are read: false while a `settle` is answered, and once the loop ended.
    package private(set) var isReading = false
    private var end: (@MainActor () -> Void)?

    /// Serves `app`: what `WorkerStart` loaded.
    package init(channel: Int32, app: WorkerApp) {
        self.channel = WorkerChannel(descriptor: channel)
        container = app.container
        segues = app.segueTable
        initial = app.initial
    }

    /// Tells the host the app could not be loaded (the worker then ends).
    nonisolated package static func reportLoadFailure(_ failure: RemoteFailure, channel: Int32) {
        try? WorkerChannel(descriptor: channel).send(WorkerFrame.encode(.loadFailed(failure)), deadline: nil)
    }

    /// Says it is ready; from then on `WorkerMainThread.run` serves requests until the host says
    /// it is finished, closes the channel or sends garbage; then `end` is called (it ends the process).
    package func start(end: @escaping @MainActor () -> Void) {
        self.end = end
        guard (try? channel.send(WorkerFrame.encode(.ready), deadline: nil)) != nil else { return end() }
        watch = ScreenWatch { [weak self] in self?.sendChanges() }
        isReading = true
    }

    /// Ends the loop as when the host closes the channel.
    package func stop() {
        finish()
    }

    /// Sends the host, unasked, each session whose screen, records or work changed since its last
    /// report (`WorkerReply.changed`): the screen of a session with running work, and the screens
    /// whose work just ended, are rendered and compared with what the host was told.
    private func sendChanges() {
        guard !settling else { return }
        for id in busy.sorted() {
            guard let navigator = sessions[id] else {
                busy.remove(id)
                continue
            }
            let screen: Result<Screen, RemoteFailure>
            do { screen = .success(try navigator.screen()) } catch { screen = .failure(RemoteFailure(error)) }
            let last = reported[id]
            if let last, last.screen == screen, last.busy == navigator.needsAttention,
                last.settling == !navigator.workSettled
            {
                continue
            }
            let report = report(navigator, id: id, screen: screen)
            guard send(.changed(session: id, report: report)) else { return finish() }
        }
        watch?.tick(while: !busy.isEmpty)
    }

    private func finish() {
        isReading = false
        end?()
    }

    /// Sends `reply`, or, when it is larger than the channel takes, only a header announcing its
    /// size: the host reads no further, names the size ("a message too large for its channel") and
    /// ends this worker. Measured before it is encoded (`WorkerReply.leastPayloadBytes`): encoding
    /// 70 MB took longer than the host waits, which it then reported as a time-out. False when
    /// nothing more may be sent (the loop ends).
    private func send(_ reply: WorkerReply) -> Bool {
        let least = reply.leastPayloadBytes
        if least > WorkerFrame.maximumSize { return announceTooLarge(least) }
        let frame = WorkerFrame.encode(reply)
        if frame.count - WorkerFrame.headerSize > WorkerFrame.maximumSize {
            return announceTooLarge(frame.count - WorkerFrame.headerSize)
        }
        return (try? channel.send(frame, deadline: nil)) != nil
    }

    /// The header alone of a frame of `bytes`; always false: a frame cut short is the channel's end.
    private func announceTooLarge(_ bytes: Int) -> Bool {
        try? channel.send(WorkerFrame.header(announcing: bytes), deadline: nil)
        return false
    }

    /// Reads one request from the channel and answers it (`WorkerMainThread` calls it when the
    /// channel is readable).
    func readRequest() {
        guard let payload = try? channel.receive(deadline: nil), let request = try? WorkerFrame.decodeRequest(payload)
        else { return finish() }
        guard let reply = answer(request) else { return }
        guard send(reply) else { return finish() }
        // Work a request started (a load in `viewDidLoad`, a tap's save) is watched from now on.
        watch?.tick(while: !busy.isEmpty)
    }

    /// The reply to `request`; nil when it is sent later (`settle`) or the loop ended.
    private func answer(_ request: WorkerRequest) -> WorkerReply? {
        switch request {
        case .open(let id):
            let navigator = Navigator(container: container, segueTable: segues)
            sessions[id] = navigator
            watch?.watch(navigator)
            var failure: RemoteFailure?
            do { try navigator.start(at: initial) } catch { failure = RemoteFailure(error) }
            return .session(failure: failure, report: report(navigator, id: id), restored: nil)
        case .restore(let id, let records):
            let navigator = sessions[id] ?? Navigator(container: container, segueTable: segues)
            sessions[id] = navigator
            watch?.watch(navigator)
            let outcome = navigator.restore(records) { place in
                try? channel.send(WorkerFrame.encode(.progress(place: place)), deadline: nil)
            }
            var failure = outcome.failure.map { RemoteFailure($0.error) }
            if outcome.restored == 0 {
                // Nothing could be built again: the session starts over at the initial scene.
                do { try navigator.start(at: initial) } catch { failure = failure ?? RemoteFailure(error) }
            }
            return .session(failure: failure, report: report(navigator, id: id), restored: outcome.restored)
        case .commands(let id, let commands):
            guard let navigator = sessions[id] else { return Self.noSession }
            var failure: RemoteFailure?
            for command in commands {
                do { try navigator.execute(command) } catch {
                    failure = RemoteFailure(error)
                    break
                }
            }
            return .session(failure: failure, report: report(navigator, id: id), restored: nil)
        case .openLink(let id, let link):
            guard let navigator = sessions[id] else { return Self.noSession }
            var failure: RemoteFailure?
            do { try navigator.open(link) } catch { failure = RemoteFailure(error) }
            return .session(failure: failure, report: report(navigator, id: id), restored: nil)
        case .settle(let id, let milliseconds):
            guard let navigator = sessions[id] else { return Self.noSession }
            // No request is read until this one is answered: the host sends none meanwhile. Nor does
            // an unasked frame go out: the settled report says all.
            isReading = false
            settling = true
            Task { @MainActor in
                let ended = await navigator.settle(within: .milliseconds(milliseconds))
                isReading = true
                settling = false
                var failures: [RemoteFailure] = []
                while let failure = navigator.takeWorkFailure() { failures.append(RemoteFailure(failure)) }
                let reply = WorkerReply.settled(report: report(navigator, id: id), failures: failures, ended: ended)
                guard send(reply) else { return finish() }
                watch?.tick(while: !busy.isEmpty)
            }
            return nil
        case .call(let function, let arguments):
            var lines: [String] = []
            do {
                let result = try NativeInvocation(container: container) { lines.append($0) }.unescapedResult(
                    function, arguments: arguments)
                // Too large for the channel: sent as it is (`send` announces its size alone), not escaped first.
                if result.utf8.count > WorkerFrame.maximumSize {
                    return .called(lines: lines, result: .success(result))
                }
                return .called(lines: lines, result: .success(TerminalText.escaped(result)))
            } catch {
                return .called(lines: lines, result: .failure(RemoteFailure(error)))
            }
        case .close(let id):
            sessions[id]?.closeAll()
            sessions[id] = nil
            reported[id] = nil
            busy.remove(id)
            return .closed
        case .start:
            // Only the first frame starts a worker (main.swift reads it): a second is out of turn.
            finish()
            return nil
        case .finish:
            for navigator in sessions.values { navigator.closeAll() }
            sessions = [:]
            busy = []
            watch?.tick(while: false)
            try? channel.send(WorkerFrame.encode(.closed), deadline: nil)
            finish()
            return nil
        }
    }

    private static let noSession = WorkerReply.session(
        failure: RemoteFailure(ContainerError.noScene),
        report: SessionReport(keep: 0, changed: [], screen: .failure(RemoteFailure(ContainerError.noScene))),
        restored: nil)

    /// The session now: its screen (`screen`, when just rendered), and the records that changed
    /// since the last report. What it tells the host is remembered (`reported`, `busy`).
    private func report(
        _ navigator: Navigator, id: UInt64, screen rendered: Result<Screen, RemoteFailure>? = nil
    ) -> SessionReport {
        let screen: Result<Screen, RemoteFailure>
        if let rendered {
            screen = rendered
        } else {
            do { screen = .success(try navigator.screen()) } catch { screen = .failure(RemoteFailure(error)) }
        }
        let changes = navigator.takeRecordChanges(topScreen: try? screen.get())
        let attention = navigator.needsAttention
        reported[id] = (screen, attention, !navigator.workSettled)
        if navigator.workIdle { busy.remove(id) } else { busy.insert(id) }
        return SessionReport(
            keep: changes.keep, changed: changes.changed, screen: screen, busy: attention,
            settling: !navigator.workSettled, titles: changes.titles)
    }
}
