import Foundation
import Logging
import Testing
@testable import SceneHostConfig
@testable import SceneHostLoading
@testable import SceneHostWorkers
import TestSupport
@testable import SceneHostFrontend
@testable import SceneHostNavigation
import SceneSDK

/// The supervisor in this process, as the host uses it, with real worker processes of the built
/// `scene-host`: many sessions on a worker that crashes, a worker killed from outside, and many
/// restarts without the host growing.
@Suite("Scene worker supervisor")
struct WorkerSupervisorTests {
    private func supervisor(_ app: FragileApp, restarts: Int = 5) async throws -> SceneWorkerSupervisor {
        var settings = HostSettings()
        settings.restartsPerMinute = restarts
        let loader = LoaderSettings(
            probeExecutable: BuildProducts.probeExecutable, probeTimeout: 10,
            probeCache: app.folder.path("probes.cache"),
            rescan: false, checksFileTrust: true)
        let launch = SceneWorkerSupervisor.Launch(
            executable: BuildProducts.workerExecutable, settings: ChildSettings(loader: loader, verbose: false))
        let supervisor = SceneWorkerSupervisor(
            launch: launch, start: try .reading(configPath: app.config), settings: settings,
            initialScene: "FragileHome",
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() },
            pluginOfScene: { $0.hasPrefix("Fragile") ? "Fragile" : nil })
        try await supervisor.start()
        return supervisor
    }

    private func text(_ id: String, in session: WorkerSession) -> String? {
        guard case .success(let screen) = session.current.screen else { return nil }
        switch screen.element(id: id) {
        case .label(_, let text)?, .textField(_, _, let text, _, _)?: return text
        default: return nil
        }
    }

    @Test("ten sessions on one worker that crashes: each is rebuilt as it was, none mixed up, the others told")
    func manySessions() async throws {
        let app = try FragileApp()
        let supervisor = try await supervisor(app)
        var sessions: [WorkerSession] = []
        for index in 0..<10 {
            let session = try await supervisor.openSession()
            for _ in 0..<(index % 4) { try await supervisor.execute([.tap(button: "deeper")], in: session) }
            try await supervisor.execute([.fill(field: "mode", text: "session \(index)")], in: session)
            sessions.append(session)
        }
        let culprit = sessions[3]
        await #expect(
            throws: WorkerError.workerStopped(
                plugin: "Fragile", scene: "Fragile", action: "fill mode, tap strike", fault: .signal(SIGSEGV),
                restore: .restored)
        ) {
            try await supervisor.execute([.fill(field: "mode", text: "segv"), .tap(button: "strike")], in: culprit)
        }
        for (index, session) in sessions.enumerated() {
            #expect(session.current.records.count == 1 + index % 4)
            #expect(text("depth", in: session) == "depth \(index % 4)")
            #expect(text("mode", in: session) == (index == 3 ? "session 3" : "session \(index)"))
            let notice = await session.takeNotice()
            #expect(
                index == 3
                    ? notice == nil
                    : notice == .sharedWorkerStopped(plugin: "Fragile", fault: .signal(SIGSEGV), restore: .restored))
            #expect(await session.takeNotice() == nil)
        }
        // Every session still works, on the new worker, each on its own stack.
        for (index, session) in sessions.enumerated() where index % 4 > 0 {
            try await supervisor.execute(
                [.fill(field: "mode", text: "back \(index)"), .tap(button: "done")], in: session)
            #expect(text("received", in: session) == "got back \(index)")
        }
    }

    @Test("a worker killed from outside is noticed at the next request and replaced")
    func killedFromOutside() async throws {
        let app = try FragileApp()
        let supervisor = try await supervisor(app)
        let session = try await supervisor.openSession()
        try await supervisor.execute([.tap(button: "deeper"), .fill(field: "mode", text: "here")], in: session)
        let first = try #require(await supervisor.workerPID)
        kill(first, SIGKILL)
        await #expect(
            throws: WorkerError.workerStopped(
                plugin: "Fragile", scene: "Fragile", action: "tap deeper", fault: .signal(SIGKILL), restore: .restored)
        ) {
            try await supervisor.execute([.tap(button: "deeper")], in: session)
        }
        #expect(await supervisor.workerPID != first)
        #expect(text("mode", in: session) == "here")
        try await supervisor.execute([.tap(button: "deeper")], in: session)
        #expect(text("depth", in: session) == "depth 2")
    }

    @Test("a new session met by a worker killed from outside while idle opens on the worker that replaced it")
    func newSessionAfterIdleKill() async throws {
        let app = try FragileApp()
        let supervisor = try await supervisor(app)
        _ = try await supervisor.openSession()
        let first = try #require(await supervisor.workerPID)
        kill(first, SIGKILL)
        let session = try await supervisor.openSession()
        #expect(await supervisor.workerPID != first)
        try await supervisor.execute([.tap(button: "deeper")], in: session)
        #expect(text("depth", in: session) == "depth 1")
    }

    @Test("a thousand worker restarts leave the host with as many descriptors and about the same memory")
    func manyRestarts() async throws {
        let app = try FragileApp(host: "restarts-per-minute = 1000")
        // The host is the real `scene-host run`, typed at through a pipe, so nothing else shares its process.
        // Dumpable, so this test may list the host's descriptors (the host is not, by default: `Sandbox`).
        let host = try PipedHost(["run", "--config", app.config], environment: ["SCENE_HOST_DUMPABLE": "1"])
        defer { _ = host.finish() }
        host.type("tap deeper\nfill mode segv\n")
        let stopped =
            "error: Fragile stopped (SIGSEGV in scene 'Fragile' during 'tap strike'); the screen was restored."
        // Warm-up: the first restarts allocate what every later one reuses.
        host.type(String(repeating: "tap strike\n", count: 20))
        #expect(host.waitFor(stopped, count: 20))
        let descriptors = host.openDescriptors, memory = host.residentKiB
        #expect(descriptors > 0, "the host's descriptors could not be listed")
        host.type(String(repeating: "tap strike\n", count: 980))
        #expect(host.waitFor(stopped, count: 1000))
        // Seen once in a loaded CI run: the host had ended by here; what it printed last says why. At a load of 16
        // on 2 cores, the last restart's descriptor was once still being closed when counted: a leak stays, so
        // the count is given time to settle (bounded, scaled).
        // One more descriptor than before was seen again in a loaded full run (105 against 104): a leak of one
        // per restart would be 980 more, so the count is given longer to settle.
        let settled = Processes.eventually(limit: Slack.scaled(.seconds(10))) { host.openDescriptors == descriptors }
        #expect(
            settled,
            "\(host.openDescriptors) descriptors, \(descriptors) before\n\(host.stdout.suffix(2000))\n\(host.stderr.suffix(2000))"
        )
        let grown = host.residentKiB - memory
        #expect(grown < 4 * 1024, "the host grew by \(grown) KiB over 980 restarts")
        host.type("fill mode fine\ntap done\n")
        #expect(host.waitFor("label   received  got fine"), "\(host.stdout.suffix(2000))\n\(host.stderr.suffix(2000))")
        #expect(host.finish() == 1)
    }

}

