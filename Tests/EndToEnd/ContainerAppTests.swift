import Foundation
import Testing
import TestSupport

/// The orders app (examples/orders.conf) through the real binaries: a container of tabs (Orders,
/// Settings) whose Orders tab is a container of panes (the list beside the order). Each tab keeps
/// its stack across switches; a scene worker killed with SIGKILL is replaced and every stack of
/// every tab is built again; a deep link opens the order in its tab.
@Suite("Containers: the orders app (end to end)")
struct ContainerAppTests {
    private func config() throws -> String {
        try ExampleConfig.copy("orders.conf", into: TemporaryFolder())
    }

    @Test("on a terminal: both tabs, each tab's stack kept across switches, all of it back after kill -9")
    func tabsAndKill() throws {
        let host = try TerminalHost(["run", "--config", try config()])
        defer { _ = host.finish() }
        #expect(
            host.waitFor { $0.contains("tabs    @tabs") && $0.contains("#3 Linus") }, "\(host.screen)\n\(host.stderr)")
        host.type("select orders 1\r")
        #expect(host.waitFor { $0.contains("(Main › orders: OrdersSplit › detail: ShowOrder)") }, "\(host.screen)")
        #expect(host.screen.contains("label   list/summary"), "the list pane stays beside the order: \(host.screen)")
        host.type("tab settings\r")
        #expect(host.waitFor { $0.contains("Orders  [Settings]") }, "\(host.screen)")
        host.type("fill signature Ada\r")
        #expect(host.waitFor { $0.contains("Orders are printed signed “Ada”.") }, "\(host.screen)")
        host.type("tap about\r")
        #expect(host.waitFor { $0.contains("(Main › settings: Settings › About)") }, "\(host.screen)")
        var mark = host.mark
        host.type("tab orders\r")
        #expect(
            host.waitFor(after: mark) {
                $0.contains("== Order #2 ==  (Main › orders: OrdersSplit › detail: ShowOrder)")
            },
            "the Orders tab as it was left: \(host.shown(after: mark))")

        let worker = try #require(Processes.children(of: host.pid, containing: "scene-host-worker").first)
        #expect(kill(worker, SIGKILL) == 0)
        mark = host.mark
        host.type("tab Settings\r")
        // The worker's end is heard of before the command, or during it: then the command is lost (the
        // screen restored as it was before it), and typed again.
        #expect(
            host.waitFor(after: mark) {
                $0.contains("(Main › settings: Settings › About)") || $0.contains("the screen was restored")
            }, "\(host.shown(after: mark))\n\(host.stderr)")
        if !host.shown(after: mark).contains("(Main › settings: Settings › About)") {
            mark = host.mark
            host.type("tab Settings\r")
        }
        #expect(
            host.waitFor(after: mark) { $0.contains("(Main › settings: Settings › About)") },
            "the Settings tab's stack came back: \(host.shown(after: mark))\n\(host.stderr)")
        mark = host.mark
        host.type("back\r")
        #expect(
            host.waitFor(after: mark) { $0.contains("field   signature  \"Ada\"") },
            "and what Settings kept: \(host.shown(after: mark))")
        mark = host.mark
        host.type("tab orders\r")
        #expect(
            host.waitFor(after: mark) {
                $0.contains("== Order #2 ==") && $0.contains("label   customer      Customer: Grace")
                    && $0.contains("0  #1 Ada: 2 × Tea")
            }, "the Orders tab's panes came back, the list beside the order: \(host.shown(after: mark))")
        host.type("quit\r")
        #expect(host.finish() == 0, "\(host.stderr)")
    }

    @Test("a deep link opens the order in the Orders tab, beside the list; Back goes to the list")
    func deepLink() throws {
        let result = try HostProcess.run(
            ["run", "--config", try config(), "--open", "orders/3"], input: "tab settings\ntab orders\nback\n",
            in: BuildProducts.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.hasPrefix("== Order #3 ==  (Main › orders: OrdersSplit › detail: ShowOrder)\n"),
            "\(result.stdout)")
        #expect(
            result.stdout.contains("> tab orders\n== Order #3 ==  (Main › orders: OrdersSplit › detail: ShowOrder)\n"),
            "\(result.stdout)")
        #expect(
            result.stdout.contains("> back\n== Orders ==  (Main › orders: OrdersSplit › list: ListOrders)\n"),
            "\(result.stdout)")
    }

    @Test("a tab that does not exist is refused with the tabs there are; nothing changes")
    func unknownTab() throws {
        let result = try HostProcess.run(
            ["run", "--config", try config()], input: "tab setings\nprint\n", in: BuildProducts.packageRoot)
        #expect(result.status != 0, "\(result.stdout)")
        #expect(
            (result.stdout + result.stderr).contains(
                "<stdin>:1: error: no container shown with 'ListOrders' has a slot 'setings' (its slots: list, detail, orders, settings); nothing changed. Did you mean 'settings'?"
            ), "\(result.stdout)")
        #expect(
            result.stdout.contains("> print\n== Orders ==  (Main › orders: OrdersSplit › list: ListOrders)\n"),
            "\(result.stdout)")
    }
}
