import Hummingbird
import NIOCore

/// Hummingbird's request context plus the client's address (for the per-client cap on sessions).
struct WebRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// The client's IP address as text ("?" when the socket does not say).
    var client: String { remoteAddress?.ipAddress ?? "?" }
}
