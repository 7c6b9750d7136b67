import Synchronization
import Foundation
import Hummingbird
import HummingbirdCore
import NIOCore
import Logging
import CoreMetrics
import Prometheus
import SceneHostFrontend
import SceneHostNavigation
import SceneHostSessions
import SceneHostWebModel
import ServiceLifecycle
import SceneHostCore
import UnixSignals

/// `scene-host serve`: the app in a browser, one session of scenes per browser.
///
/// Each request runs on its own task (Hummingbird's); the part of it that reads or changes a session
/// runs on that session's owner (`WebSession`, an actor), so requests of different browsers run side
/// by side and no main actor stands between them. Stops gracefully on SIGTERM and SIGINT: open
/// requests finish, then `run` returns.
package struct WebServer: Sendable {
    package let host: String
    package let port: Int
    let logger: Logger
    let controller: WebControllerBox
    let snapshots: WebPageSnapshots
    /// What the sessions and the store did (`/metrics`), shared with the controller's store.
    let counters: WebSessionCounters
    let hosts: WebHostPolicy
    let limits: WebConnectionLimits
    /// Who a request's client is, through trusted proxies, and whether it came over HTTPS.
    let forwarding: WebForwarding
    /// Where sessions are kept (`--session-store`).
    package let durable: any SessionStore
    /// Whether it drains (SIGTERM), shared with the admin listener.
    package let state = ServeState()
    /// The admin listener's address and what it reports, when `--admin-port` was given.
    let admin: Admin?
    /// The names the admin listener answers for: as the app's, for the admin address (`AdminHostMiddleware`).
    let adminHosts: WebHostPolicy?
    /// What `/metrics` shows: every counter of this server (its sessions, requests, store), none global.
    let registry = PrometheusCollectorRegistry()
    package let metrics: PrometheusMetricsFactory
    /// How long a drain waits after `/readyz` turned 503 before the listener closes.
    let drainDelay: Duration
    /// The longest in-flight requests may take to finish once draining (the event time limit).
    let drainLimit: Duration

    /// The admin listener of `--admin-port`.
    package struct Admin: Sendable {
        package let host: String
        package let port: Int
        /// Nil when a scene worker is ready, else why not (`/readyz`).
        package let workers: @Sendable () -> String?

        package init(host: String, port: Int, workers: @escaping @Sendable () -> String?) {
            self.host = host
            self.port = port
            self.workers = workers
        }
    }

    /// `makeSession` gives each new browser session a started app session; `restoreSession` one built
    /// from a stored session's records (a restart, another instance), and what became of its stacks.
    /// `sessionsPerClient` caps the sessions in use one client address holds, `sessionRate` how fast
    /// it may start them (`WebSessionStore`); `forwarding` names the trusted proxies (`--trusted-proxy`).
    package init(
        host: String, port: Int, allowedHosts: [String] = [],
        limits: WebConnectionLimits = WebConnectionLimits(maximum: 900, idleTimeout: .seconds(10)),
        sessionsPerClient: Int = 100, sessionRate: WebSessionRate = .standard,
        forwarding: WebForwarding = WebForwarding(),
        durable: any SessionStore = MemorySessionStore(), admin: Admin? = nil,
        drainDelay: Duration = .zero, drainLimit: Duration = .seconds(10), debugPages: Bool = false, logger: Logger,
        faultsPerClient: Int = 3, pluginOfScene: @escaping @Sendable (String) -> String? = { _ in nil },
        makeSession: @escaping @Sendable () async throws -> any AppSession,
        restoreSession: @escaping @Sendable ([SceneRecord]) async throws -> (any AppSession, RestoreNote)
    ) {
        self.limits = limits
        self.host = host
        self.port = port
        self.forwarding = forwarding
        self.hosts = WebHostPolicy(listeningOn: host, allowed: allowedHosts)
        self.logger = logger
        self.durable = durable
        self.admin = admin
        self.adminHosts = admin.map { WebHostPolicy(listeningOn: $0.host, allowed: allowedHosts) }
        self.drainDelay = drainDelay
        self.drainLimit = drainLimit
        var metrics = PrometheusMetricsFactory(registry: registry)
        metrics.defaultDurationHistogramBuckets = [
            .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10),
            .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
            .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5), .seconds(10),
        ]
        self.metrics = metrics
        // An action takes at most the event time limit in its worker and three store requests of a third
        // of it each: another instance takes a session over only when its action is far past that.
        let counters = WebSessionCounters(factory: metrics)
        self.counters = counters
        let store = WebSessionStore(
            perClient: sessionsPerClient, rate: sessionRate, actionLease: max(.seconds(30), drainLimit * 3),
            durable: durable,
            counters: counters, faultsPerClient: faultsPerClient, pluginOfScene: pluginOfScene,
            makeSession: makeSession, restoreSession: restoreSession)
        self.controller = WebControllerBox(WebController(store: store, logger: logger, debugPages: debugPages))
        self.snapshots = store.snapshots
    }

    /// A test hook (`serve`'s `SCENE_HOST_TEST_ACTION_HOLD`): `hold` is awaited after each step of an
    /// action (`WebSessionStore.afterStep`).
    package func holdActions(_ hold: @escaping @Sendable (WebSessionStore.ActionStep) async -> Void) async {
        await controller.controller.store.holdActions(hold)
    }

    /// Runs the session store's service, makes the store ready (schema, the shared start token) and
    /// then serves until SIGTERM or SIGINT, then drains: `/readyz` turns 503, in-flight requests finish
    /// (within `drainLimit`), and `run` returns. `onListening` gets the address actually bound (for
    /// port 0); `onAdminListening` the admin listener's. A store that cannot be used throws its
    /// `SessionStoreError` before anything listens.
    package func run(
        onListening: @escaping @Sendable (String) -> Void,
        onAdminListening: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws {
        let router = Router(context: WebRequestContext.self)
        router.add(middleware: RetryAfterMiddleware())
        let handlers = WebHandlers(
            controller: controller, hosts: hosts, forwarding: forwarding, metrics: metrics, state: state)
        // Every path goes to the controller, which tells the start, screens and links apart; every
        // other method is answered 405 before the router (`ProtocolGuard.allowedMethods`).
        for path in ["/", "**"] as [RouterPath] {
            router.get(path) { request, context in await handlers.page(request, context: context) }
            router.head(path) { request, context in await handlers.page(request, context: context, head: true) }
            router.post(path) { request, context in await handlers.act(request, context: context) }
        }
        let idle = TimeAmount.milliseconds(limits.idleTimeout.wholeMilliseconds)
        let (limits, count, snapshots, hosts, forwarding, state, counters) = (
            limits, ConnectionCount(), snapshots, hosts, forwarding, state, counters
        )
        // A snapshot's page of a shared store: answered only while the store holds the state it shows.
        let check: SnapshotResponder.Check = { [durable] stored in
            let holds = (try? await durable.state(of: stored.key)) == stored.state
            (holds ? counters.snapshotHeld : counters.snapshotMoved).increment()
            return holds
        }
        let atOnce: SnapshotResponder.CheckAtOnce = { [durable] stored in
            switch durable.stateAtOnce(of: stored.key) {
            case .state(let state) where state == stored.state:
                counters.snapshotHeld.increment()
                return .holds
            case .state:
                counters.snapshotMoved.increment()
                return .moved
            case .unknown:
                return .unknown
            }
        }
        let refused = Counter(label: "scene_host_connections_refused_total", factory: metrics)
        let app = Application(
            router: router,
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [
                        DrainingConnectionCloser(state: state), ClientGoneWatch(),
                        StreamKeepAlive(interval: WebHandlers.keepAlive),
                        ConnectionGuard(limits: limits, count: count, refused: refused),
                        ProtocolGuard(bodyLimit: WebForm.maximumBodySize),
                        SnapshotResponder(
                            snapshots: snapshots, hosts: hosts, forwarding: forwarding, check: check, atOnce: atOnce,
                            unchecked: counters.snapshotUnchecked),
                    ], idleTimeout: idle)),
            configuration: .init(
                address: .hostname(host, port: port), serverName: "scene-host",
                availableConnectionsDelegate: MaximumAvailableConnections(
                    limits.maximum + limits.sheddingRoom, logger: logger)),
            onServerRunning: { channel in
                let address = channel.localAddress
                let ip = address?.ipAddress ?? "?"
                // An IPv6 address is bracketed in a URL.
                onListening("http://\(ip.contains(":") ? "[\(ip)]" : ip):\(address?.port ?? 0)")
            },
            logger: logger
        )
        let prepared = Wakeup()
        let controller = self.controller
        // First, so a graceful shutdown reaches it last: the store answers until the listeners have closed.
        // A store with nothing to run returns at once; that ends nothing.
        var services = [
            ServiceGroupConfiguration.ServiceConfiguration(
                service: SessionStoreService(store: durable),
                successTerminationBehavior: .ignore),
            .init(service: SessionUpkeepService(sessions: controller.controller.store)),
        ]
        if let admin, let adminHosts {
            // The app's timeouts; the admin's own small cap.
            let adminLimits = WebConnectionLimits.admin(like: limits)
            let readiness = AdminReadiness(
                state: state, store: durable, workers: admin.workers, deadline: AdminServer.readinessDeadline)
            let adminServer = AdminServer(
                host: admin.host, port: admin.port, readiness: readiness,
                metrics: { [registry] in
                    registry.emitToString()
                }, limits: adminLimits, hosts: adminHosts,
                refused: Counter(label: "scene_host_admin_connections_refused_total", factory: metrics),
                logger: logger)
            services.append(
                .init(
                    service: PreparedListener(
                        listener: adminServer.application(onListening: onAdminListening),
                        prepared: prepared, prepare: nil)))
        }
        services.append(
            .init(
                service: PreparedListener(
                    listener: app, prepared: prepared, prepare: { try await controller.prepare() })))
        // Last, so a SIGTERM reaches it first: /readyz turns 503 before the listener closes.
        services.append(.init(service: DrainService(state: state, delay: drainDelay)))
        var configuration = ServiceGroupConfiguration(
            services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        configuration.maximumGracefulShutdownDuration = drainDelay + drainLimit + .seconds(2)
        let group = ServiceGroup(configuration: configuration)
        do {
            try await group.run()
        } catch let error as SessionStoreError {
            throw error
        } catch {
            throw WebError.cannotListen(host: host, port: port, reason: "\(error)")
        }
    }
}

