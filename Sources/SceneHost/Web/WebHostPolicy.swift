import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The host names `scene-host serve` answers for: a request whose `Host` names anything else is
/// refused (421) before any session is touched, so a page of another site that rebinds its own
/// name to this machine's address (DNS rebinding) cannot drive the app.
///
/// Always allowed: `localhost` and the loopback addresses (`127.0.0.1`, `::1`), and the address
/// the server was told to listen on unless it listens on every address (`0.0.0.0`, `::`); plus
/// every `--allowed-host`. Names compare without case; the port is not part of the check.
public struct WebHostPolicy: Sendable, Equatable {
    /// The allowed names, lowercased, in the order messages list them.
    public let names: [String]

    public init(listeningOn address: String, allowed: [String]) {
        var names = ["localhost", "127.0.0.1", "::1"]
        let bound = Self.name(address)
        if !["0.0.0.0", "::", ""].contains(bound) { names.append(bound) }
        names += allowed.map(Self.name)
        var seen = Set<String>()
        self.names = names.filter { seen.insert($0).inserted }
    }

    /// Throws `hostNotAllowed` unless `host` (the request's Host header, `name[:port]` or `[v6]:port`) is allowed.
    public func check(_ host: String?) throws(WebError) {
        guard let host, names.contains(Self.name(Self.withoutPort(host))) else {
            throw .hostNotAllowed(host: host ?? "", allowed: names)
        }
    }

    /// `host` lowercased, without IPv6 brackets.
    static func name(_ host: String) -> String {
        var text = host.lowercased()
        if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        return text
    }

    /// `name:8080` -> `name`, `[::1]:8080` -> `[::1]`; a bare IPv6 address or a name stays as it is.
    static func withoutPort(_ host: String) -> String {
        if host.hasPrefix("["), let close = host.firstIndex(of: "]") { return String(host[...close]) }
        let colons = host.filter { $0 == ":" }.count
        guard colons == 1, let colon = host.lastIndex(of: ":") else { return host }
        return String(host[..<colon])
    }

    /// Whether `--host` names this machine only: `localhost`, 127.0.0.0/8, or ::1 in any spelling
    /// (brackets allowed). Anything else puts the app on a network, which `serve` warns about.
    public static func isLoopback(_ host: String) -> Bool {
        let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if name == "localhost" { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, name, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, name, &v6) == 1 else { return false }
        return withUnsafeBytes(of: &v6) { Array($0) } == Array(repeating: 0, count: 15) + [1]
    }
}
