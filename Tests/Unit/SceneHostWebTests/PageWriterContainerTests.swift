import Foundation
import SceneSDK
import Testing
@testable import SceneHostWeb
@testable import SceneHostWebModel

/// A container's screen as a page (issue 50): its tab bar a navigation landmark of the form's
/// buttons (each posting its tab's index, the tab shown `aria-current="page"`), its panes side by
/// side in one wrapper, each a region with its heading; any other choice and section as before.
@Suite("Page writer: tabs and panes")
struct PageWriterContainerTests {
    static func html(_ elements: [ScreenElement]) -> String {
        let page = WebPage.start(
            screen: Screen(title: "Order #2", elements: elements), scene: "Main", token: "t", error: nil)
        return String(decoding: PageWriter().render(page), as: UTF8.self)
    }

    static let tabs = ScreenElement.choice(
        id: "@tabs", label: "Orders app", options: ["Orders", "Settings"], selected: 0)
    static let panes: [ScreenElement] = [
        .section(id: "@list", title: "All orders", elements: [.button(id: "list/refresh", title: "Refresh")]),
        .section(id: "@detail", title: "Order", elements: [.label(id: "customer", text: "Customer: Grace")]),
    ]

    @Test("the tab bar is a nav of submit buttons, the tab shown aria-current=page")
    func tabBar() {
        let page = Self.html([Self.tabs])
        let expected = [
            "<nav class=\"tabs\" id=\"@tabs\" aria-label=\"Orders app\"><ul>",
            "<li><button type=\"submit\" id=\"tab-@tabs-0\" name=\"action\" value=\"choose:@tabs:0\" aria-current=\"page\">",
            "<bdi>Orders</bdi></button></li>",
            "<li><button type=\"submit\" id=\"tab-@tabs-1\" name=\"action\" value=\"choose:@tabs:1\">",
            "<bdi>Settings</bdi></button></li></ul></nav>\n",
        ].joined()
        #expect(page.contains(expected), "\(page)")
        #expect(!page.contains("<select"), "no select for a tab bar")
        // The page's script replaces the breadcrumb, never the tab bar (both are navs).
        #expect("\(PageWriter.script)".contains("next.querySelector(\"nav[aria-label=Breadcrumb]\")"))
    }

    @Test("a nested container's tab bar too; a tab bar without a title is called Tabs; any other choice is a select")
    func otherChoices() {
        let page = Self.html([
            .choice(id: "@tabs-2", label: "", options: ["A"], selected: nil),
            .choice(id: "tabsize", label: "Size", options: ["S"], selected: 0),
        ])
        #expect(
            page.contains(
                "<nav class=\"tabs\" id=\"@tabs-2\" aria-label=\"Tabs\"><ul><li><button type=\"submit\" id=\"tab-@tabs-2-0\" name=\"action\" value=\"choose:@tabs-2:0\"><bdi>A</bdi></button></li></ul></nav>\n"
            ), "\(page)")
        #expect(page.contains("<select id=\"choice-tabsize\" name=\"choice.tabsize\">"))
    }

    @Test("consecutive panes are one wrapper of regions with headings; a plain section is a group outside it")
    func panes() {
        let page = Self.html([Self.tabs] + Self.panes + [.section(id: "more", title: "More", elements: [])])
        let expected = [
            "</ul></nav>\n<div class=\"panes\">\n",
            "<section class=\"pane\" id=\"section-@list\" aria-labelledby=\"heading-@list\">",
            "<h2 id=\"heading-@list\"><bdi>All orders</bdi></h2>\n",
            "<button type=\"submit\" id=\"button-list/refresh\" name=\"action\" value=\"tap:list/refresh\">",
            "<bdi>Refresh</bdi></button>\n</section>\n",
            "<section class=\"pane\" id=\"section-@detail\" aria-labelledby=\"heading-@detail\">",
            "<h2 id=\"heading-@detail\"><bdi>Order</bdi></h2>\n",
            "<p dir=\"auto\" id=\"customer\">Customer: Grace</p>\n</section>\n</div>\n",
            "<section class=\"group\" id=\"section-more\" aria-labelledby=\"heading-more\">",
        ].joined()
        #expect(page.contains(expected), "\(page)")
        // Side by side, stacked on a narrow screen.
        #expect(page.contains(".panes{display:flex;gap:1.5rem;align-items:flex-start}"))
        #expect(page.contains("@media (max-width:44rem){.panes{flex-direction:column;align-items:stretch;gap:0}}"))
    }
}
