import Hummingbird
import HTTPTypes
import NIOCore

/// The admin listener of `serve --admin-port`: its own port (loopback unless `--admin-host` says
/// otherwise), never the app's, answering
/// - `GET /healthz`: 200 while the process serves;
/// - `GET /readyz`: 200 when the session store answers and a scene worker is ready, 503 while the
///   instance drains or either is down (the body says which);
/// - `GET /metrics`: Prometheus text.
struct AdminServer {
    let host: String
    let port: Int
    let state: ServeState
    /// Nil when ready, else why not.
    let readiness: @Sendable () async -> String?
    let metrics: @Sendable () async -> String

    func application(onListening: @escaping @Sendable (String) -> Void) -> some ApplicationProtocol {
        let router = Router()
        let (state, readiness, metrics) = (state, readiness, metrics)
        router.get("/healthz") { _, _ in Self.text("ok\n", status: .ok) }
        router.get("/readyz") { _, _ -> Response in
            if state.isDraining { return Self.text("draining\n", status: .serviceUnavailable) }
            if let reason = await readiness() { return Self.text(reason + "\n", status: .serviceUnavailable) }
            return Self.text("ready\n", status: .ok)
        }
        router.get("/metrics") { _, _ -> Response in
            Self.text(await metrics(), status: .ok, contentType: "text/plain; version=0.0.4; charset=utf-8")
        }
        return Application(
            router: router,
            configuration: .init(address: .hostname(host, port: port), serverName: "scene-host-admin"),
            onServerRunning: { channel in
                let address = channel.localAddress
                let ip = address?.ipAddress ?? "?"
                onListening("http://\(ip.contains(":") ? "[\(ip)]" : ip):\(address?.port ?? 0)")
            }
        )
    }

    private static func text(_ body: String, status: HTTPResponse.Status, contentType: String = "text/plain; charset=utf-8") -> Response {
        Response(status: status, headers: [.contentType: contentType, .cacheControl: "no-store"],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
}
