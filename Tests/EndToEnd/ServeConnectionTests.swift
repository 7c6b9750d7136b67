import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
import TestSupport

/// `serve` under a flood of idle connections: it keeps its connections below its descriptor limit
/// and closes idle ones, so other clients are served within seconds and the server stays up.
@Suite("serve: connections (end to end)")
struct ServeConnectionTests {
    @Test(
        "1,100 idle connections under a 1,024-descriptor limit: another client is told 503 while they last, then served within seconds; the server lives"
    )
    func idleFlood() throws {
        let server = try ServeCommandTests.Server(["--idle-timeout", "1", "--header-timeout", "2"], descriptors: 1024)
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: server.address)
        // Connections that send nothing, more than the server has descriptors.
        // This process opens them all: its own soft descriptor limit goes up to the hard one.
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        limit.rlim_cur = limit.rlim_max
        setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        var idle: [Int32] = []
        defer { idle.forEach { close($0) } }
        for _ in 0..<1100 {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard socket >= 0 else { break }
            var target = sockaddr_in()
            target.sin_family = sa_family_t(AF_INET)
            target.sin_port = http.port.bigEndian
            target.sin_addr.s_addr = inet_addr("127.0.0.1")
            var flags = fcntl(socket, F_GETFL)
            flags |= O_NONBLOCK
            _ = fcntl(socket, F_SETFL, flags)
            _ = withUnsafePointer(to: &target) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            idle.append(socket)
        }
        #expect(idle.count == 1100, "this test could open only \(idle.count) sockets")
        Thread.sleep(forTimeInterval: 0.5)
        let started = ContinuousClock.now
        // While the idle connections are open the server sheds load (503, Retry-After); it closes them
        // at the header time limit, and the client, retrying as told, is served.
        var page = try http.get(limit: 30)
        var shed = 0
        // Served within seconds on a quiet machine; the limit is scaled for a loaded one (`Slack`).
        let servedWithin = Slack.scaled(.seconds(15))
        while page.status == 503, ContinuousClock.now - started < servedWithin {
            shed += 1
            #expect(page.headers["retry-after"] != nil)
            #expect(idle.count == 1100, "this test could open only \(idle.count) sockets")
            Thread.sleep(forTimeInterval: 0.5)
            page = try http.get(limit: 30)
        }
        #expect(
            page.status == 200 && page.body.contains("<h1 id=\"title\"><bdi>Home</bdi></h1>"),
            "\(page.status) after \(shed) answers of 503")
        #expect(
            ContinuousClock.now - started < servedWithin,
            "a client waited \(ContinuousClock.now - started) behind idle connections")
        #expect(server.process.isRunning)
    }
}