/// The host process maps no plugin's code: the libraries are in the worker's memory map, not the host's.
@Suite("Scene workers: the host maps no plugin")
struct HostMapsNoPluginTests {
    @Test("run: the scene libraries and the native library are mapped by the worker only")
    func runMapsNothing() async throws {
        let app = try FragileApp()
        // Dumpable, so this test may read the host's and the worker's maps (they are not, by default: `Sandbox`).
        let host = try PipedHost(["run", "--config", app.config], environment: ["SCENE_HOST_DUMPABLE": "1"])
        defer { _ = host.finish() }
        host.type("tap deeper\ncall Types.poke 1\n")
        #expect(host.waitFor("== Fragile 1 ==", count: 2))
        let hostMaps = Self.whole("/proc/\(host.pid)/maps")
        #expect(!hostMaps.isEmpty)
        #expect(!hostMaps.contains("libFixtureFragile.so") && !hostMaps.contains("libFixtureNativeTypes.so"))
        let worker = try #require(Processes.children(of: host.pid, containing: "scene-host-worker").first)
        let workerMaps = Self.whole("/proc/\(worker)/maps")
        #expect(workerMaps.contains("libFixtureFragile.so") && workerMaps.contains("libFixtureNativeTypes.so"))
    }

    /// All of a /proc file (whose size reads as 0, so Foundation's readers may stop early).
    static func whole(_ path: String) -> String {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        var bytes: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
