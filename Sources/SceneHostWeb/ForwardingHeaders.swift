import HTTPTypes
import NIOCore
import SceneHostWebModel

extension WebForwarding.Headers {
    // Valid token names written here, so the unwraps cannot fail.
    static let forwardedField = HTTPField.Name("Forwarded")!
    static let forwardedForField = HTTPField.Name("X-Forwarded-For")!
    static let forwardedProtoField = HTTPField.Name("X-Forwarded-Proto")!

    /// The forwarding headers of a request's fields, every line of each in order.
    init(_ fields: HTTPFields) {
        self.init(
            forwarded: fields[values: Self.forwardedField], forwardedFor: fields[values: Self.forwardedForField],
            forwardedProto: fields[values: Self.forwardedProtoField])
    }
}

extension WebForwarding {
    /// The client of a request that came from `peer` with `fields` (`client(peer:headers:)`).
    func client(peer: SocketAddress?, fields: HTTPFields) -> WebClient {
        client(peer: peer?.ipAddress, headers: Headers(fields))
    }

    /// Whether the browser used HTTPS, without reading the headers when no proxy is trusted (the
    /// path of every page answered on the event loop).
    func isSecure(peer: SocketAddress?, fields: HTTPFields) -> Bool {
        if alwaysSecure { return true }
        guard !trusted.isEmpty else { return false }
        return client(peer: peer, fields: fields).secure
    }
}
