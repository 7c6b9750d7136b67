import Testing
@_spi(SceneHost) import SceneSDK
import SceneHostCore
import SceneHostContainer
import SceneHostRecordCodec
@testable import SceneHostNavigation

/// Containers (issue 50): tabs and panes, each slot a stack of its own; routing into and between
/// slots; what a hidden tab keeps; records and a restore of every slot; parts freed when a slot lets go.
@MainActor
@Suite("Container navigation")
struct ContainerNavigationTests {
    @Test("a container shows its first slot's first scene; the screen has the tab bar and the panes")
    func composedScreen() throws {
        let navigator = try Pages.navigator()
        #expect(navigator.path == "Main › orders: Split › list: List")
        let screen = try navigator.screen()
        #expect(screen.title == "List")
        #expect(
            screen.elements.first == .choice(id: "@tabs", label: "Main", options: ["Orders", "Settings"], selected: 0))
        guard case .section("@list", "Orders", let list)? = screen.element(id: "@list"),
            case .section("@detail", "Order", let detail)? = screen.element(id: "@detail")
        else {
            Issue.record("no panes: \(screen)")
            return
        }
        #expect(list.contains(.button(id: "open", title: "open")), "the focused pane's ids are its own")
        #expect(detail.contains(.label(id: "detail/name", text: "Pick")), "another pane's ids name it")
    }

    @Test("show detail replaces the detail pane and moves the focus; back from it goes to the list")
    func showDetail() throws {
        let navigator = try Pages.navigator()
        try navigator.send(.tap(button: "open"))
        #expect(navigator.path == "Main › orders: Split › detail: Item")
        #expect(try navigator.screen().element(id: "name") == .label(id: "name", text: "Item 1"))
        #expect(try navigator.screen().element(id: "list/open") == .button(id: "list/open", title: "open"))
        weak let replaced = navigator.top?.interactor
        // A tap in the list pane beside it: the focus moves there first.
        try navigator.send(.tap(button: "list/open"))
        #expect(try navigator.screen().element(id: "name") == .label(id: "name", text: "Item 2"))
        #expect(replaced == nil, "the scene the pane let go of is freed")
        try navigator.back()
        #expect(navigator.path == "Main › orders: Split › list: List")
        #expect(try navigator.screen().element(id: "detail/name") == .label(id: "detail/name", text: "Item 2"))
    }

    @Test("a tab not shown keeps its stack; selecting it shows it as it was left")
    func tabsKeepTheirStacks() throws {
        let navigator = try Pages.navigator()
        try navigator.send(.tap(button: "open"))
        try navigator.selectSlot(named: "settings")
        #expect(navigator.path == "Main › settings: Settings")
        try navigator.send(.tap(button: "about"))
        #expect(navigator.path == "Main › settings: Settings › About")
        try navigator.send(.choose(choice: "@tabs", option: 0))
        #expect(navigator.path == "Main › orders: Split › detail: Item")
        try navigator.selectSlot(named: "Settings")
        #expect(navigator.path == "Main › settings: Settings › About", "by title too")
        try navigator.back()
        #expect(navigator.path == "Main › settings: Settings")
    }

    @Test("a router selects a tab and pushes into a slot by name; an unknown slot changes nothing")
    func routerSlots() throws {
        let navigator = try Pages.navigator()
        try navigator.send(.tap(button: "settingsTab"))
        #expect(navigator.path == "Main › settings: Settings")
        try navigator.send(.tap(button: "ordersTab"))
        #expect(navigator.path == "Main › orders: Split › list: List")
        let before = navigator.records()
        #expect(
            throws: NavigationError.unknownSlot(
                scene: "List", slot: "detial", available: ["list", "detail", "orders", "settings"])
        ) {
            try navigator.send(.tap(button: "typo"))
        }
        #expect(navigator.records() == before)
        #expect(
            NavigationError.unknownSlot(scene: "List", slot: "detial", available: ["list", "detail"]).message
                == "error: no container shown with 'List' has a slot 'detial' (its slots: list, detail); nothing changed. Did you mean 'detail'?"
        )
    }

    @Test("records keep every slot's stack; a restore builds all of it again, focus and all")
    func restore() throws {
        let navigator = try Pages.navigator()
        try navigator.send(.tap(button: "open"))
        try navigator.send(.edit(field: "note", text: "kept"))
        _ = navigator.takeRecordChanges(topScreen: try navigator.screen())
        try navigator.selectSlot(named: "settings")
        try navigator.send(.tap(button: "about"))
        let records = navigator.records()
        #expect(records.map(\.name) == ["Main", "Settings", "About"])
        #expect(records[0].focus == "settings")
        #expect(records[0].slots.map(\.name) == ["orders", "settings"])
        #expect(records[0].slots[0].scenes.map(\.name) == ["Split"])
        #expect(records[0].slots[0].scenes[0].slots[1].scenes.map(\.name) == ["Item"])
        #expect(records[1].slot == "settings" && records[1].opensLayer)

        var writer = RecordWriter()
        writer.list(records)
        var reader = RecordReader(writer.finished(header: []), from: 0)
        try reader.readStringTable()
        let read = try reader.list(SceneRecord.self)
        #expect(read == records, "the record format keeps containers")

        let again = try Pages.navigator()
        #expect(again.restore(read).restored == 3)
        #expect(again.path == "Main › settings: Settings › About")
        try again.selectSlot(named: "orders")
        #expect(again.path == "Main › orders: Split › detail: Item")
        #expect(try again.screen().element(id: "note") == .textField(id: "note", placeholder: "", text: "kept"))
        try navigator.selectSlot(named: "orders")
        #expect(again.records() == navigator.records())
    }

    @Test("a record's slot that a new build no longer declares is dropped, and the user is told")
    func slotGone() throws {
        let navigator = try Pages.navigator()
        var records = navigator.records()
        records[0].slots.append(
            .init(name: "archive", scenes: [SceneRecord(name: "About", opensLayer: false, input: nil)]))
        let again = try Pages.navigator()
        #expect(again.restore(records).restored == records.count)
        #expect(again.path == "Main › orders: Split › list: List")
        #expect(
            again.takeWorkFailure()?.message
                == "notice: scene 'Main' could not be shown as you last saw it: it no longer has the slot archive it showed. Check what it shows, and do your last step again if it is missing."
        )
    }

    @Test("a record nested deeper than containers may is malformed, never a deep recursion")
    func nestingLimit() throws {
        var record = SceneRecord(name: "Main", opensLayer: false, input: nil)
        for _ in 0...SceneRecord.maximumNesting {
            record = SceneRecord(
                name: "Main", opensLayer: false, input: nil, slots: [.init(name: "orders", scenes: [record])])
        }
        var writer = RecordWriter()
        record.encode(into: &writer)
        var reader = RecordReader(writer.finished(header: []), from: 0)
        try reader.readStringTable()
        #expect(throws: RecordReader.Malformed.self) { _ = try SceneRecord(from: &reader) }
    }

    @Test("every part of every slot is freed when the container leaves")
    func released() throws {
        let navigator = try Pages.navigator(initial: "Start")
        try navigator.send(.tap(button: "enter"))
        try navigator.send(.tap(button: "open"))
        weak let list = navigator.layers[2].first?.viewController
        weak let item = navigator.layers.last?.first?.interactor
        weak let settings = (navigator.containers.values.first { $0.kind == .tab }?.stacks[1].first)?.presenter
        #expect(list != nil && item != nil && settings != nil)
        try navigator.back()  // detail → list
        try navigator.back()  // the list's first scene: Split, then Main leave
        #expect(navigator.path == "Start")
        #expect(navigator.containers.isEmpty)
        #expect(list == nil && item == nil && settings == nil)
    }
}

