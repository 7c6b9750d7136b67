import Testing
import SceneSDK
@testable import SceneHostFrontend
@testable import SceneHostWebModel

/// A container's slots in the web's URLs and pages (issue 50): a slot's first scene is written
/// `SLOT:Scene`, each part percent-encoded and the slot's `:` bare; a tab's button is an action of
/// its own; a slot's layer is part of its container's page, never a dialog, and a container has no
/// page (nor breadcrumb link) of its own.
@Suite("Web URLs and pages of slots")
struct WebSlotURLTests {
    @Test("a slot's first scene is SLOT:Scene in a screen's path, read and written alike")
    func segments() {
        #expect(
            WebPath("/s/Main/orders:OrdersSplit/detail:ShowOrder?id=2")
                == .screen(["Main", "orders:OrdersSplit", "detail:ShowOrder"]))
        #expect(
            WebPath("/s/Main/settings:Settings/About")
                == .screen([
                    WebPath.Segment(name: "Main"), WebPath.Segment(slot: "settings", name: "Settings"),
                    WebPath.Segment(name: "About"),
                ]))
        #expect(
            WebPath.url(of: [WebPath.Segment(slot: "a b", name: "C:D"), WebPath.Segment(name: "E")])
                == "/s/a%20b:C%3AD/E")
        #expect(WebPath("/s/a%20b:C%3AD/E") == .screen([WebPath.Segment(slot: "a b", name: "C:D"), "E"]))
        #expect(WebPath("/s/Main/:Settings") == .other("s/Main/:Settings"), "an empty slot names nothing")
        #expect(WebPath("/s/Main/settings:") == .other("s/Main/settings:"))
        #expect(WebPath("/s/Main/%ZZ:Settings") == .other("s/Main/%ZZ:Settings"))
    }

    @Test("a tab's button chooses its option by index; any other option is refused")
    func tabAction() throws {
        let screen = Screen(
            title: "Orders",
            elements: [.choice(id: "@tabs", label: "Orders app", options: ["Orders", "Settings"], selected: 0)])
        let action = try WebAction(form: try WebForm(body: Array("action=choose:@tabs:1".utf8)), screen: screen)
        #expect(action.command == .choose(choice: "@tabs", option: "1") && action.fills.isEmpty)
        for bad in ["choose:@tabs:x", "choose:@tabs:-1", "choose::1", "choose:@tabs"] {
            #expect(throws: WebError.unknownAction(bad)) {
                try WebAction(form: try WebForm(body: Array("action=\(bad)".utf8)), screen: screen)
            }
        }
    }

    static func screen(_ name: String, opensLayer: Bool = false, slot: String? = nil, stamp: Int) -> WebScreen {
        WebScreen(name: name, opensLayer: opensLayer, slot: slot, stamp: stamp, lastScreen: Screen(title: name))
    }

    /// Main (tabs) › its settings tab's Settings › About, under a modal Confirm.
    static let screens = [
        screen("Main", stamp: 1), screen("Settings", opensLayer: true, slot: "settings", stamp: 2),
        screen("About", stamp: 3), screen("Confirm", opensLayer: true, stamp: 4),
    ]

    @Test("a slot's stack is shown in its container's page; a container's crumb has no link; a modal above is a dialog")
    func pages() {
        let about = WebPage.make(screens: Array(Self.screens.prefix(3)), depth: 2, token: "t", error: nil)
        #expect(
            !about.inModal && about.wayBack == .back(to: []) && about.formAction == "/s/Main/settings:Settings/About")
        #expect(about.breadcrumb.map(\.url) == ["", "/s/Main/settings:Settings", "/s/Main/settings:Settings/About"])
        #expect(about.breadcrumb.map(\.isModal) == [false, false, false])
        let settings = WebPage.make(screens: Array(Self.screens.prefix(3)), depth: 1, token: "t", error: nil)
        #expect(!settings.inModal && settings.wayBack == .none && settings.isEarlier)
        let confirm = WebPage.make(screens: Self.screens, depth: 3, token: "t", error: nil)
        #expect(confirm.inModal && confirm.wayBack == .dismiss && confirm.underneath == "Main › Settings › About")
        #expect(confirm.breadcrumb.map(\.isModal) == [false, false, false, true])
    }

    @Test("a container's page is the screen shown in its open slot, inner container by inner container")
    func shownDepth() {
        let nested = [
            Self.screen("Main", stamp: 1), Self.screen("Split", opensLayer: true, slot: "orders", stamp: 2),
            Self.screen("Show", opensLayer: true, slot: "detail", stamp: 3), Self.screen("More", stamp: 4),
        ]
        #expect(WebScreen.isContainer(nested, at: 0) && WebScreen.isContainer(nested, at: 1))
        #expect(!WebScreen.isContainer(nested, at: 2) && !WebScreen.isContainer(nested, at: 3))
        #expect(WebScreen.shownDepth(nested, for: 0) == 3 && WebScreen.shownDepth(nested, for: 1) == 3)
        #expect(WebScreen.shownDepth(nested, for: 2) == 2)
        #expect(WebScreen.shownDepth(Self.screens, for: 0) == 2, "a modal above is not the container's screen")
    }

    @Test("a deep link's page into a tab is no dialog; one into a modal above it is")
    func preview() {
        let screen = Screen(title: "Order #2")
        let tab = WebPage.preview(
            screen: screen, layers: [["Main"], ["OrdersSplit"], ["ShowOrder"]], slots: [nil, "orders", "detail"],
            titles: ["Orders app", "Orders", "Order #2"], token: "t", error: nil, formAction: "/orders/2")
        #expect(!tab.inModal && tab.wayBack == .none && tab.breadcrumb.allSatisfy { !$0.isModal })
        let modal = WebPage.preview(
            screen: screen, layers: [["Main"], ["OrdersSplit"], ["EditOrder"]], slots: [nil, "orders", nil],
            titles: ["Orders app", "Orders", "Edit"], token: "t", error: nil, formAction: "/orders/2/edit")
        #expect(modal.inModal && modal.wayBack == .dismiss && modal.breadcrumb.map(\.isModal) == [false, false, true])
    }
}
