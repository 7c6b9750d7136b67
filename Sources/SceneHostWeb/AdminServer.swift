import CoreMetrics
import Hummingbird
import HummingbirdCore
import HTTPTypes
import Logging
import NIOCore
import SceneHostWebModel
import SceneHostCore

/// The admin listener of `serve --admin-port`: its own port (loopback unless `--admin-host` says
/// otherwise), never the app's, answering
/// - `GET /healthz`: 200 while the process serves;
/// - `GET /readyz`: 200 when the session store answers and a scene worker is ready, 503 while the
///   instance drains or either is down, within `readinessDeadline`; the body says why, for an operator
///   (`AdminReadiness`);
/// - `GET /metrics`: Prometheus text.
///
/// It keeps the app listener's limits, through the same handlers (`ConnectionGuard`, `ProtocolGuard`):
/// the header, body and idle timeouts of `serve`'s options, a small fixed connection cap
/// (`WebConnectionLimits.admin(like:)`) and the Host check (`AdminHostMiddleware`), so a client holding
/// half-sent requests open takes at most a few dozen descriptors, each for the header timeout. Past
/// the cap a request is answered 503 and closed (`ConnectionGuard`); past the shedding room more,
/// connections wait in the listen queue, holding no descriptor of this process. The app's own cap
/// leaves these descriptors to it (`WebConnectionLimits.raisingDescriptorLimit(admin:)`).
struct AdminServer {
    /// How long `/readyz` waits for the session store before it answers 503.
    static let readinessDeadline = Duration.seconds(1)
    /// The admin paths take no body; a declared one larger than this is refused before it is read.
    static let bodyLimit = 1024

    let host: String
    let port: Int
    let readiness: AdminReadiness
    let metrics: @Sendable () async -> String
    /// The app's timeouts, with the admin's own cap (`WebConnectionLimits.admin(like:)`).
    let limits: WebConnectionLimits
    let hosts: WebHostPolicy
    /// Admin requests answered 503 past the cap (`/metrics`).
    let refused: Counter
    let logger: Logger

    func application(onListening: @escaping @Sendable (String) -> Void) -> some ApplicationProtocol {
        let router = Router()
        router.add(middleware: AdminHostMiddleware(hosts: hosts))
        let (readiness, metrics) = (readiness, metrics)
        router.get("/healthz") { _, _ in Self.text("ok\n", status: .ok) }
        router.get("/readyz") { _, _ -> Response in
            if let reason = await readiness.reason() {
                return Self.text("not ready: \(reason)\n", status: .serviceUnavailable)
            }
            return Self.text("ready\n", status: .ok)
        }
        router.get("/metrics") { _, _ -> Response in
            Self.text(await metrics(), status: .ok, contentType: "text/plain; version=0.0.4; charset=utf-8")
        }
        let (limits, count, refused) = (limits, ConnectionCount(), refused)
        return Application(
            router: router,
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [
                        ConnectionGuard(limits: limits, count: count, refused: refused),
                        ProtocolGuard(bodyLimit: Self.bodyLimit),
                    ], idleTimeout: TimeAmount.milliseconds(limits.idleTimeout.wholeMilliseconds))),
            configuration: .init(
                address: .hostname(host, port: port), serverName: "scene-host-admin",
                availableConnectionsDelegate: MaximumAvailableConnections(limits.descriptors, logger: logger)),
            onServerRunning: { channel in
                let address = channel.localAddress
                let ip = address?.ipAddress ?? "?"
                onListening("http://\(ip.contains(":") ? "[\(ip)]" : ip):\(address?.port ?? 0)")
            },
            logger: logger
        )
    }

    private static func text(
        _ body: String, status: HTTPResponse.Status, contentType: String = "text/plain; charset=utf-8"
    ) -> Response {
        Response(
            status: status, headers: [.contentType: contentType, .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
}
