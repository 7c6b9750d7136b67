import Foundation
import Logging
import Testing
@testable import SceneHostConfig
@testable import SceneHostLoading
@testable import SceneHostFrontend
@testable import SceneHostWorkers
import TestSupport
@testable import SceneHostNavigation
import SceneSDK

/// Who pays for a fault, with real worker processes of the built `scene-host-worker` and a clock
/// the test moves: the session whose action was in flight (ended on its third), never the others
/// on its worker; a plugin only when clients meet its faults, for a cooling period, then tried
/// again; restarts past `restarts-per-minute` wait; the counters and the log say what happened.
@Suite("Scene worker supervisor: faults stay with whoever causes them")
struct FaultSupervisorTests {
    private struct Rig {
        let app: FragileApp
        let clock = ManualFaultClock()
        let log = CapturedLog()
        let metrics = CountingMetrics()
        let supervisor: SceneWorkerSupervisor

        init(sessionFaults: Int?, restarts: Int = 1000) async throws {
            app = try FragileApp()
            var settings = HostSettings()
            settings.restartsPerMinute = restarts
            let loader = LoaderSettings(
                probeExecutable: BuildProducts.probeExecutable, probeTimeout: 10,
                probeCache: app.folder.path("probes.cache"),
                rescan: false, checksFileTrust: true)
            let launch = SceneWorkerSupervisor.Launch(
                executable: BuildProducts.workerExecutable,
                settings: ChildSettings(loader: loader, verbose: false))
            let ledger = FaultLedger(
                limits: FaultPolicy.Limits(sessionFaults: sessionFaults), clock: clock.clock, logger: log.logger)
            supervisor = SceneWorkerSupervisor(
                launch: launch, start: try .reading(configPath: app.config), settings: settings,
                initialScene: "FragileHome", logger: log.logger, ledger: ledger,
                pluginOfScene: { $0.hasPrefix("Fragile") ? "Fragile" : nil })
            await supervisor.count(with: WorkerCounters(factory: metrics))
            try await supervisor.start()
        }

        func faults() -> Int64 { metrics.total("scene_host_plugin_faults_total", [("plugin", "Fragile")]) }
        func refusals() -> Int64 { metrics.total("scene_host_plugins_refused_total", [("plugin", "Fragile")]) }
        func ended() -> Int64 { metrics.total("scene_host_sessions_ended_for_faults_total") }
    }

    private func text(_ id: String, in session: WorkerSession) -> String? {
        guard case .success(let screen) = session.current.screen else { return nil }
        switch screen.element(id: id) {
        case .label(_, let text)?, .textField(_, _, let text, _, _)?: return text
        default: return nil
        }
    }

    private let crashed = WorkerError.workerStopped(
        plugin: "Fragile", scene: "FragileHome", action: "tap strike", fault: .signal(SIGSEGV), restore: .restored)

