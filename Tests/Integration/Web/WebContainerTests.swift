import Logging
import Testing
@_spi(SceneHost) import SceneSDK
@testable import SceneHostConfig
@testable import SceneHostConfigFile
@testable import SceneHostContainer
@testable import SceneHostLoading
@testable import SceneHostNavigation
@testable import SceneHostFrontend
@testable import SceneHostWebModel
import HostTestSupport
import SceneTestSupport
import TestSupport

/// The web over an app of tabs and panes (issue 50), the orders example's own plugins in process:
/// a slot's first scene is `SLOT:Scene` in its URL; a tab is chosen by its button
/// (`choose:@tabs:INDEX`); the URL of a tab not shown (the browser's Back after switching tabs)
/// shows that tab again as it was left, and the pane a URL names gets the focus; a container's URL
/// shows the screen shown in it; other tabs' forms are stale as any other tab's; a deep link into a
/// tab is no dialog, and acting there leads to the tab's URL.
@MainActor
@Suite("Web pages of tabs and panes", .timeLimit(.minutes(10)))
struct WebContainerTests {
    static let context = WebController.PostContext(
        origin: "http://h:1", fetchSite: "same-origin", host: "h:1", client: "10.0.0.1")
    static let order2 = "/s/Main/orders:OrdersSplit/detail:ShowOrder"
    static let settings = "/s/Main/settings:Settings"
    static let about = "/s/Main/settings:Settings/About"

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// examples/orders.conf's app (without the native pricing), on a database in a temporary folder.
    @MainActor
    final class App {
        let folder: TemporaryFolder
        let config: SceneConfig
        let container = SceneContainer()

        init() throws {
            folder = try TemporaryFolder()
            var text =
                "initial = \"Main\"\n[plugins.OrdersAppScene]\npath = \"\(BuildProducts.library("OrdersAppScene"))\"\n"
            for name in ["ListOrdersScene", "ShowOrderScene", "EditOrderScene"] {
                text +=
                    "[plugins.\(name)]\npath = \"\(BuildProducts.library(name))\"\n[plugins.\(name).settings]\ndatabase = \"orders.sqlite\"\n"
            }
            text += "[[segues]]\nfrom = \"ShowOrder\"\nid = \"edit\"\nto = \"EditOrder\"\nstyle = \"present\"\n"
            config = try ConfigLoader().load(path: try folder.write(text, to: "orders.conf"))
            let loader = PluginLoader(logger: Logger(label: "test"))
            for entry in config.plugins { _ = try loader.load(entry, into: container) }
        }

        /// The link the graph gives `orders/{id}` through the containers: Main, its Orders tab, the detail pane.
        static let links = LinkTable([
            LinkTable.Entry(
                template: (try? LinkTemplate.parse("orders/{id}").get()) ?? LinkTemplate(text: "", segments: []),
                scene: "ShowOrder", parameters: ["id": .int],
                steps: [
                    LinkOpening.Step(scene: "Main", style: .replace),
                    LinkOpening.Step(scene: "OrdersSplit", style: .push, slot: "orders"),
                    LinkOpening.Step(scene: "ShowOrder", style: .replace, slot: "detail"),
                ])
        ])

        func controller(links: LinkTable = LinkTable()) -> WebController {
            let (container, segues) = (self.container, config.segues)
            return WebController(
                store: WebSessionStore {
                    let navigator = Navigator(container: container, segues: segues)
                    navigator.links = links
                    // The list's load is waited for by the store (`awaitQuickWork`), as under `serve`.
                    try navigator.start(at: "Main")
                    return navigator
                })
        }
    }

    /// A first action from the start page: the session's cookie, and where it led.
    private func begin(_ controller: WebController, _ fields: String) async throws -> (CookieJar, String) {
        let reply = await controller.post(
            path: "/", sessionID: nil,
            body: Array("token=\(await controller.store.startToken)&screen=0&\(fields)".utf8), context: Self.context)
        guard case .set(let id) = reply.cookie, let to = location(reply) else {
            throw Failure("no session from the first action: \(reply.status)")
        }
        return (CookieJar(id), to)
    }

