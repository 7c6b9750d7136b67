#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A small HTTP/1.1 client over one POSIX socket, for loopback only (127.0.0.1): keep-alive,
/// `Content-Length` and chunked bodies, no redirects followed. Every send and receive has a time
/// limit, so a server that stops answering fails the benchmark instead of hanging it.
/// (Foundation's `URLSession` is unreliable on Linux, and its own work would weigh on the figure.)
final class BenchHTTPConnection {
    struct Response {
        let status: Int
        /// Header names in lower case; the last value of each name.
        let headers: [String: String]
        let setCookies: [String]
        let body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
        /// Where a redirect sends the client.
        var location: String? { headers["location"] }
        /// The session cookie the response sets, as a `Cookie` header value (`name=value`).
        var sessionCookie: String? {
            setCookies.lazy.compactMap({ $0.split(separator: ";").first.map(String.init) }).first(where: {
                $0.hasPrefix("scene_host_session=")
            })
        }
    }

    let port: UInt16
    private var descriptor: Int32 = -1
    private var buffer: [UInt8] = []
    private let timeoutSeconds: Int

    init(port: UInt16, timeoutSeconds: Int = 10) {
        self.port = port
        self.timeoutSeconds = timeoutSeconds
    }

    deinit { disconnect() }

    func disconnect() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        buffer = []
    }

    private func connect() throws {
        disconnect()
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw BenchFailure("socket: \(String(cString: strerror(errno)))") }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var one: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian  // 127.0.0.1: loopback only
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(socket)
            throw BenchFailure("cannot connect to 127.0.0.1:\(port): \(reason)")
        }
        descriptor = socket
    }

    /// Sends one request and reads its response. `headers` are added after Host (and
    /// Content-Length / Content-Type when there is a body).
    func request(
        _ method: String, _ path: String, headers: [(String, String)] = [], body: [UInt8] = []
    ) throws -> Response {
        // A kept-alive connection the server closed meanwhile is opened again once.
        for attempt in 0..<2 {
            if descriptor < 0 { try connect() }
            var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            if !body.isEmpty || method == "POST" {
                head += "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.count)\r\n"
            }
            head += "\r\n"
            do {
                try send(Array(head.utf8) + body)
                let response = try readResponse()
                if response.headers["connection"]?.lowercased() == "close" { disconnect() }
                return response
            } catch let closed as ClosedEarly where attempt == 0 && !closed.gotBytes {
                disconnect()
            }
        }
        throw BenchFailure("127.0.0.1:\(port) closed the connection twice before answering")
    }

    private struct ClosedEarly: Error { let gotBytes: Bool }

    private func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if sent < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE || errno == ECONNRESET { throw ClosedEarly(gotBytes: false) }
                throw BenchFailure("send to 127.0.0.1:\(port): \(String(cString: strerror(errno)))")
            }
            offset += sent
        }
    }

    /// Reads more bytes into the buffer; throws at end of stream or after the time limit.
    private func fill(gotBytes: Bool) throws {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffer += chunk[0..<count]
                return
            }
            if count == 0 { throw ClosedEarly(gotBytes: gotBytes) }
            if errno == EINTR { continue }
            if errno == ECONNRESET { throw ClosedEarly(gotBytes: gotBytes) }
            if errno == EAGAIN || errno == EWOULDBLOCK {
                throw BenchFailure("127.0.0.1:\(port) did not answer within \(timeoutSeconds) s")
            }
            throw BenchFailure("recv from 127.0.0.1:\(port): \(String(cString: strerror(errno)))")
        }
    }

    private static let headEnd: [UInt8] = Array("\r\n\r\n".utf8)
    private static let lineEnd: [UInt8] = Array("\r\n".utf8)

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int = 0) -> Int? {
        guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0] && haystack[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }

    private func readResponse() throws -> Response {
        var end = Self.find(Self.headEnd, in: buffer)
        while end == nil {
            try fill(gotBytes: !buffer.isEmpty)
            end = Self.find(Self.headEnd, in: buffer, from: max(0, buffer.count - 16 * 1024 - 3))
        }
        guard let end else { throw BenchFailure("no response head") }
        let head = String(decoding: buffer[0..<end], as: UTF8.self)
        buffer.removeFirst(end + 4)
        let lines = head.components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1."), let status = Int(statusParts[1]) else {
            throw BenchFailure("not an HTTP/1.x response: \(lines[0])")
        }
        var headers: [String: String] = [:]
        var cookies: [String] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = value
            if name == "set-cookie" { cookies.append(value) }
        }
        var body: [UInt8] = []
        if headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
            while true {
                var lineEnd = Self.find(Self.lineEnd, in: buffer)
                while lineEnd == nil {
                    try fill(gotBytes: true)
                    lineEnd = Self.find(Self.lineEnd, in: buffer)
                }
                guard let lineEnd else { break }
                let sizeText =
                    String(decoding: buffer[0..<lineEnd], as: UTF8.self).split(separator: ";").first.map(String.init)
                    ?? ""
                guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else {
                    throw BenchFailure("bad chunk size '\(sizeText)'")
                }
                buffer.removeFirst(lineEnd + 2)
                while buffer.count < size + 2 { try fill(gotBytes: true) }
                body += buffer[0..<size]
                buffer.removeFirst(size + 2)
                if size == 0 { break }  // no trailers are sent by the server
            }
        } else {
            let length = headers["content-length"].flatMap { Int($0) } ?? 0
            while buffer.count < length { try fill(gotBytes: true) }
            body = Array(buffer[0..<length])
            buffer.removeFirst(length)
        }
        return Response(status: status, headers: headers, setCookies: cookies, body: body)
    }
}
