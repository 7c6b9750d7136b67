import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The host names `scene-host serve` answers for: a request whose `Host` names anything else is
/// refused (421) before any session is touched, so a page of another site that rebinds its own
/// name to this machine's address (DNS rebinding) cannot drive the app.
///
/// Always allowed: `localhost` and every loopback address (127.0.0.0/8, `::1`, in any spelling);
/// the address the server was told to listen on; and every `--allowed-host`. When it listens on
/// every address (`0.0.0.0`, `::`), also that address as a name (the URL `serve` prints), the
/// machine's host name and the addresses of its interfaces (read at start). An address is never a
/// rebinding attacker's name: the browser sends the name it was given, so only names need the list.
/// Names compare without case and addresses in any spelling; the port is not part of the check.
package struct WebHostPolicy: Sendable, Equatable {
    /// The allowed names, lowercased, in the order messages list them.
    package let names: [String]
    /// The allowed names that are addresses, as addresses (so `::0001` matches `::1`).
    package let addresses: Set<WebIPAddress>

    /// `machine`: this machine's names, read (`WebMachineNames.current()`) only when `address` is every address.
    package init(listeningOn address: String, allowed: [String], machine: WebMachineNames? = nil) {
        var names = ["localhost", "127.0.0.1", "::1"]
        let bound = Self.name(address)
        let boundAddress = WebIPAddress(bound)
        if bound.isEmpty || boundAddress?.isUnspecified == true {
            let machine = machine ?? .current()
            names +=
                ["0.0.0.0", "::"] + (machine.hostName.map { [Self.name($0)] } ?? []) + machine.addresses.map(\.text)
        } else {
            names.append(boundAddress?.text ?? bound)
        }
        names += allowed.map { Self.name($0) }.map { WebIPAddress($0)?.text ?? $0 }
        var seen = Set<String>()
        self.names = names.filter { seen.insert($0).inserted }
        addresses = Set(self.names.compactMap { WebIPAddress($0) })
    }

    /// Throws `hostNotAllowed` unless `host` (the request's Host header, `name[:port]` or `[v6]:port`) is allowed.
    package func check(_ host: String?) throws(WebError) {
        guard let host, allows(Self.name(Self.withoutPort(host))) else {
            throw .hostNotAllowed(host: host ?? "", allowed: names)
        }
    }

    private func allows(_ name: String) -> Bool {
        if names.contains(name) { return true }
        guard let address = WebIPAddress(name) else { return false }
        return address.isLoopback || addresses.contains(address)
    }

    /// `host` lowercased, without IPv6 brackets.
    package static func name(_ host: String) -> String {
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
    package static func isLoopback(_ host: String) -> Bool {
        let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if name == "localhost" { return true }
        return WebIPAddress(name)?.isLoopback ?? false
    }
}
