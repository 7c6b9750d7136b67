/// A block of addresses in CIDR notation (`10.0.0.0/8`, `2001:db8::/32`), or one address
/// (`192.0.2.7`, `::1`): what `--trusted-proxy` takes.
package struct WebAddressBlock: Equatable, Sendable, CustomStringConvertible {
    package let network: WebIPAddress
    /// The prefix length as written (0–32 for IPv4, 0–128 for IPv6).
    package let prefix: Int

    /// What `text` is, or why it is none (the `reason` of `WebError.invalidTrustedProxy`).
    package static func parse(_ text: String) -> Result<WebAddressBlock, WebError> {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 2, let network = WebIPAddress(parts[0]) else {
            return .failure(
                .invalidTrustedProxy(value: text, reason: "it is no IP address or CIDR block", suggestion: nil))
        }
        let most = network.isIPv4 ? 32 : 128
        guard parts.count == 2 else { return .success(WebAddressBlock(network: network, prefix: most)) }
        guard parts[1].allSatisfy({ $0.isASCII && $0.isNumber }), let prefix = Int(parts[1]),
            (0...most).contains(prefix)
        else {
            return .failure(
                .invalidTrustedProxy(
                    value: text, reason: "its prefix length must be a whole number from 0 to \(most)", suggestion: nil))
        }
        let block = WebAddressBlock(network: network, prefix: prefix)
        // 10.0.0.1/8 is a typo for a block or for an address: say which block it would be rather than guess.
        let masked = block.masked
        guard masked == network else {
            return .failure(
                .invalidTrustedProxy(
                    value: text, reason: "it has bits set past its /\(prefix) prefix",
                    suggestion: "\(masked.text)/\(prefix)"))
        }
        return .success(block)
    }

    /// Whether `address` is in the block.
    package func contains(_ address: WebIPAddress) -> Bool {
        // An IPv4 block counts in the mapped range; an IPv6 block (`::/0`) in the whole space, IPv4 too.
        guard network.isIPv4 else { return network.sharesPrefix(prefix, with: address) }
        return address.isIPv4 && network.sharesPrefix(96 + prefix, with: address)
    }

    package var description: String { "\(network.text)/\(prefix)" }

    /// The network with every bit past the prefix cleared.
    private var masked: WebIPAddress {
        let bits = network.isIPv4 ? 96 + prefix : prefix
        var bytes = network.bytes
        for index in bytes.indices {
            let kept = max(0, min(8, bits - index * 8))
            bytes[index] &= kept == 0 ? 0 : UInt8(0xFF) << (8 - kept)
        }
        return WebIPAddress(bytes: bytes)
    }
}
