import Testing
@testable import SceneHost

/// The Host allow-list of `serve`: localhost, loopback and the listening address by default, the
/// `--allowed-host` names besides; anything else (a rebinding attacker's name) is refused.
@Suite("Web host policy")
struct WebHostPolicyTests {
    @Test("loopback names and the listening address pass, with or without a port, in any case")
    func allowed() throws {
        let policy = WebHostPolicy(listeningOn: "192.168.1.20", allowed: ["App.Example"])
        #expect(policy.names == ["localhost", "127.0.0.1", "::1", "192.168.1.20", "app.example"])
        for host in ["localhost", "LOCALHOST:8080", "127.0.0.1:8080", "[::1]:8080", "[::1]", "::1", "192.168.1.20:80", "app.example:8080"] {
            #expect(throws: Never.self) { try policy.check(host) }
        }
    }

    @Test("another name, a missing Host, or an all-addresses bind used as a name are refused with the allowed names")
    func refused() {
        let policy = WebHostPolicy(listeningOn: "0.0.0.0", allowed: [])
        #expect(policy.names == ["localhost", "127.0.0.1", "::1"])
        #expect(throws: WebError.hostNotAllowed(host: "rebind.attacker.example:8080", allowed: ["localhost", "127.0.0.1", "::1"])) {
            try policy.check("rebind.attacker.example:8080")
        }
        #expect(throws: WebError.hostNotAllowed(host: "", allowed: ["localhost", "127.0.0.1", "::1"])) { try policy.check(nil) }
        #expect(throws: WebError.hostNotAllowed(host: "0.0.0.0:8080", allowed: ["localhost", "127.0.0.1", "::1"])) { try policy.check("0.0.0.0:8080") }
        #expect(throws: WebError.hostNotAllowed(host: "localhost.attacker.example", allowed: ["localhost", "127.0.0.1", "::1"])) {
            try policy.check("localhost.attacker.example")
        }
        #expect(ErrorMessage.render(WebError.hostNotAllowed(host: "evil:1", allowed: ["localhost", "127.0.0.1"]))
            == "error: refused a request for host 'evil:1': this server answers only for localhost, 127.0.0.1. Open it under one of those names, or start it with --allowed-host NAME.")
    }

    @Test("loopback in any spelling is loopback; every other address or name is on a network")
    func loopback() {
        for host in ["localhost", "LocalHost", "127.0.0.1", "127.0.0.2", "127.255.255.254", "::1", "[::1]", "0:0:0:0:0:0:0:1", "[0::1]"] {
            #expect(WebHostPolicy.isLoopback(host), "\(host)")
        }
        for host in ["0.0.0.0", "::", "[::]", "192.168.1.20", "128.0.0.1", "::2", "example.org", "localhost.example", "", "127.0.0.1.nip.io"] {
            #expect(!WebHostPolicy.isLoopback(host), "\(host)")
        }
    }
}
