import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import SceneHostWebModel
import TestSupport

/// HTTP/1.1 as RFC 9110 and 9112 ask it of `scene-host serve`, in raw requests to the real binary:
/// two Host fields, methods it does not take, `Expect: 100-continue` (alone and behind a pipelined
/// request), every loopback address as Host, and the URL it prints when it listens on every address.
@Suite("serve: HTTP protocol (end to end)")
struct ServeProtocolTests {
    /// Writes `text` on `socket` (all of it).
    private func write(_ text: String, to socket: Int32) throws {
        let bytes = Array(text.utf8)
        guard
            bytes.withUnsafeBytes({ Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == bytes.count
        else {
            throw LoopbackHTTP.Failure(description: "send: \(errno)")
        }
    }

    /// Reads from `socket` until what came holds `marker` (or the server closed, or 10 s passed).
    private func read(_ socket: Int32, until marker: String?) -> String {
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while marker.map({ !String(decoding: received, as: UTF8.self).contains($0) }) ?? true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count > 0 { received += buffer[0..<count]; continue }
            if count < 0 && errno == EINTR { continue }
            break
        }
        return String(decoding: received, as: UTF8.self)
    }

    private func startToken(_ http: LoopbackHTTP) throws -> String {
        try #require(LoopbackHTTP.field(#"(?<=name="token" value=")[0-9a-f]+"#, in: try http.get("/").body))
    }

    @Test(
        "no Host field or two: 400, the connection closed; a method other than GET, HEAD, POST: 405 with Allow; HEAD answers as GET"
    )
    func hostsAndMethods() throws {
        let server = try ServeCommandTests.Server(["--session-store", "memory"])
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: server.address)
        let host = "Host: 127.0.0.1:\(http.port)\r\n"
        let twice = try http.sendRaw("GET / HTTP/1.1\r\n\(host)Host: rebind.attacker.example\r\n\r\n", limit: 10)
        #expect(twice.hasPrefix("HTTP/1.1 400 Bad Request\r\n"), "\(twice.prefix(200))")
        #expect(twice.contains("more than one Host field"))
        for version in ["1.1", "1.0"] {
            let none = try http.sendRaw("GET / HTTP/\(version)\r\nConnection: close\r\n\r\n", limit: 10)
            #expect(
                none.hasPrefix("HTTP/1.1 400 Bad Request\r\n") && none.contains("no Host field"), "\(none.prefix(200))")
        }
        let same = try http.send("GET / HTTP/1.1\r\n\(host)\(host)Connection: close\r\n\r\n", limit: 10)
        #expect(same.status == 400, "the same Host twice is two Host fields too")
        for method in ["TRACE", "PUT", "OPTIONS", "DELETE", "PATCH", "PROPFIND"] {
            let target = method == "OPTIONS" ? "*" : "/"
            // The body is never read: the connection closes after the answer.
            let answer = try http.send(
                "\(method) \(target) HTTP/1.1\r\n\(host)Content-Length: 5\r\n\r\nhello", limit: 10)
            #expect(answer.status == 405, "\(method): \(answer.status)")
            #expect(answer.headers["allow"] == "GET, HEAD, POST", "\(method)")
            #expect(answer.headers["connection"] == "close")
        }
        let get = try http.get("/")
        let head = try http.send("HEAD / HTTP/1.1\r\n\(host)Connection: close\r\n\r\n", limit: 10)
        #expect(
            get.status == 200 && head.status == 200 && head.body.isEmpty
                && head.headers["content-type"] == get.headers["content-type"])
        // A refusal behind a pipelined request waits for its answer: both arrive, in order.
        let pipelined = try http.sendRaw("GET / HTTP/1.1\r\n\(host)\r\nDELETE /x HTTP/1.1\r\n\(host)\r\n", limit: 10)
        let ok = try #require(pipelined.range(of: "HTTP/1.1 200 OK"))
        let refused = try #require(pipelined.range(of: "HTTP/1.1 405 Method Not Allowed"))
        #expect(ok.lowerBound < refused.lowerBound)
        #expect(server.process.isRunning)
    }

    @Test(
        "Expect: 100-continue is answered 100 Continue before the body, then the response; 417 for a body over the limit or another expectation"
    )
    func expectContinue() throws {
        let server = try ServeCommandTests.Server(["--session-store", "memory"])
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: server.address)
        let token = try startToken(http)
        let body = "token=\(token)&screen=0&action=back"
        let head =
            "POST / HTTP/1.1\r\nHost: 127.0.0.1:\(http.port)\r\nOrigin: \(http.origin)\r\nSec-Fetch-Site: same-origin\r\n"
            + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n"
        let socket = try http.connect()
        defer { close(socket) }
        try write(head, to: socket)
        let interim = read(socket, until: "\r\n\r\n")
        #expect(interim == "HTTP/1.1 100 Continue\r\n\r\n", "\(interim.prefix(200))")
        try write(body, to: socket)
        let final = read(socket, until: nil)
        #expect(
            final.hasPrefix("HTTP/1.1 303 See Other\r\n")
                && final.lowercased().contains("set-cookie: scene_host_session="), "\(final.prefix(300))")

        // Behind a pipelined GET: its answer first, then the 100.
        let second = try http.connect()
        defer { close(second) }
        try write("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(http.port)\r\n\r\n" + head, to: second)
        let before = read(second, until: "100 Continue\r\n\r\n")
        let page = try #require(before.range(of: "HTTP/1.1 200 OK"))
        let proceed = try #require(before.range(of: "HTTP/1.1 100 Continue"))
        #expect(page.lowerBound < proceed.lowerBound)
        try write(body, to: second)
        #expect(read(second, until: nil).contains("HTTP/1.1 303 See Other"))

        let large = try http.send(
            "POST / HTTP/1.1\r\nHost: 127.0.0.1:\(http.port)\r\nContent-Length: 300000\r\nExpect: 100-continue\r\n\r\n",
            limit: 10)
        #expect(large.status == 417 && large.body.contains("the limit is 262144"))
        let other = try http.send(
            "POST / HTTP/1.1\r\nHost: 127.0.0.1:\(http.port)\r\nContent-Length: 3\r\nExpect: 200-ok\r\n\r\n", limit: 10)
        #expect(other.status == 417)
    }

    @Test(
        "on loopback every loopback address is a Host it answers for (127.0.0.0/8, ::1 in any spelling); other names are refused"
    )
    func loopbackHosts() throws {
        let server = try ServeCommandTests.Server(["--session-store", "memory"])
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: server.address)
        for host in [
            "127.0.0.2:\(http.port)", "127.1.2.3", "[::1]:\(http.port)", "[0:0:0:0:0:0:0:1]", "LOCALHOST:\(http.port)",
        ] {
            #expect(try http.get("/", host: host).status == 200, "\(host)")
        }
        for host in ["127.0.0.1.nip.io:\(http.port)", "0.0.0.0:\(http.port)", "[::2]"] {
            #expect(try http.get("/", host: host).status == 421, "\(host)")
        }
    }

    @Test(
        "listening on every address: the printed URL works, and so do the machine's host name and its own addresses; other names get 421"
    )
    func everyAddress() throws {
        let server = try ServeCommandTests.Server(["--host", "0.0.0.0", "--session-store", "memory"])
        defer { _ = server.stop() }
        #expect(server.address.hasPrefix("http://0.0.0.0:"), "\(server.address)")
        let http = try LoopbackHTTP(address: server.address)
        let printed = String(server.address.dropFirst("http://".count))
        #expect(try http.get("/", host: printed).status == 200)
        let machine = WebMachineNames.current()
        if let name = machine.hostName {
            #expect(try http.get("/", host: "\(name):\(http.port)").status == 200, "\(name)")
        }
        for address in machine.addresses {
            let host = address.isIPv4 ? address.text : "[\(address.text)]"
            #expect(try http.get("/", host: "\(host):\(http.port)").status == 200, "\(host)")
        }
        #expect(try http.get("/", host: "rebind.attacker.example:\(http.port)").status == 421)
    }
}
