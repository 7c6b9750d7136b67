import Foundation
import Testing
import TestSupport

/// The documented nginx config and the cluster tests' nginx agree with the server (issue 47): a live
/// page's keep-alive comes before nginx's read timeout cuts an idle stream, and the session's hash
/// key is read from the cookie the server really sets (both names), its ID part only.
@Suite("Deploy config")
struct DeployConfigTests {
    static let root = BuildProducts.packageRoot

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    static func seconds(_ pattern: String, in text: String) -> Int? {
        guard let range = text.range(of: pattern, options: .regularExpression) else { return nil }
        return Int(text[range].filter(\.isNumber))
    }

    @Test("a live stream's keep-alive is shorter than every documented proxy_read_timeout")
    func keepAliveUnderReadTimeout() throws {
        let keepAlive = try #require(
            Self.seconds(
                #"static let keepAlive: Duration = \.seconds\([0-9]+\)"#,
                in: try Self.text("Sources/SceneHostWeb/WebHandlers+Events.swift")))
        for path in ["examples/deploy/nginx.conf", "scripts/serve-cluster-lib.sh"] {
            let timeout = try #require(
                Self.seconds(#"proxy_read_timeout [0-9]+s"#, in: try Self.text(path)),
                "\(path) sets no proxy_read_timeout")
            #expect(
                keepAlive < timeout,
                "\(path): proxy_read_timeout \(timeout)s would cut an idle live stream (keep-alive every \(keepAlive) s)"
            )
        }
    }

    @Test("nginx hashes the session cookie's ID (plain and __Host- names) and keeps proxy_next_upstream error timeout")
    func sessionHash() throws {
        let cookie = try Self.text("Sources/SceneHostWeb/SessionCookie.swift")
        #expect(
            cookie.contains(#"plainName = "scene_host_session""#)
                && cookie.contains(#"secureName = "__Host-scene_host_session""#))
        for path in ["examples/deploy/nginx.conf", "scripts/serve-cluster-lib.sh"] {
            let text = try Self.text(path)
            #expect(
                text.contains("(?:__Host-)?scene_host_session=(?<session_id>[^.;"),
                "\(path): the map reads another cookie, or more than its ID")
            #expect(text.contains("proxy_next_upstream error timeout;"), "\(path)")
        }
        let example = try Self.text("examples/deploy/nginx.conf")
        let hash = try #require(example.range(of: "hash $scene_host_session_id consistent;"))
        let keepalive = try #require(example.range(of: "keepalive 32;"))
        #expect(hash.lowerBound < keepalive.lowerBound, "nginx wants the balancing method before keepalive")
    }
}
