/// Who sent a request, as the caps on new sessions and the session cookie see it.
package struct WebClient: Equatable, Sendable {
    /// What the caps count: `WebIPAddress.clientKey` of the client's address (an IPv6 client by its
    /// /64), or the peer's text as the socket gave it when that is no address.
    package let address: String
    /// The browser reached the site over HTTPS (`serve --https`, or a trusted proxy says so): the
    /// session cookie is then `__Host-` prefixed and `Secure`.
    package let secure: Bool

    package init(address: String, secure: Bool) {
        self.address = address
        self.secure = secure
    }
}

/// The reverse proxies whose forwarding headers `serve` believes (`--trusted-proxy`), and how a
/// request's client is read through them.
///
/// Only when the direct peer is inside a trusted block are `Forwarded` (RFC 7239, its `for=`) and
/// `X-Forwarded-For` read: the client is the rightmost hop that is not a trusted proxy (each proxy
/// appends the address it received from, so every hop right of that one was written by a proxy we
/// trust, and everything left of it by the client, who may write anything). A hop that is no address
/// (`unknown`, an obfuscated name, garbage) ends the walk at the last address read. When a request
/// carries both headers and they name different clients, one of them was passed through from the
/// client unchanged by a proxy that sets only the other: the peer is the client then, so no header
/// a client wrote can choose its address. `X-Real-IP` is never read: it is one value without the
/// chain, so it cannot be checked hop by hop, and proxies that do not set it pass the client's own.
package struct WebForwarding: Equatable, Sendable {
    package let trusted: [WebAddressBlock]
    /// `--https`: every request came over HTTPS (a proxy in front terminates TLS), whatever the headers say.
    package let alwaysSecure: Bool

    package init(trusted: [WebAddressBlock] = [], alwaysSecure: Bool = false) {
        self.trusted = trusted
        self.alwaysSecure = alwaysSecure
    }

    /// The `--trusted-proxy` values, each an address or a CIDR block; the first that is neither is thrown.
    package static func parse(trustedProxies values: [String], alwaysSecure: Bool) throws(WebError) -> WebForwarding {
        var blocks: [WebAddressBlock] = []
        for value in values {
            switch WebAddressBlock.parse(value) {
            case .success(let block): blocks.append(block)
            case .failure(let error): throw error
            }
        }
        return WebForwarding(trusted: blocks, alwaysSecure: alwaysSecure)
    }

    /// The forwarding headers of one request: every field line of each, in the order they came.
    package struct Headers: Sendable {
        package var forwarded: [String] = []
        package var forwardedFor: [String] = []
        package var forwardedProto: [String] = []

        package init(forwarded: [String] = [], forwardedFor: [String] = [], forwardedProto: [String] = []) {
            self.forwarded = forwarded
            self.forwardedFor = forwardedFor
            self.forwardedProto = forwardedProto
        }
    }

    /// The client of a request whose socket peer is `peer` (its text, nil when the socket does not say).
    package func client(peer: String?, headers: Headers) -> WebClient {
        guard let peerText = peer, let peerAddress = WebIPAddress(peerText) else {
            return WebClient(address: peer ?? "?", secure: alwaysSecure)
        }
        guard isTrusted(peerAddress) else { return WebClient(address: peerAddress.clientKey, secure: alwaysSecure) }
        let elements = ForwardedElement.parse(headers.forwarded)
        let viaForwarded = rightmostUntrusted(elements.map { $0.for })
        let viaForwardedFor = rightmostUntrusted(
            headers.forwardedFor.flatMap { $0.split(separator: ",").map(String.init) })
        let client: WebIPAddress
        switch (viaForwarded, viaForwardedFor) {
        case (nil, nil): client = peerAddress
        case (let one?, nil): client = one.address
        case (nil, let other?): client = other.address
        case (let one?, let other?): client = one.address == other.address ? one.address : peerAddress
        }
        let forwardedProto = viaForwarded.flatMap { elements[$0.index].proto }
        let lastProto = headers.forwardedProto.last?.split(separator: ",").last.map { String($0.trimmingSpaces) }
        let secure = alwaysSecure || [forwardedProto, lastProto].contains { $0?.lowercased() == "https" }
        return WebClient(address: client.clientKey, secure: secure)
    }

    package func isTrusted(_ address: WebIPAddress) -> Bool {
        trusted.contains { $0.contains(address) }
    }

    /// The hop the client is, right to left: the first that is not trusted, or the leftmost when every
    /// one is; nil when there is no hop or the rightmost is no address.
    private func rightmostUntrusted(_ hops: [String?]) -> (index: Int, address: WebIPAddress)? {
        var chosen: (index: Int, address: WebIPAddress)?
        for index in hops.indices.reversed() {
            guard let hop = hops[index], let address = WebIPAddress(hop: hop) else { break }
            chosen = (index, address)
            if !isTrusted(address) { break }
        }
        return chosen
    }
}

/// One element of a `Forwarded` header (RFC 7239): the `for` and `proto` of one hop.
struct ForwardedElement: Equatable {
    package var `for`: String?
    package var proto: String?

    /// Every element of every field line, in order. Values may be quoted (`for="[2001:db8::1]:80"`);
    /// commas and semicolons inside quotes belong to the value.
    package static func parse(_ lines: [String]) -> [ForwardedElement] {
        var elements: [ForwardedElement] = []
        for line in lines {
            for element in split(line, at: ",") {
                var parsed = ForwardedElement()
                for pair in split(element, at: ";") {
                    guard let equals = pair.firstIndex(of: "=") else { continue }
                    let name = pair[..<equals].trimmingSpaces.lowercased()
                    let value = unquoted(pair[pair.index(after: equals)...].trimmingSpaces)
                    if name == "for" { parsed.for = value }
                    if name == "proto" { parsed.proto = value }
                }
                elements.append(parsed)
            }
        }
        return elements
    }

    /// `text` cut at every `separator` outside a quoted string.
    private static func split(_ text: some StringProtocol, at separator: Character) -> [Substring] {
        var parts: [Substring] = []
        var start = text.startIndex, quoted = false, escaped = false
        let whole = Substring(text)
        for index in whole.indices {
            let character = whole[index]
            if escaped { escaped = false; continue }
            if quoted, character == "\\" { escaped = true; continue }
            if character == "\"" { quoted.toggle(); continue }
            if !quoted, character == separator {
                parts.append(whole[start..<index])
                start = whole.index(after: index)
            }
        }
        parts.append(whole[start...])
        return parts
    }

    /// A token as it is; a quoted string without its quotes and escapes.
    private static func unquoted(_ value: Substring) -> String {
        guard value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") else { return String(value) }
        var text = "", escaped = false
        for character in value.dropFirst().dropLast() {
            if !escaped, character == "\\" { escaped = true; continue }
            escaped = false
            text.append(character)
        }
        return text
    }
}