    @Test(
        "the session whose actions end its worker three times is ended with the true reason; the others on that worker come back and go on"
    )
    func sessionPays() async throws {
        let rig = try await Rig(sessionFaults: 3)
        let supervisor = rig.supervisor
        let culprit = try await supervisor.openSession(), bystander = try await supervisor.openSession()
        try await supervisor.execute([.tap(button: "deeper"), .fill(field: "mode", text: "mine")], in: bystander)
        try await supervisor.execute([.fill(field: "mode", text: "segv")], in: culprit)
        for _ in 1...2 {
            await #expect(throws: crashed) { try await supervisor.execute([.tap(button: "strike")], in: culprit) }
            #expect(
                await bystander.takeNotice()
                    == .sharedWorkerStopped(plugin: "Fragile", fault: .signal(SIGSEGV), restore: .restored))
        }
        let ended = WorkerError.sessionEndedForFaults(
            plugin: "Fragile", scene: "FragileHome", action: "tap strike", fault: .signal(SIGSEGV), faults: 3)
        await #expect(throws: ended) { try await supervisor.execute([.tap(button: "strike")], in: culprit) }
        #expect(culprit.current.lost && culprit.current.ended == ended)
        // It stays ended, with the same words, and runs nothing more.
        await #expect(throws: ended) { try await supervisor.execute([.tap(button: "deeper")], in: culprit) }
        #expect(await supervisor.sessionCount == 1)
        #expect(
            await bystander.takeNotice()
                == .sharedWorkerStopped(plugin: "Fragile", fault: .signal(SIGSEGV), restore: .restored))
        #expect(text("mode", in: bystander) == "mine")
        try await supervisor.execute([.fill(field: "mode", text: "back"), .tap(button: "done")], in: bystander)
        #expect(text("received", in: bystander) == "got back")
        // No one else paid: a newcomer's session opens and works.
        let newcomer = try await supervisor.openSession()
        try await supervisor.execute([.tap(button: "deeper")], in: newcomer)
        #expect(text("depth", in: newcomer) == "depth 1")
        #expect(rig.faults() == 3 && rig.ended() == 1 && rig.refusals() == 0)
        #expect(
            rig.log.messages(atLeast: .warning) == ["session ended: its own actions ended its scene worker too often"])
    }

    @Test(
        "faults from three clients refuse the plugin for everyone for 10 s, many sessions of one client count once; then it is tried again"
    )
    func manyClientsRefuse() async throws {
        let rig = try await Rig(sessionFaults: 3)
        let supervisor = rig.supervisor
        let segv: [FrontendCommand] = [.fill(field: "mode", text: "segv"), .tap(button: "strike")]
        let crashedFilling = WorkerError.workerStopped(
            plugin: "Fragile", scene: "FragileHome", action: "fill mode, tap strike", fault: .signal(SIGSEGV),
            restore: .restored)
        // One client's three sessions, each crashing once: one client.
        for _ in 0..<3 {
            let session = try await supervisor.openSession()
            session.attribute(to: "10.0.0.1")
            await #expect(throws: crashedFilling) { try await supervisor.execute(segv, in: session) }
        }
        let bystander = try await supervisor.openSession()
        bystander.attribute(to: "10.0.0.9")
        let second = try await supervisor.openSession()
        second.attribute(to: "10.0.0.2")
        await #expect(throws: crashedFilling) { try await supervisor.execute(segv, in: second) }
        #expect(rig.refusals() == 0)
        // The third client: refused for everyone. Its plugin holds the initial scene, so no session comes back.
        let third = try await supervisor.openSession()
        third.attribute(to: "10.0.0.3")
        do {
            try await supervisor.execute(segv, in: third)
            Issue.record("the crash was not reported")
        } catch {
            guard
                case .workerStopped(
                    "Fragile", "FragileHome", "fill mode, tap strike", .signal(SIGSEGV), .lost(let reason)) = error
            else {
                Issue.record("unexpected: \(error)")
                return
            }
            #expect(
                reason.contains(
                    "This part of the app is closed for now because it stopped working for 3 different users within a minute; it is tried again within 10 s."
                ), "\(reason)")
        }
        #expect(rig.refusals() == 1 && rig.faults() == 5)
        do {
            try await supervisor.execute([.tap(button: "deeper")], in: bystander)
            Issue.record("a session of a refused initial scene went on")
        } catch {
            guard case .sharedWorkerStopped("Fragile", .signal(SIGSEGV), .lost(let reason)) = error else {
                Issue.record("unexpected: \(error)")
                return
            }
            #expect(reason.contains("closed for now"))
        }
        await #expect(throws: WorkerError.pluginRefused(plugin: "Fragile", sources: 3, retryIn: 10)) {
            try await supervisor.openSession()
        }
        rig.clock.advance(.seconds(6))
        await #expect(throws: WorkerError.pluginRefused(plugin: "Fragile", sources: 3, retryIn: 4)) {
            try await supervisor.openSession()
        }
        // The cooling period is over: tried again, in a worker started without the refusal.
        rig.clock.advance(.seconds(4))
        let again = try await supervisor.openSession()
        try await supervisor.execute([.tap(button: "deeper")], in: again)
        #expect(text("depth", in: again) == "depth 1")
        #expect(
            rig.log.messages(atLeast: .warning) == [
                "plugin refused for everyone: its code ended scene workers for several clients within a minute",
                "plugin tried again: its cooling period after faults is over",
            ])
        #expect(rig.ended() == 0)
    }

    @Test(
        "restarts past restarts-per-minute wait 0.1 s, doubling; sessions are never ended where sessions do not pay (run)"
    )
    func backoff() async throws {
        let rig = try await Rig(sessionFaults: nil, restarts: 2)
        let session = try await rig.supervisor.openSession()
        try await rig.supervisor.execute([.fill(field: "mode", text: "segv")], in: session)
        for _ in 0..<6 {
            await #expect(throws: crashed) { try await rig.supervisor.execute([.tap(button: "strike")], in: session) }
        }
        #expect(rig.clock.recordedWaits == [100, 200, 400, 800].map { Duration.milliseconds($0) })
        #expect(await rig.supervisor.restarts == 6 && rig.faults() == 6 && rig.ended() == 0 && rig.refusals() == 0)
        try await rig.supervisor.execute([.fill(field: "mode", text: "fine"), .tap(button: "deeper")], in: session)
        #expect(text("depth", in: session) == "depth 1")
    }
}