    /// A post from the page at `path` as it is shown now; where it led.
    private func act(
        _ controller: WebController, _ id: CookieJar, at path: String, _ fields: String
    ) async throws
        -> String?
    {
        let page = try await self.page(controller, id, path)
        return location(
            id.take(
                await controller.post(
                    path: path, sessionID: id.cookie,
                    body: Array("token=\(page.token)&screen=\(page.stamp)&\(fields)".utf8), context: Self.context)))
    }

    private func page(_ controller: WebController, _ id: CookieJar?, _ path: String) async throws -> WebPage {
        let reply = await controller.get(path: path, sessionID: id?.cookie)
        guard case .page(let page) = reply.body else {
            throw Failure("no page at \(path): \(reply.status) \(reply.body)")
        }
        return page
    }

    private func location(_ reply: WebReply) -> String? {
        if case .redirect(let location) = reply.body { return location }
        return nil
    }

    /// The tab bar of `page`: its options and the one shown.
    private func tabs(_ page: WebPage) -> (options: [String], selected: Int?)? {
        page.elements.first { $0.id == "@tabs" }.map { ($0.options, $0.selected) }
    }

    @Test("each tab's stack has its URLs; a tab's button shows it; the panes are sections of the page, never a dialog")
    func urlsOfTabs() async throws {
        let app = try App()
        let controller = app.controller()
        let (id, first) = try await begin(controller, "action=select:orders:1")
        #expect(first == Self.order2)
        let order = try await page(controller, id, first)
        #expect(order.title == "Order #2" && !order.inModal && order.wayBack == .none)
        #expect(tabs(order)?.options == ["Orders", "Settings"] && tabs(order)?.selected == 0)
        #expect(order.elements.filter { $0.kind == .section }.map(\.id) == ["@list", "@detail"])
        #expect(order.breadcrumb.map(\.name) == ["Orders app", "Orders", "Order #2"])
        #expect(order.breadcrumb.map(\.url) == ["", "", Self.order2], "a container has no page of its own to link to")
        #expect(order.breadcrumb.allSatisfy { !$0.isModal })
        #expect(try await act(controller, id, at: Self.order2, "action=choose:@tabs:1") == Self.settings)
        #expect(try await act(controller, id, at: Self.settings, "field.signature=Ada&action=tap:about") == Self.about)
        let about = try await page(controller, id, Self.about)
        #expect(about.title == "About" && tabs(about)?.selected == 1 && about.wayBack == .back(to: []))
        #expect(about.breadcrumb.map(\.url) == ["", Self.settings, Self.about])
        // The Orders tab, as it was left.
        #expect(try await act(controller, id, at: Self.about, "action=choose:@tabs:0") == Self.order2)
        #expect(try await page(controller, id, Self.order2).title == "Order #2")
        // A container's URL shows the screen shown in it.
        #expect(location(await controller.get(path: "/s/Main", sessionID: id.cookie)) == Self.order2)
        #expect(location(await controller.get(path: "/s/Main/orders:OrdersSplit", sessionID: id.cookie)) == Self.order2)
        #expect(try await page(controller, id, "/").title == "Order #2", "/ is the screen shown in the first container")
    }

