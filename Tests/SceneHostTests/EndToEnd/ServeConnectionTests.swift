import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `serve` under a flood of idle connections: it keeps its connections below its descriptor limit
/// and closes idle ones, so other clients are served within seconds and the server stays up.
@Suite("serve: connections (end to end)")
struct ServeConnectionTests {
    @Test("400 idle connections under a 256-descriptor limit: another client is served within seconds, the server lives")
    func idleFlood() throws {
        let folder = try TemporaryFolder()
        let output = folder.url.appendingPathComponent("out")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/bin/sh")
        server.arguments = ["-c", "ulimit -n 256 && exec \"$0\" serve --port 0 --idle-timeout 1", BuildProducts.hostExecutable]
        server.currentDirectoryURL = BuildProducts.packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment["SCENE_HOST_PROBE_CACHE"] = folder.path("probes.json")
        server.environment = environment
        server.standardOutput = try FileHandle(forWritingTo: output)
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        var address = ""
        for _ in 0..<600 where address.isEmpty {
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            if let range = text.range(of: #"http://[0-9.]+:[0-9]+"#, options: .regularExpression) { address = String(text[range]) }
            if address.isEmpty { Thread.sleep(forTimeInterval: 0.1) }
        }
        let http = try LoopbackHTTP(address: address)
        // Connections that send nothing, more than the server has descriptors.
        var idle: [Int32] = []
        defer { idle.forEach { close($0) } }
        for _ in 0..<400 {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var target = sockaddr_in()
            target.sin_family = sa_family_t(AF_INET)
            target.sin_port = http.port.bigEndian
            target.sin_addr.s_addr = inet_addr("127.0.0.1")
            var flags = fcntl(socket, F_GETFL)
            flags |= O_NONBLOCK
            _ = fcntl(socket, F_SETFL, flags)
            _ = withUnsafePointer(to: &target) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
            idle.append(socket)
        }
        Thread.sleep(forTimeInterval: 0.5)
        let started = ContinuousClock.now
        let page = try http.get(limit: 30)
        #expect(page.status == 200 && page.body.contains("<h1 id=\"title\">Home</h1>"))
        #expect(ContinuousClock.now - started < .seconds(15), "a client waited \(ContinuousClock.now - started) behind idle connections")
        #expect(server.isRunning)
    }
}
