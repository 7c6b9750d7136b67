#if canImport(Glibc)
import Glibc
#endif

/// An IPv4 or IPv6 address, read from text: a socket's peer, a `--trusted-proxy` block, a hop of
/// `X-Forwarded-For` or `Forwarded`, a `Host` header.
///
/// Kept as IPv6's 16 bytes, an IPv4 address as `::ffff:a.b.c.d`, so one comparison serves both
/// families and a dual-stack socket's mapped peer matches an IPv4 block.
package struct WebIPAddress: Hashable, Sendable {
    /// The 16 bytes, network order.
    package let bytes: [UInt8]

    static let mappedPrefix: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF]

    /// The address `text` spells (`192.0.2.1`, `2001:db8::1`, `[2001:db8::1]`), nil for anything else:
    /// a name, a port, a zone (`fe80::1%eth0`), a CIDR block.
    package init?(_ text: some StringProtocol) {
        var literal = String(text)
        if literal.hasPrefix("["), literal.hasSuffix("]") { literal = String(literal.dropFirst().dropLast()) }
        // inet_pton takes a C string: a NUL inside would cut the text short and pass what precedes it.
        guard !literal.isEmpty, literal.utf8.count <= 45, !literal.utf8.contains(0) else { return nil }
        var v4 = in_addr()
        if inet_pton(AF_INET, literal, &v4) == 1 {
            bytes = Self.mappedPrefix + withUnsafeBytes(of: &v4) { Array($0) }
            return
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, literal, &v6) == 1 else { return nil }
        bytes = withUnsafeBytes(of: &v6) { Array($0) }
    }

    /// The hop of a forwarding header (`X-Forwarded-For`, a `Forwarded` `for=`): an address, with a port or
    /// not (`192.0.2.1:4711`, `[2001:db8::1]:4711`); nil for `unknown`, an obfuscated name (`_hidden`), garbage.
    package init?(hop text: some StringProtocol) {
        let hop = text.trimmingSpaces
        if hop.hasPrefix("["), let close = hop.firstIndex(of: "]") {
            self.init(hop[hop.startIndex...close])
            return
        }
        // One colon: IPv4 with a port. More: IPv6 without brackets (no port can be told apart then).
        if hop.filter({ $0 == ":" }).count == 1, let colon = hop.firstIndex(of: ":") {
            self.init(hop[..<colon])
            return
        }
        self.init(hop)
    }

    /// From its 16 bytes (network order).
    package init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// An IPv4 address (or an IPv4-mapped IPv6 one).
    var isIPv4: Bool { bytes.starts(with: Self.mappedPrefix) }

    /// In 127.0.0.0/8 or `::1`.
    package var isLoopback: Bool {
        isIPv4 ? bytes[12] == 127 : bytes == Array(repeating: 0, count: 15) + [1]
    }

    /// `0.0.0.0` or `::`: "every address" when listening.
    var isUnspecified: Bool {
        isIPv4 ? bytes[12...].allSatisfy { $0 == 0 } : bytes.allSatisfy { $0 == 0 }
    }

    /// The address in its one usual spelling (`192.0.2.1`, `2001:db8::1`), whatever spelling it was read from.
    package var text: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let written: UnsafePointer<CChar>? =
            isIPv4
            ? bytes[12...].withUnsafeBytes { inet_ntop(AF_INET, $0.baseAddress, &buffer, socklen_t(buffer.count)) }
            : bytes.withUnsafeBytes { inet_ntop(AF_INET6, $0.baseAddress, &buffer, socklen_t(buffer.count)) }
        guard written != nil else { return "?" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// What the caps on new sessions count: an IPv4 address as it is; an IPv6 address by its /64
    /// (`2001:db8:1:2::/64`), since one host or household picks addresses from its /64 at will.
    var clientKey: String {
        guard !isIPv4 else { return text }
        return WebIPAddress(bytes: Array(bytes.prefix(8)) + Array(repeating: 0, count: 8)).text + "/64"
    }

    /// Whether the first `bits` bits of this address and `other` are the same.
    func sharesPrefix(_ bits: Int, with other: WebIPAddress) -> Bool {
        let whole = bits / 8
        guard bytes.prefix(whole) == other.bytes.prefix(whole) else { return false }
        let rest = bits % 8
        guard rest > 0 else { return true }
        let mask = UInt8(0xFF) << (8 - rest)
        return bytes[whole] & mask == other.bytes[whole] & mask
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs (HTTP's optional white space).
    package var trimmingSpaces: Substring {
        let text = Substring(self)
        guard let first = text.firstIndex(where: { $0 != " " && $0 != "\t" }),
            let last = text.lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return text[text.endIndex...] }
        return text[first...last]
    }
}
