import Foundation
import Hummingbird
import HummingbirdCore
import NIOCore
import Logging
import SceneHost
import ServiceLifecycle

/// `scene-host serve`: the app in a browser, one session of scenes per browser.
///
/// Hummingbird's handlers run off the main actor; every call into a session (and so into scene
/// code) hops to the main actor, where `WebController` and its `WebSessionStore` live. Stops
/// gracefully on SIGTERM and SIGINT: open requests finish, then `run` returns.
public struct WebServer: Sendable {
    public let host: String
    public let port: Int
    let logger: Logger
    let controller: WebControllerBox
    let snapshots: WebPageSnapshots
    let hosts: WebHostPolicy
    let limits: WebConnectionLimits

    /// `makeSession` gives each new browser session a started app session.
    @MainActor
    public init(host: String, port: Int, allowedHosts: [String] = [],
                limits: WebConnectionLimits = WebConnectionLimits(maximum: 900, idleTimeout: .seconds(10)),
                sessionsPerClient: Int = 100, logger: Logger,
                makeSession: @escaping @MainActor () async throws -> any WebAppSession) {
        self.limits = limits
        self.host = host
        self.port = port
        self.hosts = WebHostPolicy(listeningOn: host, allowed: allowedHosts)
        self.logger = logger
        let store = WebSessionStore(perClient: sessionsPerClient, makeSession: makeSession)
        self.controller = WebControllerBox(WebController(store: store))
        self.snapshots = store.snapshots
    }

    /// Serves until SIGTERM or SIGINT; `onListening` gets the address actually bound (for port 0).
    public func run(onListening: @escaping @Sendable (String) -> Void) async throws {
        let router = Router(context: WebRequestContext.self)
        let handlers = WebHandlers(controller: controller, hosts: hosts)
        // Every path goes to the controller, which tells the start, screens and links apart.
        for path in ["/", "**"] as [RouterPath] {
            router.get(path) { request, _ in await handlers.page(request) }
            router.head(path) { request, _ in await handlers.page(request, head: true) }
            router.post(path) { request, context in await handlers.act(request, context: context) }
        }
        let idle = TimeAmount.milliseconds(limits.idleTimeout.wholeMilliseconds)
        let (limits, count, snapshots, hosts) = (limits, ConnectionCount(), snapshots, hosts)
        let app = Application(
            router: router,
            server: .http1(configuration: .init(additionalChannelHandlers: [
                ConnectionGuard(limits: limits, count: count), SnapshotResponder(snapshots: snapshots, hosts: hosts),
            ], idleTimeout: idle)),
            configuration: .init(address: .hostname(host, port: port), serverName: "scene-host",
                                 availableConnectionsDelegate: MaximumAvailableConnections(limits.maximum + limits.sheddingRoom, logger: logger)),
            onServerRunning: { channel in
                let address = channel.localAddress
                let ip = address?.ipAddress ?? "?"
                // An IPv6 address is bracketed in a URL.
                onListening("http://\(ip.contains(":") ? "[\(ip)]" : ip):\(address?.port ?? 0)")
            },
            logger: logger
        )
        let group = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        do {
            try await group.run()
        } catch {
            throw WebError.cannotListen(host: host, port: port, reason: "\(error)")
        }
    }
}

/// The controller, reachable from any task but used only on the main actor. A request's wait for
/// its session's scene worker suspends there, so the main actor serves other requests meanwhile.
final class WebControllerBox: Sendable {
    @MainActor let controller: WebController

    @MainActor init(_ controller: WebController) {
        self.controller = controller
    }

    @MainActor func get(path: String, sessionID: String?) async -> WebReply {
        await controller.get(path: path, sessionID: sessionID)
    }

    @MainActor func post(path: String, sessionID: String?, body: [UInt8], context: WebController.PostContext) async -> WebReply {
        await controller.post(path: path, sessionID: sessionID, body: body, context: context)
    }
}
