import Testing
@testable import SceneHostCore
@testable import SceneHostWebModel

/// The Host allow-list of `serve`: localhost, every loopback address and the listening address by
/// default, the `--allowed-host` names besides, and this machine's names when it listens on every
/// address; anything else (a rebinding attacker's name) is refused.
@Suite("Web host policy")
struct WebHostPolicyTests {
    static let machine = WebMachineNames(
        hostName: "Build-Box",
        addresses: [WebIPAddress("10.1.2.3"), WebIPAddress("fd00::7"), WebIPAddress("127.0.0.1")].compactMap { $0 })

    @Test("loopback names and the listening address pass, with or without a port, in any case")
    func allowed() throws {
        let policy = WebHostPolicy(listeningOn: "192.168.1.20", allowed: ["App.Example"], machine: Self.machine)
        #expect(policy.names == ["localhost", "127.0.0.1", "::1", "192.168.1.20", "app.example"])
        for host in [
            "localhost", "LOCALHOST:8080", "127.0.0.1:8080", "[::1]:8080", "[::1]", "::1", "192.168.1.20:80",
            "app.example:8080",
        ] {
            #expect(throws: Never.self) { try policy.check(host) }
        }
    }

    @Test("every loopback address passes in any spelling, whatever the server listens on")
    func wholeLoopback() throws {
        for bound in ["127.0.0.1", "192.168.1.20", "::1"] {
            let policy = WebHostPolicy(listeningOn: bound, allowed: [], machine: Self.machine)
            for host in [
                "127.0.0.2", "127.0.0.2:8080", "127.255.255.254", "[0:0:0:0:0:0:0:1]:80", "[::ffff:127.0.0.9]",
            ] {
                #expect(throws: Never.self, "\(host) on \(bound)") { try policy.check(host) }
            }
            for host in ["128.0.0.1", "[::2]", "127.0.0.1.nip.io", "0x7f000001"] {
                #expect(throws: WebError.self, "\(host) on \(bound)") { try policy.check(host) }
            }
        }
    }

    @Test(
        "listening on every address: that address (the URL serve prints), the machine's host name and its interfaces' addresses pass; other names do not"
    )
    func everyAddress() throws {
        for bound in ["0.0.0.0", "::", "[::]"] {
            let policy = WebHostPolicy(listeningOn: bound, allowed: ["app.example"], machine: Self.machine)
            #expect(
                policy.names == [
                    "localhost", "127.0.0.1", "::1", "0.0.0.0", "::", "build-box", "10.1.2.3", "fd00::7", "app.example",
                ])
            for host in [
                "0.0.0.0:8080", "[::]:8080", "build-box:8080", "BUILD-BOX", "10.1.2.3:8080", "[fd00:0::7]:8080",
                "app.example",
            ] {
                #expect(throws: Never.self, "\(host) on \(bound)") { try policy.check(host) }
            }
            #expect(throws: WebError.hostNotAllowed(host: "rebind.attacker.example:8080", allowed: policy.names)) {
                try policy.check("rebind.attacker.example:8080")
            }
            #expect(throws: WebError.self) { try policy.check("10.1.2.4") }
        }
        // Read from this machine when not given: its own addresses include a loopback one at least.
        let here = WebMachineNames.current()
        #expect(here.addresses.contains { $0.isLoopback })
    }

    @Test(
        "another name, a missing Host, or an all-addresses bind used as a name elsewhere are refused with the allowed names"
    )
    func refused() {
        let policy = WebHostPolicy(listeningOn: "127.0.0.1", allowed: [])
        #expect(policy.names == ["localhost", "127.0.0.1", "::1"])
        #expect(
            throws: WebError.hostNotAllowed(
                host: "rebind.attacker.example:8080", allowed: ["localhost", "127.0.0.1", "::1"])
        ) {
            try policy.check("rebind.attacker.example:8080")
        }
        #expect(throws: WebError.hostNotAllowed(host: "", allowed: ["localhost", "127.0.0.1", "::1"])) {
            try policy.check(nil)
        }
        #expect(throws: WebError.hostNotAllowed(host: "0.0.0.0:8080", allowed: ["localhost", "127.0.0.1", "::1"])) {
            try policy.check("0.0.0.0:8080")
        }
        #expect(
            throws: WebError.hostNotAllowed(
                host: "localhost.attacker.example", allowed: ["localhost", "127.0.0.1", "::1"])
        ) {
            try policy.check("localhost.attacker.example")
        }
        #expect(
            ErrorMessage.render(WebError.hostNotAllowed(host: "evil:1", allowed: ["localhost", "127.0.0.1"]))
                == "error: refused a request for host 'evil:1': this server answers only for localhost, 127.0.0.1. Open it under one of those names, or start it with --allowed-host NAME."
        )
    }

    @Test("loopback in any spelling is loopback; every other address or name is on a network")
    func loopback() {
        for host in [
            "localhost", "LocalHost", "127.0.0.1", "127.0.0.2", "127.255.255.254", "::1", "[::1]", "0:0:0:0:0:0:0:1",
            "[0::1]",
        ] {
            #expect(WebHostPolicy.isLoopback(host), "\(host)")
        }
        for host in [
            "0.0.0.0", "::", "[::]", "192.168.1.20", "128.0.0.1", "::2", "example.org", "localhost.example", "",
            "127.0.0.1.nip.io",
        ] {
            #expect(!WebHostPolicy.isLoopback(host), "\(host)")
        }
    }
}