/// Small scenes for containers: `Main` (tabs orders and settings), `Split` (panes list and detail),
/// `List` (routes into the detail pane), `Pick` (the detail's first scene), `Item` (takes a number),
/// `Settings` and `About` (a tab's stack), `Start` (pushes Main).
@MainActor
private enum Pages {
    struct ItemInput: Codable { var number: Int }

    @MainActor
    protocol Logic: AnyObject {
        var note: String { get set }
        var number: Int? { get set }
    }

    final class Interactor: SceneInteractor<Presenter>, Logic {
        var note = ""
        var number: Int?
    }

    final class Presenter: ScenePresenter<ViewController> {}

    final class ViewController: SceneViewController<any Logic, Router> {
        var name = ""
        private var opened = 0

        override func render() -> Screen {
            let title = interactor?.number.map { "\(name) \($0)" } ?? name
            var elements: [ScreenElement] = [
                .label(id: "name", text: title), .textField(id: "note", placeholder: "", text: interactor?.note ?? ""),
            ]
            elements += Pages.buttons[name, default: []].map { .button(id: $0, title: $0) }
            return Screen(title: name, elements: elements)
        }

        override func handle(_ event: UserEvent) throws {
            if case .edit("note", let text) = event { interactor?.note = text }
            guard case .tap(let button) = event, let router else { return }
            switch button {
            case "open":
                opened += 1
                try router.route(to: .item, segue: nil, passing: ItemInput(number: opened))
            case "typo": try router.route(to: "Item", inSlot: "detial", style: .replace, payload: nil)
            case "settingsTab": try router.selectTab("settings")
            case "ordersTab": try router.selectTab("orders")
            case "about": try router.route(to: "About", segue: nil)
            case "enter": try router.route(to: "Main", segue: nil)
            default: return
            }
        }
    }

    final class Router: SceneRouter<ViewController, Interactor> {}

    static let buttons: [String: [String]] = [
        "List": ["open", "typo", "settingsTab"], "Settings": ["about", "ordersTab"], "Start": ["enter"],
    ]

    static func definition(_ name: String) -> SceneDefinition<ViewController, Interactor, Presenter, Router> {
        SceneDefinition(
            name,
            viewController: {
                let controller = ViewController(); controller.name = name; return controller
            },
            interactor: { _ in Interactor() }, presenter: Presenter.init, router: Router.init)
    }

    static func navigator(initial: String = "Main") throws -> Navigator {
        let container = SceneContainer()
        let registry = PluginScopedRegistry(
            plugin: PluginReference(
                name: "PagesPlugin", path: "/probe/libPages.so",
                location: SourceLocation(file: "pages.conf", line: 1, column: 1)))
        try registry.register(
            definition("Main").tab("orders", title: "Orders", initial: Route("Split"))
                .tab("settings", title: "Settings", initial: Route("Settings")))
        try registry.register(
            definition("Split").pane("list", title: "Orders", initial: Route("List"))
                .pane("detail", title: "Order", initial: Route("Pick")))
        try registry.register(definition("List").route(.item).route(to: "Item"))
        try registry.register(definition("Pick"))
        try registry.register(
            definition("Item").accepting(ItemInput.self) { dataStore, input in dataStore?.number = input.number })
        try registry.register(definition("Settings").route(to: "About"))
        try registry.register(definition("About"))
        try registry.register(definition("Start").route(to: "Main"))
        try registry.commit(into: container)
        let navigator = Navigator(container: container, segues: [])
        try navigator.start(at: initial)
        return navigator
    }
}

extension Route where Payload == Pages.ItemInput {
    fileprivate static var item: Self { Route("Item", style: .replace, slot: "detail") }
}
