import Testing
@testable import SceneHostCore
@testable import SceneHostWebModel

/// The deep-link faults of one client address, without processes: the limit closes one plugin's
/// links to one address, for as long as its faults are within the window.
@Suite("Deep-link faults per client address")
struct WebLinkFaultsTests {
    private let start = ContinuousClock.now

    private func at(_ seconds: Double) -> ContinuousClock.Instant { start + .milliseconds(Int64(seconds * 1000)) }

    @Test(
        "the third fault within a minute closes that plugin's links to that address alone, until its oldest fault is a minute old"
    )
    func closesForOneAddress() {
        var faults = WebLinkFaults(limit: 3)
        faults.note(client: "203.0.113.5", plugin: "Saboteur", at: at(0))
        faults.note(client: "203.0.113.5", plugin: "Saboteur", at: at(10))
        #expect(faults.refusal(client: "203.0.113.5", plugin: "Saboteur", at: at(11)) == nil)
        faults.note(client: "203.0.113.5", plugin: "Saboteur", at: at(20))
        let refusal = faults.refusal(client: "203.0.113.5", plugin: "Saboteur", at: at(20.5))
        #expect(refusal?.faults == 3 && refusal?.retryAfter == 40, "\(String(describing: refusal))")
        #expect(faults.refusal(client: "198.51.100.7", plugin: "Saboteur", at: at(21)) == nil, "another address")
        #expect(faults.refusal(client: "203.0.113.5", plugin: "Fragile", at: at(21)) == nil, "another plugin's links")
        #expect(faults.refusal(client: "203.0.113.5", plugin: "Saboteur", at: at(59.5))?.retryAfter == 1)
        #expect(
            faults.refusal(client: "203.0.113.5", plugin: "Saboteur", at: at(60)) == nil,
            "the first fault left the window")
    }

    @Test("faults spread over more than a minute never close anything; a limit below 1 counts as 1")
    func window() {
        var faults = WebLinkFaults(limit: 2)
        for index in 0..<10 {
            faults.note(client: "a", plugin: "P", at: at(Double(index) * 61))
            #expect(faults.refusal(client: "a", plugin: "P", at: at(Double(index) * 61)) == nil)
        }
        var strict = WebLinkFaults(limit: 0)
        strict.note(client: "a", plugin: "P", at: at(0))
        #expect(strict.refusal(client: "a", plugin: "P", at: at(1))?.retryAfter == 59)
    }

    @Test("the log's words name the plugin, the count and the setting; the page's words name none of them")
    func texts() {
        #expect(
            ErrorMessage.render(WebError.linksClosedToClient(plugin: "Saboteur", faults: 3, retryAfter: 42))
                == "error: links of plugin 'Saboteur' are closed to this client address for 42 s: opening them from it ended the scene worker 3 times within a minute ([host] faults-per-session). Other clients are not refused."
        )
        #expect(
            WebUserText.linkClosed(retryAfter: 1)
                == "This link stopped the app several times when opened from your address, so it is closed to you for now. Try again in 1 second."
        )
        #expect(WebUserText.linkClosed(retryAfter: 42).hasSuffix("Try again in 42 seconds."))
    }
}
