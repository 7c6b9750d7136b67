import Testing
@_spi(SceneHost) @testable import SceneHost
@_spi(SceneHost) import SceneSDK

/// Deep links in `serve`'s request logic: a GET shows what the link opens and changes no session;
/// acting on that page opens it in the browser's session (made by that first action) and applies;
/// a link that names nothing is a 404.
@MainActor
@Suite("Web: deep links")
struct WebLinkTests {
    private func controller() throws -> WebController {
        let (container, graph) = try LinksApp.graph()
        let links = graph.links
        let store = WebSessionStore {
            let navigator = Navigator(container: container, segues: [])
            navigator.links = links
            try navigator.start(at: "LinkHome")
            return navigator
        }
        return WebController(store: store)
    }

    private let context = WebController.PostContext(origin: nil, fetchSite: nil, host: nil, client: "10.0.0.1")

    @Test("GET of a link shows the linked screen over the route to it, holds no session, and its form posts to the link")
    func linkPage() async throws {
        let controller = try controller()
        let reply = await controller.get(path: "/items/3", sessionID: nil)
        guard case .page(let page) = reply.body else { throw Failure("no page: \(reply.status) \(reply.body)") }
        #expect(reply.status == 200 && reply.cookie == .keep)
        #expect(page.breadcrumb.map(\.name) == ["LinkHome", "LinkList", "LinkItem"] && page.breadcrumb.allSatisfy { $0.url.isEmpty })
        #expect(page.elements.first { $0.id == "text" }?.text == "item #3")
        #expect(page.formAction == "/items/3" && page.token == controller.store.startToken)
        #expect(controller.store.count == 0)
    }

    @Test("a first action on a link's page makes the session at the linked screen and applies there")
    func actOnLink() async throws {
        let controller = try controller()
        let reply = await controller.post(path: "/items/3", sessionID: nil,
                                          body: Array("token=\(controller.store.startToken)&screen=0&action=back".utf8), context: context)
        guard case .set(let id) = reply.cookie, case .redirect(let location) = reply.body else { throw Failure("no session: \(reply.status)") }
        // Back from the linked screen: the session shows the scene below it.
        #expect(location == "/s/LinkHome/LinkList")
        let session = try #require(controller.store.existing(id: id))
        #expect(session.screens.map(\.name) == ["LinkHome", "LinkList"])
    }

    @Test("a link in a browser with a session replaces its stack only when acted on; a GET leaves it as it was")
    func linkWithSession() async throws {
        let controller = try controller()
        let first = await controller.post(path: "/", sessionID: nil, body: Array("token=\(controller.store.startToken)&screen=0&action=back".utf8), context: context)
        guard case .set(let id) = first.cookie else { throw Failure("no session") }
        let session = try #require(controller.store.existing(id: id))
        _ = await controller.get(path: "/items/5", sessionID: id)
        #expect(session.screens.map(\.name) == ["LinkHome"], "a GET of a link changed the session")
        let acted = await controller.post(path: "/items/5", sessionID: id, body: Array("token=\(session.token)&screen=0&action=back".utf8), context: context)
        #expect(acted.status == 303)
        #expect(session.screens.map(\.name) == ["LinkHome", "LinkList"])
    }

    @Test("a malformed or unknown link is a 404 page naming it; nothing is made")
    func notFound() async throws {
        let controller = try controller()
        for path in ["/items/x", "/items/99999999999999999999", "/nowhere", "/items", "/s", "/items/%zz"] {
            let reply = await controller.get(path: path, sessionID: nil)
            #expect(reply.status == 404, "\(path): \(reply.status)")
            guard case .refusal(let message) = reply.body else { throw Failure("\(path): not a refusal") }
            #expect(message.hasPrefix("error: "), "\(path): \(message)")
        }
        let post = await controller.post(path: "/items/x", sessionID: nil, body: Array("token=\(controller.store.startToken)&screen=0&action=back".utf8), context: context)
        #expect(post.status == 404 && controller.store.count == 0)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
