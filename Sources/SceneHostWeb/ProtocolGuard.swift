import Foundation
import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// The rules of HTTP/1.1 a request must keep before anything reads it, on the connection's event
/// loop, between `ConnectionGuard` and `SnapshotResponder`:
/// - no `Host` field, or more than one: 400 (RFC 9112 §3.2);
/// - a method other than GET, HEAD and POST (TRACE, PUT, OPTIONS, DELETE, PATCH, CONNECT…): 405
///   with `Allow: GET, HEAD, POST`, which every path of the app takes;
/// - `Expect: 100-continue`: `100 Continue` before the body is read; 417 when the declared
///   `Content-Length` is over the body limit, or for any other expectation (RFC 9110 §10.1.1).
///
/// A refused request's connection is closed after the answer, so its body is never read. Answers
/// keep the order of the requests of a connection: a refusal (or a `100 Continue`) behind requests
/// still being answered waits until they are.
final class ProtocolGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// What every path answers (`WebServer` routes these three for every path).
    static let allowedMethods: [HTTPRequest.Method] = [.get, .head, .post]
    static let allowField = HTTPField.Name("Allow")!
    static let hostField = HTTPField.Name("Host")!
    static let expectField = HTTPField.Name("Expect")!

    private let bodyLimit: Int
    /// Requests passed on whose response has not ended yet.
    private var outstanding = 0
    /// A `100 Continue` due once this many more responses have ended.
    private var continueAfter: Int?
    /// A refusal due once every outstanding response has ended; after it the connection closes.
    private var refusal: Refusal?
    /// A request was refused: nothing more of this connection is read.
    private var refused = false

    struct Refusal: Equatable {
        let status: HTTPResponse.Status
        let text: String
        var allow: String?
    }

    init(bodyLimit: Int) {
        self.bodyLimit = bodyLimit
    }

    /// Why `request` is refused before it is read, nil when it may go on.
    static func refusal(of request: HTTPRequest, bodyLimit: Int) -> Refusal? {
        if !request.headerFields[values: hostField].isEmpty {
            return Refusal(status: .badRequest, text: "The request has more than one Host field; send one.\n")
        }
        // HTTP/1.0 requests are held to the same rule: without a Host the DNS-rebinding check has nothing to check.
        if request.authority == nil {
            return Refusal(
                status: .badRequest, text: "The request has no Host field; send one (HTTP/1.1 requires it).\n")
        }
        guard allowedMethods.contains(request.method) else {
            return Refusal(
                status: .methodNotAllowed,
                text: "This server answers only GET, HEAD and POST; \(request.method.rawValue) is not one of them.\n",
                allow: allowedMethods.map(\.rawValue).joined(separator: ", "))
        }
        let expectations = request.headerFields[values: expectField].flatMap { $0.split(separator: ",") }.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        guard !expectations.isEmpty else { return nil }
        guard expectations.allSatisfy({ $0 == "100-continue" }) else {
            return Refusal(
                status: .expectationFailed, text: "The only expectation this server meets is 100-continue.\n")
        }
        if let length = request.headerFields[.contentLength].flatMap({ Int($0) }), length > bodyLimit {
            return Refusal(
                status: .expectationFailed,
                text: "The request's body would be \(length) bytes; the limit is \(bodyLimit). Send less.\n")
        }
        return nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        guard case .head(let request) = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        if let answer = Self.refusal(of: request, bodyLimit: bodyLimit) {
            refused = true
            refusal = answer
            if outstanding == 0 { refuse(context: context) }
            return
        }
        if request.headerFields[Self.expectField] != nil {
            if outstanding == 0 {
                sendContinue(context: context)
            } else {
                continueAfter = outstanding
            }
        }
        outstanding += 1
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        context.write(data, promise: promise)
        guard case .end = unwrapOutboundIn(data) else { return }
        outstanding -= 1
        if let waiting = continueAfter {
            continueAfter = waiting > 1 ? waiting - 1 : nil
            if waiting == 1 { sendContinue(context: context) }
        }
        if outstanding == 0, refusal != nil { refuse(context: context) }
    }

    private func sendContinue(context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(.head(HTTPResponse(status: .continue))), promise: nil)
    }

    private func refuse(context: ChannelHandlerContext) {
        guard let answer = refusal else { return }
        refusal = nil
        var fields = HTTPFields()
        fields[.contentType] = "text/plain; charset=utf-8"
        fields[.connection] = "close"
        fields[.contentLength] = String(answer.text.utf8.count)
        if let allow = answer.allow { fields[Self.allowField] = allow }
        context.write(wrapOutboundOut(.head(HTTPResponse(status: answer.status, headerFields: fields))), promise: nil)
        context.write(wrapOutboundOut(.body(context.channel.allocator.buffer(string: answer.text))), promise: nil)
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in loopBound.value.close(promise: nil) }
    }
}
