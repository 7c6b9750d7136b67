#if canImport(Glibc)
import Glibc
#endif

/// This machine's host name and the addresses of its network interfaces: the names a browser may
/// use to reach a `serve` that listens on every address (`--host 0.0.0.0` or `::`).
package struct WebMachineNames: Equatable, Sendable {
    let hostName: String?
    package let addresses: [WebIPAddress]

    package init(hostName: String?, addresses: [WebIPAddress]) {
        self.hostName = hostName
        self.addresses = addresses
    }

    /// Read now (`gethostname`, `getifaddrs`); what cannot be read is left out.
    package static func current() -> WebMachineNames {
        WebMachineNames(hostName: readHostName(), addresses: readAddresses())
    }

    private static func readHostName() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? nil : name
    }

    private static func readAddresses() -> [WebIPAddress] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return [] }
        defer { freeifaddrs(list) }
        var found: [WebIPAddress] = []
        var cursor = list
        while let entry = cursor {
            cursor = entry.pointee.ifa_next
            guard let socketAddress = entry.pointee.ifa_addr else { continue }
            switch Int32(socketAddress.pointee.sa_family) {
            case AF_INET:
                var address = socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
                found.append(
                    WebIPAddress(bytes: WebIPAddress.mappedPrefix + withUnsafeBytes(of: &address) { Array($0) }))
            case AF_INET6:
                var address = socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    $0.pointee.sin6_addr
                }
                found.append(WebIPAddress(bytes: withUnsafeBytes(of: &address) { Array($0) }))
            default:
                // Link-layer and other families carry no IP address (a C constant, not one of our enums).
                continue
            }
        }
        return found
    }
}
