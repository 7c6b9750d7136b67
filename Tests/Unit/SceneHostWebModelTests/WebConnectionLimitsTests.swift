import Testing
@testable import SceneHostWebModel

/// The admin listener's limits: the app's timeouts with a small cap of its own.
@Suite("Web connection limits")
struct WebConnectionLimitsTests {
    @Test(
        "the admin listener takes the app's header, body and idle timeouts, and at most 40 connections (32 and 8 told 503)"
    )
    func admin() {
        let app = WebConnectionLimits(
            maximum: 900, idleTimeout: .seconds(7), headerTimeout: .seconds(3), bodyTimeout: .seconds(9))
        let admin = WebConnectionLimits.admin(like: app)
        #expect(
            admin
                == WebConnectionLimits(
                    maximum: 32, idleTimeout: .seconds(7), headerTimeout: .seconds(3), bodyTimeout: .seconds(9)))
        #expect(admin.descriptors == 40)
        #expect(app.descriptors == 900 + 56)
    }
}
