import Testing
@_spi(SceneHost) import SceneSDK
@testable import SceneHostNavigation
@testable import SceneHostWebModel
import HostTestSupport
@testable import SceneHostGraph

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

    @Test(
        "GET of a link shows the linked screen over the route to it, holds no session, and its form posts to the link")
    func linkPage() async throws {
        let controller = try controller()
        let reply = await controller.get(path: "/items/3", sessionID: nil)
        guard case .page(let page) = reply.body else { throw Failure("no page: \(reply.status) \(reply.body)") }
        #expect(reply.status == 200 && reply.cookie == .keep)
        #expect(
            // Each screen by its own title, those on the way never shown included (this fixture's
            // titles are its scene names).
            page.breadcrumb.map(\.name) == ["LinkHome", "LinkList", "LinkItem"]
                && page.breadcrumb.allSatisfy { $0.url.isEmpty })
        #expect(page.elements.first { $0.id == "text" }?.text == "item #3")
        let startToken = await controller.store.startToken
        #expect(page.formAction == "/items/3" && page.token == startToken)
        #expect(await controller.store.count == 0)
    }

    @Test("a first action on a link's page makes the session at the linked screen and applies there")
    func actOnLink() async throws {
        let controller = try controller()
        let reply = await controller.post(
            path: "/items/3", sessionID: nil,
            body: Array("token=\(await controller.store.startToken)&screen=0&action=back".utf8), context: context)
        guard case .set(let cookie) = reply.cookie, case .redirect(let location) = reply.body else {
            throw Failure("no session: \(reply.status)")
        }
        let id = CookieJar(cookie)
        // Back from the linked screen: the session shows the scene below it.
        #expect(location == "/s/LinkHome/LinkList")
        let session = try #require(await controller.store.existing(id: id.id))
        #expect(await session.screens.map(\.name) == ["LinkHome", "LinkList"])
    }

    @Test("a link in a browser with a session replaces its stack only when acted on; a GET leaves it as it was")
    func linkWithSession() async throws {
        let controller = try controller()
        let first = await controller.post(
            path: "/", sessionID: nil,
            body: Array("token=\(await controller.store.startToken)&screen=0&action=back".utf8), context: context)
        guard case .set(let cookie) = first.cookie else { throw Failure("no session") }
        let id = CookieJar(cookie)
        let session = try #require(await controller.store.existing(id: id.id))
        _ = await controller.get(path: "/items/5", sessionID: id.cookie)
        #expect(await session.screens.map(\.name) == ["LinkHome"], "a GET of a link changed the session")
        let acted = await controller.post(
            path: "/items/5", sessionID: id.cookie, body: Array("token=\(session.token)&screen=0&action=back".utf8),
            context: context)
        #expect(acted.status == 303)
        #expect(await session.screens.map(\.name) == ["LinkHome", "LinkList"])
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
        let post = await controller.post(
            path: "/items/x", sessionID: nil,
            body: Array("token=\(await controller.store.startToken)&screen=0&action=back".utf8), context: context)
        #expect(post.status == 404)
        #expect(await controller.store.count == 0)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    @Test(
        "a screen of a linked record carries the link's parameters in its URL; the URL opens that record in any browser"
    )
    func recordURLs() async throws {
        let controller = try controller()
        let first = await controller.post(
            path: "/items/3", sessionID: nil,
            body: Array("token=\(await controller.store.startToken)&screen=0&field.note=n&action=tap:none".utf8),
            context: context)
        guard case .set(let cookie) = first.cookie, case .redirect(let location) = first.body else {
            throw Failure("no session: \(first.status)")
        }
        #expect(location == "/s/LinkHome/LinkList/LinkItem?id=3")
        let shown = await controller.get(path: location, sessionID: cookie)
        guard case .page(let page) = shown.body else { throw Failure("no page: \(shown.status)") }
        #expect(
            page.elements.first { $0.id == "text" }?.text == "item #3" && page.formAction == location && !page.isEarlier
        )
        #expect(page.breadcrumb.last?.url == location)
        // Another record's URL, in this browser: that record's link page; the session is as it was.
        let other = await controller.get(path: "/s/LinkHome/LinkList/LinkItem?id=5", sessionID: cookie)
        guard case .page(let five) = other.body else { throw Failure("no page: \(other.status)") }
        #expect(five.elements.first { $0.id == "text" }?.text == "item #5" && five.formAction == "/items/5")
        #expect(await controller.store.count == 1)
        // The copied URL in a fresh browser: the same record, through its link.
        let fresh = await controller.get(path: location, sessionID: nil)
        guard case .page(let copied) = fresh.body else { throw Failure("no page: \(fresh.status)") }
        #expect(copied.elements.first { $0.id == "text" }?.text == "item #3" && copied.formAction == "/items/3")
        // A query naming nothing a link takes: the start, as before.
        guard
            case .redirect(let start) = await controller.get(
                path: "/s/LinkHome/LinkList/LinkItem?nope=1", sessionID: nil
            ).body
        else {
            throw Failure("not redirected")
        }
        #expect(start == "/")
    }
}
