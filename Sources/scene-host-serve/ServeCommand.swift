#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import CWorkerShim
import SceneHostCommandLine
import Foundation
import Dispatch
import SceneHost
import SceneHostFrontend
import SceneHostNavigation
import SceneHostSessions
import SceneHostWebModel
import SceneHostWorkers
import SceneHostWeb
import SceneHostSQLiteStore
import SceneHostPostgresStore
import SceneHostConfig
import SceneHostContainer
import SceneHostCore

/// `scene-host serve`: the app in a web browser, one navigator per browser session.
///
/// Its own executable, `scene-host-serve`, which `scene-host serve` starts in its place: only it
/// links the web stack and the session stores' drivers.
@main
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scene-host serve",
        abstract:
            "Serve the app as web pages (no JavaScript), one navigator per browser session, until SIGTERM or SIGINT."
    )

    @OptionGroup var options: HostOptions

    @Option(name: .long, help: "The address to listen on; the default serves this machine only.")
    var host = "127.0.0.1"

    @Option(name: .long, help: "The port to listen on (0: any free port, printed at start).")
    var port = 8080

    @Option(name: .long, help: "Seconds a connection may send nothing before it is closed (slow or idle clients).")
    var idleTimeout: Double = 10

    @Option(
        name: .long,
        help: "Seconds a client may take to send a request's head, from connecting or from the previous response.")
    var headerTimeout: Double = 5

    @Option(name: .long, help: "Seconds a client may take to send a request's body, from its head.")
    var bodyTimeout: Double = 10

    @Option(
        name: .long,
        help:
            "The most sessions in use (two actions or more) one client address may hold (1 to 100000); sessions used once or never do not count."
    )
    var sessionsPerClient = 100

    @Option(
        name: .long,
        help: "How many sessions one client address may start at once, before --session-rate slows it (1 to 100000).")
    var sessionBurst = 30

    @Option(
        name: .long,
        help:
            "How many new sessions a minute one client address may start after its burst, on this instance (0.1 to 100000)."
    )
    var sessionRate: Double = 30

    @Option(
        name: .customLong("trusted-proxy"),
        help:
            "A reverse proxy (an IPv4 or IPv6 address or CIDR block, e.g. 10.0.0.0/8) whose X-Forwarded-For, Forwarded and X-Forwarded-Proto headers are believed; repeatable. Without one, the socket's peer is the client."
    )
    var trustedProxies: [String] = []

    @Flag(
        name: .long,
        help:
            "Browsers reach the app over HTTPS only (a proxy in front terminates TLS): the session cookie is __Host- prefixed and Secure."
    )
    var https = false

    @Option(
        name: .long,
        help:
            "Where sessions are kept: sqlite:PATH, postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE (password also from PGPASSWORD), or memory. Default: $SCENE_HOST_SESSION_STORE, else an SQLite file for this config in $XDG_STATE_HOME/scene-host/ (~/.local/state/scene-host/)."
    )
    var sessionStore: String?

    @Option(
        name: .long,
        help:
            "A port of its own for /healthz, /readyz and /metrics (none by default; 0: any free port, printed at start)."
    )
    var adminPort: Int?

    @Option(name: .long, help: "The address the admin port listens on.")
    var adminHost = "127.0.0.1"

    @Option(
        name: .long,
        help:
            "Seconds a drain (SIGTERM) keeps serving after /readyz turned 503, so a load balancer notices first (0 to 60)."
    )
    var drainDelay: Double = 0

    @Flag(
        name: .long,
        help:
            "Development: show the operator's detail of a failure (plugin, scene, signal, event) on the page too. Without it, pages show plain words and a reference; the detail is in the log under that reference."
    )
    var debugPages = false

    @Option(
        name: .customLong("allowed-host"),
        help:
            "A host name (or address) browsers may use to reach the server, besides localhost, the loopback addresses and --host; repeatable. Requests for any other Host are refused (DNS rebinding)."
    )
    var allowedHosts: [String] = []

    @Flag(
        name: .long,
        help:
            "Development only: reload the app when a plugin file changes (a new build); every session's next page shows the new build on the screen it was on. A build the checks refuse changes nothing. Needs scene workers (not --in-process)."
    )
    var watch = false

    static func main() {
        // Linked for the check child's shim (Sources/CWorkerShim), as in scene-host.
        _ = scene_host_worker_shim_linked()
        CommandStart.prepare(command: "serve")
        main(nil)
    }

    func validate() throws {
        if watch, options.inProcess {
            throw ValidationError(
                "--watch and --in-process exclude each other: a reload starts fresh scene workers on the new build, and a library loaded into this process cannot be replaced. Drop --in-process."
            )
        }
        // NaN fails both comparisons: every value that is not a sane limit is refused.
        for (name, value, fallback) in [
            ("--idle-timeout", idleTimeout, 10.0), ("--header-timeout", headerTimeout, 5),
            ("--body-timeout", bodyTimeout, 10),
        ] {
            guard value >= 0.1, value <= 3600 else {
                throw ValidationError(
                    "\(name) is \(value); give a number of seconds from 0.1 to 3600 (default \(Int(fallback))).")
            }
        }
        guard (1...100_000).contains(sessionsPerClient) else {
            throw ValidationError(
                "--sessions-per-client is \(sessionsPerClient); give a whole number from 1 to 100000 (default 100).")
        }
        guard (1...100_000).contains(sessionBurst) else {
            throw ValidationError(
                "--session-burst is \(sessionBurst); give a whole number from 1 to 100000 (default 30).")
        }
        guard sessionRate >= 0.1, sessionRate <= 100_000 else {
            throw ValidationError(
                "--session-rate is \(sessionRate); give a number of sessions a minute from 0.1 to 100000 (default 30).")
        }
        guard (0...65535).contains(port) else {
            throw ValidationError("--port is \(port); give a port from 0 to 65535 (default 8080).")
        }
        if let adminPort {
            guard (0...65535).contains(adminPort) else {
                throw ValidationError("--admin-port is \(adminPort); give a port from 0 to 65535.")
            }
            guard adminPort == 0 || adminPort != port else {
                throw ValidationError(
                    "--admin-port is \(adminPort), the app's own port; give the admin listener a port of its own.")
            }
        }
        guard drainDelay >= 0, drainDelay <= 60 else {
            throw ValidationError("--drain-delay is \(drainDelay); give a number of seconds from 0 to 60 (default 0).")
        }
    }

    func run() throws {
        let forwarding: WebForwarding
        do {
            forwarding = try WebForwarding.parse(trustedProxies: trustedProxies, alwaysSecure: https)
        } catch {
            throw StandardStreams.fail(error)
        }
        if !WebHostPolicy.isLoopback(host) {
            StandardStreams.error(
                "warning: --host \(host): the app has no login and speaks plain HTTP; anyone who can reach this address can use it. Keep the default (127.0.0.1) unless that is what you want."
            )
        }
        if watch, !WebHostPolicy.isLoopback(host) {
            StandardStreams.error(
                "warning: --watch on --host \(host): every new build in the watched folders goes live for everyone who can reach this address. --watch is for development; serve this machine only (the default 127.0.0.1)."
            )
        }
        let hold = try ActionTestHold.hold()
        // The main thread serves the main actor from here on (scene code of `--in-process` sessions
        // runs there; sessions live on their own actors); the server runs in a task and ends the
        // process when it stops.
        Task { @MainActor in
            let (server, pool, app): (WebServer, WorkerPool?, SceneApp)
            let watching: LiveReload?
            do {
                (server, pool, app) = try await makeServer(forwarding: forwarding)
                if let hold { await server.holdActions(hold) }
                watching = try await { () async throws -> LiveReload? in
                    guard watch, let pool else { return nil }
                    return try await startWatching(pool: pool, app: app)
                }()
            } catch {
                Glibc.exit((error as? ExitCode ?? StandardStreams.fail(error)).rawValue)
            }
            do {
                // The store's service runs in the server's group, which makes the store ready before it listens.
                try await server.run(
                    onListening: { address in
                        StandardStreams.out(
                            "scene-host serve: \(options.config) on \(address) (Ctrl-C stops; sessions in \(server.durable.location))"
                        )
                    },
                    onAdminListening: { address in
                        StandardStreams.out("scene-host serve: admin on \(address) (/healthz, /readyz, /metrics)")
                    })
                await server.durable.close()
                watching?.stop()
                // Every worker lets its sessions' scenes go (their deinits run), then ends.
                await pool?.shutdown()
                Glibc.exit(0)
            } catch {
                await pool?.shutdown()
                Glibc.exit(StandardStreams.fail(error).rawValue)
            }
        }
        dispatchMain()
    }

    /// Loads and checks the app, starts its scene workers and shows the initial scene once, so a
    /// broken config or plugin fails here, not in a browser.
    @MainActor
    private func makeServer(forwarding: WebForwarding) async throws -> (WebServer, WorkerPool?, SceneApp) {
        var started: WorkerPool?
        do {
            // Refused at start for everything `check` refuses, through the same check.
            let app = try options.loadCheckedApp(command: "serve")
            // After the app's checks: a broken config is reported first, and creates no store file.
            // A request to the store may take a third of the event time limit: an action makes up to three.
            let loaded = app.loaded
            let durable = try openStore(
                app: SessionApp(config: loaded.config),
                storeTimeout: max(.milliseconds(200), loaded.config.host.eventTimeout / 3))
            let links = app.links
            let drainLimit = loaded.config.host.eventTimeout
            guard !options.inProcess else {
                try app.start()
                let makeNavigator = { @MainActor () throws -> Navigator in
                    let navigator = Navigator(container: loaded.container, segues: loaded.config.segues)
                    navigator.links = links
                    try navigator.start(at: loaded.config.initial.value)
                    return navigator
                }
                let server = WebServer(
                    host: host, port: port, allowedHosts: allowedHosts, limits: limits(workers: 0),
                    sessionsPerClient: sessionsPerClient, sessionRate: rate, forwarding: forwarding, durable: durable,
                    admin: admin(workers: { nil }), drainDelay: Self.duration(drainDelay), drainLimit: drainLimit,
                    debugPages: debugPages,
                    logger: options.makeLogger(),
                    makeSession: { @MainActor in InProcessSession(navigator: try makeNavigator()) },
                    restoreSession: { @MainActor records in try InProcessSession.restoring(records, make: makeNavigator)
                    })
                return (server, nil, app)
            }
            let count = loaded.config.host.workers ?? ProcessInfo.processInfo.activeProcessorCount
            // State a plugin keeps in its worker's memory has a copy per worker: said before serving.
            for warning in app.inMemoryStateWarnings(workers: max(1, count)) { StandardStreams.error(warning.message) }
            StandardStreams.out(
                "scene-host serve: "
                    + SandboxReport.line(
                        memoryBytes: loaded.config.host.workerMemory, grants: loaded.config.host.grants))
            // One fault accounting for every worker: a plugin's faults on any of them count toward its refusal.
            let ledger = FaultLedger(settings: loaded.config.host, endsSessions: true, logger: options.makeLogger())
            let pool = WorkerPool(
                supervisors: (0..<max(1, count)).map { _ in options.makeSupervisor(for: app, ledger: ledger) },
                waitLimit: loaded.config.host.eventTimeout, links: links, pluginOfScene: loaded.container.sceneOwners)
            started = pool
            try await pool.start()
            // The initial scene once, in the first worker: its error stops `serve` at start.
            try await pool.checkInitialScene()
            let server = WebServer(
                host: host, port: port, allowedHosts: allowedHosts, limits: limits(workers: pool.count),
                sessionsPerClient: sessionsPerClient, sessionRate: rate, forwarding: forwarding, durable: durable,
                admin: admin(workers: { pool.readiness() }), drainDelay: Self.duration(drainDelay),
                drainLimit: drainLimit, debugPages: debugPages,
                logger: options.makeLogger(),
                faultsPerClient: loaded.config.host.faultsPerSession, pluginOfScene: { pool.plugin(ofScene: $0) },
                makeSession: { try await pool.openSession() },
                restoreSession: { records in
                    let (session, note) = try await pool.restoreSession(records)
                    return (session, note)
                })
            await pool.count(with: server.metrics)
            return (server, pool, app)
        } catch {
            await started?.shutdown()
            throw StandardStreams.fail(error)
        }
    }

    /// The session store `--session-store` (or `SCENE_HOST_SESSION_STORE`, or the default file) names, opened.
    /// `--watch`: reloads the workers when a plugin file changes, on the main actor (the check of a
    /// new build runs there, as at start). Each reload and refusal is said on the server's output.
    @MainActor
    private func startWatching(pool: WorkerPool, app: SceneApp) async throws -> LiveReload {
        let reload: LiveReload
        do {
            reload = try LiveReload(options: options, command: "serve", app: app, pool: pool)
        } catch {
            await pool.shutdown()
            throw StandardStreams.fail(error)
        }
        StandardStreams.out(reload.startLine)
        reload.start { outcome in
            switch outcome {
            case .reloaded(let plugins, let milliseconds):
                StandardStreams.out(
                    "scene-host serve: --watch: reloaded the new build of \(plugins.joined(separator: ", ")) in \(milliseconds) ms; every session was built again on it"
                )
            case .refused(let plugins, let reason):
                StandardStreams.error(
                    "scene-host serve: --watch: the new build of \(plugins.joined(separator: ", ")) was refused; the old build keeps running:\n\(reason)"
                )
            }
        }
        return reload
    }

    /// `app`: whose sessions the store reads and writes (another app may share it).
    private func openStore(app: SessionApp, storeTimeout: Duration) throws(SessionStoreError) -> any SessionStore {
        let current = FileManager.default.currentDirectoryPath
        let configPath = options.config.hasPrefix("/") ? options.config : current + "/" + options.config
        let location = try SessionStoreLocation.resolve(
            option: sessionStore, environment: ProcessInfo.processInfo.environment,
            configPath: (configPath as NSString).standardizingPath, currentFolder: current)
        switch location {
        case .memory: return MemorySessionStore(app: app)
        case .sqlite(let path): return try SQLiteSessionStore(path: path, app: app)
        case .postgres(let address):
            // A request waits for the store at most this long, so an action is answered within the event time limit.
            return PostgresSessionStore(
                address: address, app: app, requestTimeout: storeTimeout, logger: options.makeLogger())
        }
    }

    private var rate: WebSessionRate { WebSessionRate(burst: sessionBurst, perMinute: sessionRate) }

    private func admin(workers: @escaping @Sendable () -> String?) -> WebServer.Admin? {
        adminPort.map { WebServer.Admin(host: adminHost, port: $0, workers: workers) }
    }

    private func limits(workers: Int) -> WebConnectionLimits {
        WebConnectionLimits.raisingDescriptorLimit(
            workers: workers, idleTimeout: Self.duration(idleTimeout),
            headerTimeout: Self.duration(headerTimeout), bodyTimeout: Self.duration(bodyTimeout),
            admin: adminPort != nil)
    }

    private static func duration(_ seconds: Double) -> Duration { .milliseconds(Int64(seconds * 1000)) }
}
