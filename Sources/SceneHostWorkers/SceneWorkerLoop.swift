#if canImport(Glibc)
import Glibc
#endif
@_spi(SceneHost) import SceneSDK
import SceneHostContainer
import SceneHostFrontend
import SceneHostNavigation
import SceneHostProcesses

/// The work of `scene-host-worker`, the process that runs plugin code: it answers the host's
/// requests (`WorkerRequest`) one at a time on the channel, with a navigator per session, all on
/// one container loaded from the config. It ends when the host closes its end.
///
/// It never decides what the user sees after a fault: if plugin code crashes or hangs here, the
/// host ends this process and builds the sessions again elsewhere from the records it was sent.
@MainActor
package struct SceneWorkerLoop {
    package let channel: WorkerChannel
    package let container: SceneContainer
    /// Copied into each session's navigator; a worker's shares the segues, decoded when first needed.
    package let segues: SegueTable
    package let initial: String

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

    /// Says it is ready, then serves requests until the host says it is finished, closes the
    /// channel or sends garbage.
    package func run() {
        var sessions: [UInt64: Navigator] = [:]
        guard (try? channel.send(WorkerFrame.encode(.ready), deadline: nil)) != nil else { return }
        while true {
            // Idle from here until the next request: a crash now must find no plugin's stale frames.
            CrashReporter.clearStackBeforeWaiting()
            guard let payload = try? channel.receive(deadline: nil), let request = try? WorkerFrame.decodeRequest(payload) else { return }
            let reply: WorkerReply
            switch request {
            case .open(let id):
                let navigator = Navigator(container: container, segueTable: segues)
                sessions[id] = navigator
                var failure: RemoteFailure?
                do { try navigator.start(at: initial) } catch { failure = RemoteFailure(error) }
                reply = .session(failure: failure, report: report(navigator), restored: nil)
            case .restore(let id, let records):
                let navigator = sessions[id] ?? Navigator(container: container, segueTable: segues)
                sessions[id] = navigator
                let outcome = navigator.restore(records) { place in
                    try? channel.send(WorkerFrame.encode(.progress(place: place)), deadline: nil)
                }
                var failure = outcome.failure.map { RemoteFailure($0.error) }
                if outcome.restored == 0 {
                    // Nothing could be built again: the session starts over at the initial scene.
                    do { try navigator.start(at: initial) } catch { failure = failure ?? RemoteFailure(error) }
                }
                reply = .session(failure: failure, report: report(navigator), restored: outcome.restored)
            case .commands(let id, let commands):
                guard let navigator = sessions[id] else {
                    reply = .session(failure: RemoteFailure(ContainerError.noScene), report: SessionReport(keep: 0, changed: [], screen: .failure(RemoteFailure(ContainerError.noScene))), restored: nil)
                    break
                }
                var failure: RemoteFailure?
                for command in commands {
                    do { try navigator.execute(command) } catch {
                        failure = RemoteFailure(error)
                        break
                    }
                }
                reply = .session(failure: failure, report: report(navigator), restored: nil)
            case .openLink(let id, let link):
                guard let navigator = sessions[id] else {
                    reply = .session(failure: RemoteFailure(ContainerError.noScene), report: SessionReport(keep: 0, changed: [], screen: .failure(RemoteFailure(ContainerError.noScene))), restored: nil)
                    break
                }
                var failure: RemoteFailure?
                do { try navigator.open(link) } catch { failure = RemoteFailure(error) }
                reply = .session(failure: failure, report: report(navigator), restored: nil)
            case .call(let function, let arguments):
                var lines: [String] = []
                do {
                    let result = try NativeInvocation(container: container) { lines.append($0) }.call(function, arguments: arguments)
                    reply = .called(lines: lines, result: .success(result))
                } catch {
                    reply = .called(lines: lines, result: .failure(RemoteFailure(error)))
                }
            case .close(let id):
                sessions[id]?.closeAll()
                sessions[id] = nil
                reply = .closed
            case .start:
                // Only the first frame starts a worker (main.swift reads it): a second is out of turn.
                return
            case .finish:
                for navigator in sessions.values { navigator.closeAll() }
                sessions = [:]
                try? channel.send(WorkerFrame.encode(.closed), deadline: nil)
                return
            }
            guard (try? channel.send(WorkerFrame.encode(reply), deadline: nil)) != nil else { return }
        }
    }

    /// The session now: its screen, and the records that changed since the last report.
    private func report(_ navigator: Navigator) -> SessionReport {
        let screen: Result<Screen, RemoteFailure>
        do { screen = .success(try navigator.screen()) } catch { screen = .failure(RemoteFailure(error)) }
        let changes = navigator.takeRecordChanges(topScreen: try? screen.get())
        return SessionReport(keep: changes.keep, changed: changes.changed, screen: screen)
    }
}
