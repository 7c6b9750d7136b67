import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// `scene-host serve` through the real binary: loopback by default, escaped HTML, a form post
/// round trip with the session cookie, refused cross-site posts, graceful SIGTERM, start errors.
@Suite("scene-host serve (end to end)")
struct ServeCommandTests {
    /// A running `serve` on a free port, stopped by SIGTERM.
    final class Server {
        let process = Process()
        let output: URL
        private(set) var address = ""

        /// `descriptors`: the server runs under that descriptor limit (`ulimit -n`, set by a shell).
        init(_ arguments: [String], descriptors: Int? = nil) throws {
            let folder = try TemporaryFolder()
            output = folder.url.appendingPathComponent("out")
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)
            if let descriptors {
                process.executableURL = URL(fileURLWithPath: "/bin/sh")
                process.arguments = ["-c", "ulimit -n \(descriptors) && exec \"$0\" \"$@\"", BuildProducts.hostExecutable, "serve", "--port", "0"] + arguments
            } else {
                process.executableURL = URL(fileURLWithPath: BuildProducts.hostExecutable)
                process.arguments = ["serve", "--port", "0"] + arguments
            }
            process.currentDirectoryURL = BuildProducts.packageRoot
            var environment = ProcessInfo.processInfo.environment
            environment["SCENE_HOST_PROBE_CACHE"] = folder.path("probes.json")
            process.environment = environment
            process.standardOutput = try FileHandle(forWritingTo: output)
            process.standardError = FileHandle.nullDevice
            try process.run()
            for _ in 0..<600 where address.isEmpty {
                let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
                if let range = text.range(of: #"http://[0-9.]+:[0-9]+"#, options: .regularExpression) { address = String(text[range]) }
                if address.isEmpty { Thread.sleep(forTimeInterval: 0.1) }
            }
        }

        /// Sends SIGTERM and returns the exit status (nil when it did not end within 20 s).
        func stop() -> Int32? {
            process.terminate()
            for _ in 0..<200 where process.isRunning { Thread.sleep(forTimeInterval: 0.1) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL); return nil }
            return process.terminationStatus
        }
    }

    private func send(_ request: URLRequest) async throws -> (String, HTTPURLResponse) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        let (data, response) = try await URLSession(configuration: configuration).data(for: request)
        return (String(decoding: data, as: UTF8.self), try #require(response as? HTTPURLResponse))
    }

    @Test("loopback by default; a post round trip shows the user's text escaped; a cross-site post is refused; SIGTERM exits 0")
    func roundTrip() async throws {
        let server = try Server([])
        #expect(server.address.hasPrefix("http://127.0.0.1:"), "\(server.address)")
        let base = try #require(URL(string: server.address))
        let (page, response) = try await send(URLRequest(url: base))
        #expect(page.contains("<h1 id=\"title\">Home</h1>"))
        let cookie = try #require(response.value(forHTTPHeaderField: "Set-Cookie"))
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"), "\(cookie)")
        let session = try #require(cookie.split(separator: ";").first).description
        let token = try #require(page.range(of: #"(?<=name="token" value=")[0-9a-f]+"#, options: .regularExpression).map { String(page[$0]) })

        var post = URLRequest(url: base.appendingPathComponent("act"))
        post.httpMethod = "POST"
        post.setValue(session, forHTTPHeaderField: "Cookie")
        post.setValue(server.address, forHTTPHeaderField: "Origin")
        post.httpBody = Data("token=\(token)&screen=0&field.message=%3Cscript%3Ealert(1)%3C%2Fscript%3E&action=tap%3AshowDetail".utf8)
        _ = try await send(post)
        var get = URLRequest(url: base)
        get.setValue(session, forHTTPHeaderField: "Cookie")
        let (detail, _) = try await send(get)
        #expect(detail.contains("<p id=\"message\">&lt;script&gt;alert(1)&lt;/script&gt;</p>"), "\(detail)")
        #expect(!detail.contains("<script>"))

        post.setValue("http://evil.example", forHTTPHeaderField: "Origin")
        post.httpBody = Data("token=\(token)&screen=1&action=back".utf8)
        let (refused, refusedResponse) = try await send(post)
        #expect(refusedResponse.statusCode == 403)
        #expect(refused.contains("refused a form post from &#39;http://evil.example&#39;"))
        let (still, _) = try await send(get)
        #expect(still.contains("<h1 id=\"title\">Detail</h1>"))
        #expect(server.stop() == 0)
    }

    @Test("a port already in use: exit 7 and a message naming host and port")
    func portInUse() throws {
        let server = try Server([])
        defer { _ = server.stop() }
        let port = try #require(server.address.split(separator: ":").last.map(String.init))
        let second = try HostProcess.run(["serve", "--port", port])
        #expect(second.status == 7)
        #expect(second.stderr.hasPrefix("error: cannot listen on 127.0.0.1:\(port): "), "\(second.stderr)")
    }

    @Test("a broken config stops serve before it listens, with the config's exit code; a bad port is a usage error")
    func startErrors() throws {
        let broken = try HostProcess.run(["serve", "--config", "no-such.conf", "--port", "0"])
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("no-such.conf"))
        let port = try HostProcess.run(["serve", "--port", "70000"])
        #expect(port.status == 64)
        #expect(port.stderr.contains("--port is 70000"))
    }
}
