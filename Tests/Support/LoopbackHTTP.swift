import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A minimal HTTP/1.1 client over a loopback socket, for the `serve` tests that must control
/// every header and never follow a redirect: one request per connection (`Connection: close`),
/// with a time limit on every read.
package struct LoopbackHTTP {
    package struct Response {
        package let status: Int
        package let headers: [String: String]
        package let body: String
    }

    package struct Failure: Error, CustomStringConvertible {
        package init(description: String) { self.description = description }
        package let description: String
    }

    package let port: UInt16
    /// The newest value of every session cookie any client was sent, as a browser keeps it (one jar
    /// for every port: cookies ignore ports): the server replaces a session's secret on every action,
    /// so a test's first cookie (`NAME=ID.SECRET`) stands for its session and is sent as the newest
    /// value with the same name and ID. Session IDs are random, so tests running at once never share an entry.
    package var jar: Jar { Self.jar }
    private static let jar = Jar()

    package final class Jar: @unchecked Sendable {
        private let lock = NSLock()
        private var newest: [String: String] = [:]

        /// The newest value of the cookie `cookie` stands for.
        package func current(_ cookie: String) -> String {
            lock.withLock { newest[Self.key(cookie)] ?? cookie }
        }

        /// Keeps the cookie a response sets (a cleared one is forgotten).
        package func take(_ response: Response) {
            guard let set = response.headers["set-cookie"], let value = set.split(separator: ";").first.map(String.init)
            else { return }
            lock.withLock {
                if value.hasSuffix("=") { newest[Self.key(value)] = nil } else { newest[Self.key(value)] = value }
            }
        }

        private static func key(_ cookie: String) -> String {
            String(cookie.prefix { $0 != "." })
        }
    }

    /// `http://127.0.0.1:PORT` as the server printed it.
    package init(address: String) throws {
        guard let text = address.split(separator: ":").last, let port = UInt16(text) else {
            throw Failure(description: "no port in \(address)")
        }
        self.port = port
    }

    package var origin: String { "http://127.0.0.1:\(port)" }

    /// A GET; a redirect (303) is followed with the same cookie unless `follow` is false. Without a
    /// path: the session's current screen (`/` shows the first screen; when that is an earlier page,
    /// its link to the current page is followed).
    package func get(
        _ requested: String? = nil, cookie: String? = nil, host: String? = nil, follow: Bool = true, limit: Double = 30
    ) throws -> Response {
        guard var path = requested else {
            let start = try get("/", cookie: cookie, host: host, follow: follow, limit: limit)
            guard
                let current = Self.field(#"(?<=<p class="earlier" id="earlier" role="status">)[^\n]*"#, in: start.body)
                    .flatMap({ Self.field(#"(?<=<a href=")[^"]+"#, in: $0) })
            else { return start }
            return try get(current, cookie: cookie, host: host, follow: follow, limit: limit)
        }
        for _ in 0..<4 {
            let response = try send(
                "GET \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n"
                    + (cookie.map { "Cookie: \(jar.current($0))\r\n" } ?? "") + "Connection: close\r\n\r\n",
                limit: limit)
            jar.take(response)
            guard follow, response.status == 303, let location = response.headers["location"] else { return response }
            path = location
        }
        throw Failure(description: "more than 3 redirects from \(path)")
    }

    /// A form post; `headers` are added as they are (`"X-Forwarded-For: 192.0.2.1"`).
    package func post(
        _ path: String, cookie: String?, body: String, headers: [String] = [], limit: Double = 30
    ) throws -> Response {
        let response = try send(
            "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
                + (cookie.map { "Cookie: \(jar.current($0))\r\n" } ?? "")
                + headers.map { $0 + "\r\n" }.joined()
                + "Origin: \(origin)\r\nSec-Fetch-Site: same-origin\r\n"
                + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)",
            limit: limit)
        jar.take(response)
        return response
    }

    /// The stamp of the screen a page shows (its form's `screen` field), to send back with a post.
    package static func version(in page: String) -> String {
        field(#"(?<=name="screen" value=")[0-9]+"#, in: page) ?? ""
    }

    /// Where a page's form posts (the URL of the screen it shows).
    package static func formAction(in page: String) -> String {
        field(#"(?<=<form method="post" action=")[^"]+"#, in: page) ?? "/"
    }

    package static func field(_ pattern: String, in page: String) -> String? {
        page.range(of: pattern, options: .regularExpression).map { String(page[$0]) }
    }

    /// A post from the page the session shows now: its screen stamp and URL are read from a GET first.
    package func act(cookie: String, token: String, _ fields: String, limit: Double = 30) throws -> Response {
        let page = try get(cookie: cookie).body
        return try post(
            Self.formAction(in: page), cookie: cookie,
            body: "token=\(token)&screen=\(Self.version(in: page))&\(fields)", limit: limit)
    }

    /// A new session, made by a first action from the start page (by default a Back, which the
    /// initial scene refuses: the session starts with its initial scene on top): its cookie
    /// (`NAME=VALUE`) and its form token.
    package func newSession(firstAction: String = "action=back") throws -> (cookie: String, token: String) {
        let start = try get()
        guard let startToken = Self.field(#"(?<=name="token" value=")[0-9a-f]+"#, in: start.body) else {
            throw Failure(description: "no form on the start page: \(start.status) \(start.body.prefix(200))")
        }
        let posted = try post("/", cookie: nil, body: "token=\(startToken)&screen=0&\(firstAction)")
        guard let setCookie = posted.headers["set-cookie"],
            let cookie = setCookie.split(separator: ";").first.map(String.init)
        else {
            throw Failure(description: "no session from the first action: \(posted.status) \(posted.body.prefix(200))")
        }
        let page = try get(cookie: cookie)
        guard let token = Self.field(#"(?<=name="token" value=")[0-9a-f]+"#, in: page.body) else {
            throw Failure(description: "no form token in: \(page.status) \(page.body.prefix(200))")
        }
        return (cookie, token)
    }

    /// A connected socket to the server, for tests that write a request themselves.
    package func connect() throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(socket)
            throw Failure(description: "connect: \(errno)")
        }
        return socket
    }

    /// Sends `request` as it is and returns everything the server wrote until it closed (or the limit).
    package func sendRaw(_ request: String, limit: Double) throws -> String {
        let socket = try connect()
        defer { close(socket) }
        var timeout = timeval(tv_sec: Int(limit), tv_usec: Int((limit - limit.rounded(.down)) * 1_000_000))
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let bytes = Array(request.utf8)
        guard
            bytes.withUnsafeBytes({ Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == bytes.count
        else {
            throw Failure(description: "send: \(errno)")
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count > 0 { received += buffer[0..<count]; continue }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { throw Failure(description: "no answer within \(limit) s (errno \(errno))") }
            break
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// A GET of `path` as an `EventSource` sends it (`Accept: text/event-stream`): everything the
    /// server wrote until `done` holds for it (looked at on every read and every 50 ms), it closed
    /// the stream, or `seconds` passed: a test that expects something waits for it with `done` and
    /// a generous `seconds`, never for a time a loaded machine could stretch.
    package func events(
        _ path: String, cookie: String?, seconds: Double, until done: (String) -> Bool = { _ in false }
    ) throws -> String {
        let socket = try connect()
        defer { close(socket) }
        let request =
            "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n"
            + (cookie.map { "Cookie: \(jar.current($0))\r\n" } ?? "") + "\r\n"
        let bytes = Array(request.utf8)
        guard
            bytes.withUnsafeBytes({ Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == bytes.count
        else {
            throw Failure(description: "send: \(errno)")
        }
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while ContinuousClock.now < deadline, !done(String(decoding: received, as: UTF8.self)) {
            var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 50) > 0 else { continue }
            let count = recv(socket, &buffer, buffer.count, 0)
            if count > 0 { received += buffer[0..<count]; continue }
            if count < 0 && errno == EINTR { continue }
            break
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// Whether an answer read raw has its whole head (status line and fields).
    package static func headRead(_ raw: String) -> Bool { raw.contains("\r\n\r\n") }

    /// Whether a stream read raw has ended: its chunked body's last (empty) chunk came, after which
    /// the server writes nothing more for that request.
    package static func streamEnded(_ raw: String) -> Bool { raw.contains("\r\n0\r\n\r\n") }

    /// Sends `request` and reads the one answer (the server closes after it: `Connection: close`).
    package func send(_ request: String, limit: Double) throws -> Response {
        let text = try sendRaw(request, limit: limit)
        guard let split = text.range(of: "\r\n\r\n") else {
            throw Failure(description: "not HTTP: \(text.prefix(100))")
        }
        let lines = text[..<split.lowerBound].split(separator: "\r\n")
        let status = lines.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        var body = String(text[split.upperBound...])
        if headers["transfer-encoding"] == "chunked" { body = Self.unchunked(body) }
        return Response(status: status, headers: headers, body: body)
    }

    private static func unchunked(_ text: String) -> String {
        var rest = Substring(text), body = ""
        while let end = rest.range(of: "\r\n"), let size = Int(rest[..<end.lowerBound], radix: 16), size > 0 {
            let start = end.upperBound
            let stop = rest.utf8.index(start, offsetBy: size, limitedBy: rest.endIndex) ?? rest.endIndex
            body += rest[start..<stop]
            rest = rest[stop...].dropFirst(2)
        }
        return body
    }
}
