import Hummingbird
import NIOCore

/// Hummingbird's request context plus the socket's peer: the client, or the proxy in front of it
/// (`WebForwarding` tells them apart).
struct WebRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?
    /// The connection: a live stream finds out from it that its client went away (`ClientGoneWatch`).
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
        channel = source.channel
    }
}
