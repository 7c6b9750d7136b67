import Testing
@_spi(SceneHost) import SceneSDK
@testable import SceneHostCore
@testable import SceneHostNavigation
import HostTestSupport
import TestSupport

/// The demo's real plugins, wired by the host: every link, data passing, and release on pop.
@MainActor
@Suite("Plugin wiring")
struct PluginWiringTests {
    @Test(
        "every part of a plugin scene is wired: vc.interactor, vc.router, interactor.presenter, presenter.viewController, router.viewController, router.dataStore"
    )
    func allLinks() throws {
        let navigator = try DemoApp.navigator()
        for scene in ["Home", "Detail"] {
            #expect(navigator.top?.name == scene)
            let parts = try #require(navigator.top)
            #expect(Reflection.link("interactor", of: parts.viewController) === parts.interactor)
            #expect(Reflection.link("router", of: parts.viewController) === parts.router)
            #expect(Reflection.link("presenter", of: parts.interactor) === parts.presenter)
            #expect(Reflection.link("viewController", of: parts.presenter) === parts.viewController)
            #expect(Reflection.link("viewController", of: parts.router) === parts.viewController)
            #expect(Reflection.link("dataStore", of: parts.router) === parts.interactor)
            #expect(navigator.top?.context.sceneName == navigator.top?.name)
            if scene == "Home" { try navigator.send(.tap(button: "openDetail")) }
        }
    }

    @Test(
        "the typed message reaches Detail by the segue and by the programmatic route",
        arguments: ["showDetail", "openDetail"])
    func messageReachesDetail(button: String) throws {
        let navigator = try DemoApp.navigator()
        try navigator.send(.edit(field: "message", text: "Hello"))
        try navigator.send(.tap(button: button))
        #expect(navigator.path == "Home › Detail")
        #expect(try navigator.screen().element(id: "message") == .label(id: "message", text: "Hello"))
    }

    @Test("Detail's Done button routes back through its router")
    func doneGoesBack() throws {
        let navigator = try DemoApp.navigator()
        try navigator.send(.tap(button: "openDetail"))
        try navigator.send(.tap(button: "done"))
        #expect(navigator.path == "Home")
    }

    @Test(
        "after pop and dismiss, weak references to Detail's four parts are nil",
        arguments: [NavigationStyle.push, .present])
    func releasedAfterBack(style: NavigationStyle) throws {
        let navigator = try DemoApp.navigator()
        let parts = try showDetail(on: navigator, style: style)
        #expect(parts.allSatisfy { $0.object != nil })
        try navigator.back()
        #expect(navigator.path == "Home")
        #expect(parts.allSatisfy { $0.object == nil }, "still alive: \(parts.filter { $0.object != nil }.map(\.name))")
    }

    private func showDetail(on navigator: Navigator, style: NavigationStyle) throws -> [WeakPart] {
        let home = try #require(navigator.top?.context)
        try navigator.navigate(from: home, to: "Detail", style: style, payload: ScenePayload(["message": "bye"]))
        return WeakPart.all(of: try #require(navigator.top))
    }

    @Test("a mistyped message across the plugins is refused with the field and both scenes")
    func mistypedAcrossPlugins() throws {
        let navigator = try DemoApp.navigator()
        let home = try #require(navigator.top?.context)
        do {
            try navigator.navigate(from: home, to: "Detail", style: .push, payload: ScenePayload(["message": 42]))
            Issue.record("expected an error")
        } catch {
            #expect(
                ErrorMessage.render(error)
                    == "error: route from 'Home' to 'Detail' failed: the value does not fit the input DetailInput of scene 'Detail': field 'message': expected String, given Int."
            )
        }
        #expect(navigator.path == "Home")
    }
}