    @Test("Back to a page of the tab not shown shows that tab again as it was left: its stack, its earlier page's text")
    func backToTheOtherTab() async throws {
        let app = try App()
        let controller = app.controller()
        let (id, _) = try await begin(controller, "action=select:orders:1")
        _ = try await act(controller, id, at: Self.order2, "action=choose:@tabs:1")
        _ = try await act(controller, id, at: Self.settings, "field.signature=Ada&action=tap:about")
        _ = try await act(controller, id, at: Self.about, "action=choose:@tabs:0")
        let about = try await page(controller, id, Self.about)
        #expect(about.title == "About" && tabs(about)?.selected == 1 && !about.isEarlier && about.error == nil)
        let earlier = try await page(controller, id, Self.settings)
        #expect(earlier.isEarlier && earlier.currentURL == Self.about)
        #expect(
            earlier.elements.first { $0.id == "signature" }?.text == "Ada",
            "the earlier page shows what its user typed there, though the tab was hidden meanwhile")
        // Forward again: the Orders tab.
        let order = try await page(controller, id, Self.order2)
        #expect(order.title == "Order #2" && tabs(order)?.selected == 0 && !order.isEarlier)
        // The list's URL gives the list the focus (the detail pane keeps the order).
        let list = try await page(controller, id, "/s/Main/orders:OrdersSplit/list:ListOrders")
        #expect(list.title == "Orders" && list.formAction == "/s/Main/orders:OrdersSplit/list:ListOrders")
        #expect(list.elements.last?.children.first?.id == "detail/customer", "the order beside it: \(list.elements)")
    }

    @Test("a screen no longer in the tab a URL names: that tab, with the notice of a screen no longer open")
    func goneFromItsTab() async throws {
        let app = try App()
        let controller = app.controller()
        let (id, _) = try await begin(controller, "action=choose:@tabs:1")
        _ = try await act(controller, id, at: Self.settings, "action=tap:about")
        #expect(try await act(controller, id, at: Self.about, "action=back") == Self.settings)
        _ = try await act(controller, id, at: Self.settings, "action=choose:@tabs:0")
        let reply = await controller.get(path: Self.about, sessionID: id.cookie)
        #expect(location(reply) == Self.settings, "\(reply.body)")
        let settings = try await page(controller, id, Self.settings)
        #expect(tabs(settings)?.selected == 1)
        #expect(
            settings.error
                == "notice: The page “About” is no longer open (the app moved on since), so this is where you are now.")
    }

    @Test("a form of the tab another browser tab moved away from is stale, as any other tab's: nothing applied")
    func otherTabsFormIsStale() async throws {
        let app = try App()
        let controller = app.controller()
        let (id, _) = try await begin(controller, "action=choose:@tabs:1")
        let held = try await page(controller, id, Self.settings)
        _ = try await act(controller, id, at: Self.settings, "action=choose:@tabs:0")
        let reply = id.take(
            await controller.post(
                path: Self.settings, sessionID: id.cookie,
                body: Array(
                    "token=\(held.token)&screen=\(held.stamp)&title=Settings&field.signature=Bo&action=tap:about".utf8),
                context: Self.context))
        #expect(location(reply) == "/s/Main/orders:OrdersSplit/list:ListOrders")
        let current = try await page(controller, id, "/s/Main/orders:OrdersSplit/list:ListOrders")
        #expect(
            current.error?.hasPrefix("notice: Your changes on “Settings” were not saved") == true,
            "\(current.error ?? "")")
        #expect(current.offered == [WebPage.Offered(label: "signature", text: "Bo")])
        let settings = try await page(controller, id, Self.settings)
        #expect(settings.elements.first { $0.id == "signature" }?.text == "", "nothing of the stale form was applied")
    }

    /// (Also the navigator's opening of a link through containers: the slots built with the link's
    /// containers were let go of with the scenes shown before, and the link showed its first scene alone.)
    @Test("a deep link into a tab: its page shows the tab bar and is no dialog; acting there leads to the tab's URL")
    func deepLinkIntoATab() async throws {
        let app = try App()
        let controller = app.controller(links: App.links)
        let preview = try await page(controller, nil, "/orders/2")
        #expect(preview.title == "Order #2" && !preview.inModal && preview.wayBack == .none, "\(preview)")
        #expect(tabs(preview)?.selected == 0 && preview.breadcrumb.allSatisfy { !$0.isModal })
        let reply = await controller.post(
            path: "/orders/2", sessionID: nil,
            body: Array("token=\(await controller.store.startToken)&screen=0&action=tap:edit".utf8),
            context: Self.context)
        #expect(location(reply) == Self.order2 + "/EditOrder")
        guard case .set(let cookie) = reply.cookie else { throw Failure("no session: \(reply.status)") }
        let id = CookieJar(cookie)
        #expect(
            try await act(controller, id, at: Self.order2 + "/EditOrder", "action=dismiss") == Self.order2 + "?id=2")
        let order = try await page(controller, id, Self.order2 + "?id=2")
        #expect(order.title == "Order #2" && tabs(order)?.selected == 0 && !order.isEarlier)
    }
}
