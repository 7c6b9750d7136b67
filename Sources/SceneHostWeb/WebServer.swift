import Foundation
import Hummingbird
import HummingbirdCore
import NIOCore
import Logging
import SceneHost
import ServiceLifecycle

/// `scene-host serve`: the app in a browser, one navigator per browser session.
///
/// Hummingbird's handlers run off the main actor; every call into a session (and so into scene
/// code) hops to the main actor, where `WebController` and its `WebSessionStore` live. Stops
/// gracefully on SIGTERM and SIGINT: open requests finish, then `run` returns.
public struct WebServer: Sendable {
    public let host: String
    public let port: Int
    let logger: Logger
    let controller: WebControllerBox
    let template: PageTemplate
    let hosts: WebHostPolicy
    let limits: WebConnectionLimits

    /// `makeSession` gives each new browser session a started app session.
    @MainActor
    public init(host: String, port: Int, allowedHosts: [String] = [],
                limits: WebConnectionLimits = WebConnectionLimits(maximum: 900, idleTimeout: .seconds(10)), logger: Logger,
                makeSession: @escaping @MainActor () async throws -> any WebAppSession) throws {
        self.limits = limits
        self.host = host
        self.port = port
        self.hosts = WebHostPolicy(listeningOn: host, allowed: allowedHosts)
        self.logger = logger
        self.controller = WebControllerBox(WebController(store: WebSessionStore(makeSession: makeSession), render: ErrorMessage.render))
        self.template = try PageTemplate()
    }

    /// Serves until SIGTERM or SIGINT; `onListening` gets the address actually bound (for port 0).
    public func run(onListening: @escaping @Sendable (String) -> Void) async throws {
        let router = Router(context: BasicRequestContext.self)
        let handlers = WebHandlers(controller: controller, template: template, hosts: hosts)
        router.get("/") { request, _ in try await handlers.page(request) }
        router.post("/act") { request, _ in try await handlers.act(request) }
        let idle = TimeAmount.milliseconds(limits.idleTimeout.wholeMilliseconds)
        let app = Application(
            router: router,
            server: .http1(configuration: .init(idleTimeout: idle)),
            configuration: .init(address: .hostname(host, port: port), serverName: "scene-host",
                                 availableConnectionsDelegate: MaximumAvailableConnections(limits.maximum, logger: logger)),
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

    @MainActor func page(sessionID: String?) async -> Result<(WebPage, String?), any Error> {
        do { return .success(try await controller.page(sessionID: sessionID)) } catch { return .failure(error) }
    }

    @MainActor func post(sessionID: String?, body: [UInt8], origin: String?, fetchSite: String?, host: String?) async -> WebController.PostOutcome {
        await controller.post(sessionID: sessionID, body: body, origin: origin, fetchSite: fetchSite, host: host)
    }
}
