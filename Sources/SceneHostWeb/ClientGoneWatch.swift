import NIOCore
import NIOHTTPTypes
import SceneHostFrontend

/// Tells a connection's long answer (a live page's stream, `WebHandlers.events`) that its client
/// went away, without writing to it: `gone` closes when the client closes its side of the
/// connection (end of input; the server keeps half-closed connections open, so nothing else would
/// tell), or the connection closes. A stream sleeping between changes wakes on it and ends, so a
/// closed tab's stream does not wait for its next keep-alive to find out.
final class ClientGoneWatch: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    let gone = Wakeup()

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event as? ChannelEvent == .inputClosed { gone.close() }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        gone.close()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        gone.close()
    }

    /// The watch of `channel`'s connection, when it has one.
    static func gone(of channel: any Channel) async -> Wakeup? {
        try? await channel.eventLoop.submit {
            try channel.pipeline.syncOperations.handler(type: ClientGoneWatch.self).gone
        }.get()
    }
}