/// The controller and the live streams open per session, shared by every request's task. Nothing
/// here is bound to an actor: a request runs on its own task, each session's part on that session's
/// owner (`WebSession`), the registry's on the store (`WebSessionStore`).
final class WebControllerBox: Sendable {
    let controller: WebController

    init(_ controller: WebController) {
        self.controller = controller
    }

    func prepare() async throws(SessionStoreError) {
        try await controller.store.prepare()
    }

    func get(path: String, sessionID: String?, client: String, consuming: Bool = true) async -> WebReply {
        await controller.get(path: path, sessionID: sessionID, client: client, consuming: consuming)
    }

    func post(path: String, sessionID: String?, body: [UInt8], context: WebController.PostContext) async -> WebReply {
        await controller.post(path: path, sessionID: sessionID, body: body, context: context)
    }

    func liveCount(sessionID: String?) async -> UInt64? {
        await controller.liveCount(sessionID: sessionID)
    }

    func holdsSession(sessionID: String?) async -> Bool {
        await controller.holdsSession(sessionID: sessionID)
    }

    var store: WebSessionStore { controller.store }

    func liveChange(sessionID: String?, after count: UInt64) async -> UInt64? {
        await controller.liveChange(sessionID: sessionID, after: count)
    }

    func actionCount(sessionID: String?) async -> Int? {
        await controller.actionCount(sessionID: sessionID)
    }

