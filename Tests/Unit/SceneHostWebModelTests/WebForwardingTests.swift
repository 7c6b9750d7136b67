import Testing
@testable import SceneHostWebModel
@testable import SceneHostCore

/// The client of a request through `--trusted-proxy`: addresses and blocks in every spelling, the
/// rightmost hop that is not a trusted proxy, headers from an untrusted peer ignored, spoofed hops
/// left of the client ignored, two headers that disagree, HTTPS from a trusted proxy only.
@Suite("Web forwarding through trusted proxies")
struct WebForwardingTests {
    static let proxies = WebForwarding(trusted: ["10.0.0.0/8", "fd00::/8", "127.0.0.1"].map { block($0) })

    static func block(_ text: String) -> WebAddressBlock {
        guard case .success(let block) = WebAddressBlock.parse(text) else {
            Issue.record("\(text) did not parse")
            return WebAddressBlock.anything
        }
        return block
    }

    @Test("addresses read in every spelling; names, ports, zones and garbage are none")
    func addresses() {
        #expect(WebIPAddress("192.0.2.1")?.text == "192.0.2.1")
        #expect(WebIPAddress("2001:DB8:0:0::1")?.text == "2001:db8::1")
        #expect(WebIPAddress("[2001:db8::1]")?.text == "2001:db8::1")
        #expect(WebIPAddress("::ffff:192.0.2.1") == WebIPAddress("192.0.2.1"), "a mapped peer is its IPv4 address")
        for text in [
            "", "example.org", "192.0.2.1:80", "fe80::1%eth0", "10.0.0.0/8", "1.2.3", "192.0.2.1\u{0}evil", "unknown",
        ] {
            #expect(WebIPAddress(text) == nil, "\(text)")
        }
        #expect(WebIPAddress(hop: " 192.0.2.1:4711 ")?.text == "192.0.2.1")
        #expect(WebIPAddress(hop: "[2001:db8::1]:4711")?.text == "2001:db8::1")
        #expect(WebIPAddress(hop: "2001:db8::1")?.text == "2001:db8::1")
        #expect(WebIPAddress(hop: "_hidden") == nil && WebIPAddress(hop: "unknown") == nil)
        #expect(WebIPAddress("192.0.2.1")?.clientKey == "192.0.2.1")
        #expect(
            WebIPAddress("2001:db8:1:2:aaaa:bbbb:cccc:dddd")?.clientKey == "2001:db8:1:2::/64",
            "an IPv6 client counts by its /64")
    }

    @Test("blocks: IPv4 and IPv6, a bare address as its own block, an IPv4 block matching mapped peers")
    func blocks() {
        let ten = Self.block("10.0.0.0/8")
        #expect(ten.description == "10.0.0.0/8")
        #expect(ten.contains(WebIPAddress("10.255.1.2")!) && ten.contains(WebIPAddress("::ffff:10.0.0.1")!))
        #expect(!ten.contains(WebIPAddress("11.0.0.1")!) && !ten.contains(WebIPAddress("::a00:1")!))
        let v6 = Self.block("2001:db8::/32")
        #expect(v6.contains(WebIPAddress("2001:db8:ffff::1")!) && !v6.contains(WebIPAddress("2001:db9::1")!))
        #expect(Self.block("192.0.2.7").description == "192.0.2.7/32" && Self.block("::1").description == "::1/128")
        #expect(Self.block("172.16.0.0/12").contains(WebIPAddress("172.31.255.255")!))
        #expect(!Self.block("172.16.0.0/12").contains(WebIPAddress("172.32.0.0")!))
        #expect(Self.block("0.0.0.0/0").contains(WebIPAddress("203.0.113.9")!))
    }

    @Test(
        "a value that is no address or block exits 2 naming the flag, the value, why, and the forms",
        arguments: [
            ("proxy.internal", "it is no IP address or CIDR block", nil),
            ("10.0.0.0/33", "its prefix length must be a whole number from 0 to 32", nil),
            ("2001:db8::/129", "its prefix length must be a whole number from 0 to 128", nil),
            ("10.0.0.0/", "its prefix length must be a whole number from 0 to 32", nil),
            ("10.0.0.0/8/9", "it is no IP address or CIDR block", nil),
            ("10.0.0.0/+8", "its prefix length must be a whole number from 0 to 32", nil),
            ("", "it is no IP address or CIDR block", nil),
            ("10.0.0.1/8", "it has bits set past its /8 prefix", "10.0.0.0/8"),
            ("2001:db8::1/32", "it has bits set past its /32 prefix", "2001:db8::/32"),
        ] as [(String, String, String?)])
    func invalid(value: String, reason: String, suggestion: String?) {
        #expect(throws: WebError.invalidTrustedProxy(value: value, reason: reason, suggestion: suggestion)) {
            try WebForwarding.parse(trustedProxies: ["127.0.0.1", value], alwaysSecure: false)
        }
        let error = WebError.invalidTrustedProxy(value: value, reason: reason, suggestion: suggestion)
        #expect(error.exitStatus == .configError)
        #expect(
            error.message
                == "error: --trusted-proxy '\(value)': \(reason).\(suggestion.map { " Did you mean '\($0)'?" } ?? "") Give an IPv4 or IPv6 address or CIDR block, such as 10.0.0.0/8, 192.0.2.7, fd00::/8 or ::1."
        )
    }

    @Test("a direct client's forwarding headers are ignored, however spoofed")
    func untrustedPeer() {
        let headers = WebForwarding.Headers(
            forwarded: ["for=198.51.100.1;proto=https"], forwardedFor: ["198.51.100.2"], forwardedProto: ["https"])
        #expect(
            Self.proxies.client(peer: "203.0.113.9", headers: headers)
                == WebClient(address: "203.0.113.9", secure: false))
        #expect(
            WebForwarding().client(peer: "10.0.0.1", headers: headers) == WebClient(address: "10.0.0.1", secure: false),
            "no proxy is trusted by default")
        #expect(Self.proxies.client(peer: "2001:db8::9", headers: headers).address == "2001:db8::/64")
        #expect(Self.proxies.client(peer: nil, headers: headers) == WebClient(address: "?", secure: false))
    }

    @Test(
        "through trusted proxies the client is the rightmost hop that is not one: what the client wrote left of it is ignored"
    )
    func rightmostUntrusted() {
        func client(_ forwardedFor: [String], peer: String = "10.0.0.1") -> String {
            Self.proxies.client(peer: peer, headers: .init(forwardedFor: forwardedFor)).address
        }
        #expect(client(["198.51.100.7"]) == "198.51.100.7")
        #expect(client(["1.2.3.4, 198.51.100.7"]) == "198.51.100.7", "a spoofed hop left of the client")
        #expect(client(["1.2.3.4", "198.51.100.7, 10.0.0.2"]) == "198.51.100.7", "two proxies, two field lines")
        #expect(client(["10.9.9.9, 10.0.0.2"]) == "10.9.9.9", "every hop trusted: the leftmost")
        #expect(client(["198.51.100.7, garbage"]) == "10.0.0.1", "a rightmost hop that is no address: the peer")
        #expect(
            client(["1.2.3.4, unknown, 10.0.0.2"]) == "10.0.0.2",
            "a hop that is no address ends the walk at the last address")
        #expect(client(["198.51.100.7:4711"]) == "198.51.100.7")
        #expect(client(["[2001:db8:5:6::1]:443"]) == "2001:db8:5:6::/64")
        #expect(client([]) == "10.0.0.1", "a trusted proxy's own request")
        #expect(
            client(["198.51.100.7"], peer: "::ffff:10.0.0.1") == "198.51.100.7", "a mapped peer is in an IPv4 block")
    }

    @Test("Forwarded (RFC 7239): quoted IPv6 with a port, several elements and lines, unknown and obfuscated hops")
    func forwarded() {
        func client(_ forwarded: [String]) -> WebClient {
            Self.proxies.client(peer: "10.0.0.1", headers: .init(forwarded: forwarded))
        }
        #expect(client(["for=198.51.100.7"]).address == "198.51.100.7")
        #expect(
            client(["For=\"[2001:db8:cafe::17]:4711\";proto=https"])
                == WebClient(address: "2001:db8:cafe::/64", secure: true))
        #expect(client(["for=1.2.3.4, for=198.51.100.7;by=10.0.0.1", "for=10.0.0.3"]).address == "198.51.100.7")
        #expect(
            client(["for=\"1.2.3.4,x\";proto=\"http;s\", for=198.51.100.7"]).address == "198.51.100.7",
            "separators inside quotes")
        #expect(client(["for=unknown"]).address == "10.0.0.1")
        #expect(client(["for=_hidden, for=10.0.0.2"]).address == "10.0.0.2")
        #expect(client(["proto=https"]).address == "10.0.0.1", "an element without for")
        #expect(
            ForwardedElement.parse(["for=\"a\\\"b\";PROTO=https"]) == [ForwardedElement(for: "a\"b", proto: "https")])
    }

    @Test(
        "both headers: the client when they agree; the peer when they do not (one was passed through from the client)")
    func bothHeaders() {
        let agree = WebForwarding.Headers(forwarded: ["for=198.51.100.7"], forwardedFor: ["198.51.100.7"])
        #expect(Self.proxies.client(peer: "10.0.0.1", headers: agree).address == "198.51.100.7")
        // nginx sets X-Forwarded-For only; the client sent its own Forwarded, passed through untouched.
        let spoofed = WebForwarding.Headers(forwarded: ["for=192.0.2.200"], forwardedFor: ["203.0.113.5"])
        #expect(Self.proxies.client(peer: "10.0.0.1", headers: spoofed).address == "10.0.0.1")
    }

    @Test(
        "HTTPS: --https always; otherwise only a trusted proxy's X-Forwarded-Proto (its last value) or the client's Forwarded proto"
    )
    func secure() {
        #expect(
            Self.proxies.client(
                peer: "10.0.0.1", headers: .init(forwardedFor: ["198.51.100.7"], forwardedProto: ["https"])
            ).secure)
        #expect(Self.proxies.client(peer: "10.0.0.1", headers: .init(forwardedProto: ["http, HTTPS"])).secure)
        #expect(!Self.proxies.client(peer: "10.0.0.1", headers: .init(forwardedProto: ["https, http"])).secure)
        #expect(!Self.proxies.client(peer: "10.0.0.1", headers: .init(forwardedProto: ["http"])).secure)
        #expect(
            !Self.proxies.client(peer: "203.0.113.9", headers: .init(forwardedProto: ["https"])).secure,
            "from a direct client")
        #expect(
            Self.proxies.client(peer: "10.0.0.1", headers: .init(forwarded: ["for=198.51.100.7;proto=https"])).secure)
        #expect(
            !Self.proxies.client(peer: "10.0.0.1", headers: .init(forwarded: ["for=198.51.100.7;proto=http"])).secure)
        let always = WebForwarding(trusted: [], alwaysSecure: true)
        #expect(always.client(peer: "203.0.113.9", headers: .init()) == WebClient(address: "203.0.113.9", secure: true))
    }
}

extension WebAddressBlock {
    /// `::/0`, for a test whose block did not parse (recorded as an issue).
    static var anything: WebAddressBlock {
        guard case .success(let block) = parse("::/0") else {
            return WebAddressBlock(network: WebIPAddress(bytes: Array(repeating: 0, count: 16)), prefix: 0)
        }
        return block
    }
}