    func movedByItself(sessionID: String?, actions: Int) async -> String? {
        await controller.movedByItself(sessionID: sessionID, actions: actions)
    }

    /// Open live streams per session (`WebHandlers.events`), bounded by `WebHandlers.streamsPerSession`;
    /// the start page's, of browsers without a session, under the key "" (no session ID is empty).
    let streams = Mutex<[String: Int]>([:])

    /// One more stream open under `key`, unless `limit` are open already (nil then). The slot is
    /// given back when the returned `StreamSlot` is freed: when the stream's body ends, and also
    /// when its response is dropped unsent (a client gone before the answer began), which a
    /// count given back by the body alone would leak for good.
    func admitStream(_ key: String, limit: Int) -> StreamSlot? {
        let admitted = streams.withLock { streams in
            guard streams[key, default: 0] < limit else { return false }
            streams[key, default: 0] += 1
            return true
        }
        return admitted ? StreamSlot(key: key, streams: self) : nil
    }

    /// Gives back a slot `admitStream` counted under `key` (`StreamSlot.deinit`).
    fileprivate func endStream(_ key: String) {
        streams.withLock {
            $0[key, default: 1] -= 1
            if $0[key] == 0 { $0[key] = nil }
        }
    }

    /// Streams open under `key` now (tests).
    func openStreams(_ key: String) -> Int { streams.withLock { $0[key, default: 0] } }
}

/// A live stream's place among its session's (`WebControllerBox.admitStream`): given back when
/// freed. The stream's body holds it; a response never sent frees its body, and so its slot.
final class StreamSlot: Sendable {
    let key: String
    private let streams: WebControllerBox

    fileprivate init(key: String, streams: WebControllerBox) {
        self.key = key
        self.streams = streams
    }

    deinit { streams.endStream(key) }
}
