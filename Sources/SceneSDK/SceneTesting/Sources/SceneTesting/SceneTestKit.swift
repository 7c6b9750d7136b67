@_spi(SceneTesting) import SceneSDK

/// Runs one scene without the host: built from the `SceneDefinition` its plugin registers, wired by
/// the SDK's own wiring, with services the test registers and a navigator that records.
///
/// ```swift
/// let kit = SceneTestKit()
/// kit.register((any GreetingWorking).self) { FakeGreetingWorker() }
/// try kit.load(GreetingPlugin.self)
/// try kit.start("Greeting")
/// try kit.tap("showDetail")
/// #expect(kit.routes.last?.destination == "Detail")
/// try kit.assertReleased()
/// ```
/// Like the host, the kit checks inputs and results against the scene's declared contracts
/// (`SceneError.contractMismatch`), events against the screen, and routes against the declared
/// ones. After a push or present the destination is "on top" until `returnToScene`; after an
/// exit or a `.replace` the scene is gone. Everything runs on the main actor: mark tests `@MainActor`.
///
/// A container scene (`SceneDefinition.tab`, `.pane`) is tested as one scene: `slots` lists what it
/// declares, `selectTab` is the user's tap on a tab, `pane` reads what a slot shows first. Routes
/// into a slot and selections are recorded, not shown: the scene under test stays on screen.
@MainActor
public final class SceneTestKit {
    /// Records every route and exit of the scene under test.
    public let navigator = RecordingNavigator()
    private let services = TestServices()
    private let collector: SceneCollector
    private var segues: [String: (destination: String, style: NavigationStyle)] = [:]
    private var scene: AssembledScene?
    /// The destination of the last push or present, while it is on top.
    private var above: String?
    /// Hears the scene's background work.
    private let workObserver = KitWorkObserver()
    /// The name of the scene started last (an await names it after it left).
    private var started: String?
    /// How much of the navigation log the awaits returned already (`awaitRoute`, `awaitExit`).
    private var awaited = 0
    /// The slots' initial scenes `pane` built, by slot name; let go with the container.
    private var slotScenes: [String: AssembledScene] = [:]

    /// The slots of the scene started last, in declared order: empty before `start` and for a scene
    /// that is not a container.
    public private(set) var slots: [ContainerSlot] = []

    /// The name of the container's selected tab (or focused pane): its first slot after `start`,
    /// then the last one selected (`selectTab`, the router's `selectTab`) or routed into. Nil for a
    /// scene that is not a container.
    public private(set) var selectedSlot: String?

    /// A kit whose loaded plugins get `settings` as their `registry.settings`, as the host hands them
    /// a `[plugins.NAME.settings]` table (relative paths resolve against its `baseDirectory`).
    ///
    /// ```swift
    /// let kit = SceneTestKit(settings: PluginSettings(["database": .string("orders.sqlite")], baseDirectory: folder))
    /// ```
    public init(settings: PluginSettings = PluginSettings()) {
        collector = SceneCollector(services: services, settings: settings)
        navigator.kit = self
    }

    // MARK: Services

    /// Registers the service (a Worker, usually a fake) that factories get for `type`.
    ///
    /// It wins over the plugin's own registration of the same type, whichever comes first.
    public func register<Service>(_ type: Service.Type, factory: @escaping @MainActor () throws -> Service) {
        services.registerFromTest(type) { _ in try factory() }
    }

    /// Registers a service whose factory resolves other services.
    public func register<Service>(_ type: Service.Type, resolving factory: @escaping @MainActor (any ServiceResolving) throws -> Service) {
        services.registerFromTest(type) { resolver in try factory(resolver) }
    }

    // MARK: Scenes

    /// Loads every scene and service the plugin registers, exactly as the host calls it.
    ///
    /// The kit's settings are checked against the plugin's declared ones first, as the host checks
    /// a config (`SceneTestingError.settingsRefused`; declarations the host could not check are
    /// `settingsMalformed`, as the host refuses such a plugin), and the plugin reads its declared defaults
    /// for the keys the test leaves out.
    public func load(_ plugin: any ScenePlugin.Type) throws {
        let declared = plugin.settings
        if let reason = SettingDeclaration.malformation(of: declared, inMemoryState: plugin.inMemoryState) { throw SceneTestingError.settingsMalformed(plugin: plugin.name, reason: reason) }
        let problems = collector.settings.problems(declared: declared)
        guard problems.isEmpty else { throw SceneTestingError.settingsRefused(plugin: plugin.name, problems) }
        collector.loading = (plugin.name, [])
        defer { collector.loading = nil }
        try plugin.register(in: SettingsDefaultingRegistry(collector, declared: declared))
    }

    /// Loads one scene definition: the scene under test, or a destination whose input the kit
    /// then checks every route against (as the host does).
    public func load<V, I, P, R>(_ definition: SceneDefinition<V, I, P, R>) throws {
        try collector.register(definition)
    }

    /// Declares a segue, as `[[segues]]` in scenes.conf does: a tap on `id` performs it, calling
    /// the router's `routeTo<Destination>` handler with it.
    public func declareSegue(_ id: String, to destination: String, style: NavigationStyle = .push) {
        segues[id] = (destination, style)
    }

    /// Shows the scene `name`, which takes no input: wired, `viewDidLoad`, `viewWillAppear`.
    public func start(_ name: String) throws {
        try start(name, payload: nil)
    }

    /// Shows the scene `name` with `input`, checked against its declared input like the host does.
    public func start<Input: Encodable>(_ name: String, input: Input) throws {
        try start(name, payload: ScenePayload(input))
    }

    /// Shows the scene `name` as its deep link opens it: `parameters` (a value of the link's
    /// parameters type, or of its shape) go through the link's function, which builds the input.
    ///
    /// The host converts a path's text to the parameters before; here the test gives them typed. An
    /// error the function throws (a `LinkRefusal` too) is thrown as it is, and nothing is shown
    /// then. A function that takes services gets the ones the test registered.
    public func start<Parameters: Encodable>(_ name: String, link parameters: Parameters) throws {
        let built = try collector.assemble(name, navigator: navigator)
        try built.acceptLink(try ScenePayload(parameters).value, services: services)
        show(built)
    }

    private func start(_ name: String, payload: ScenePayload?) throws {
        let built = try collector.assemble(name, navigator: navigator)
        try built.accept(payload)
        show(built)
    }

    private func show(_ built: AssembledScene) {
        scene?.work?.cancelAll()
        releaseSlotScenes()
        scene = built
        slots = built.declaredSlots
        selectedSlot = slots.first?.name
        built.work?.observer = workObserver
        above = nil
        navigator.log = []
        awaited = 0
        started = built.name
        built.display.viewDidLoad()
        built.display.viewWillAppear()
    }

    // MARK: Screen

    /// The scene's current screen.
    public func screen() throws -> Screen {
        try onScreen().display.render()
    }

    /// The element with this id on the current screen; throws `noSuchElement` listing the ids there are.
    public func element(_ id: String) throws -> ScreenElement {
        let current = try onScreen()
        let screen = current.display.render()
        guard let element = screen.element(id: id) else {
            throw SceneTestingError.noSuchElement(scene: current.name, id: id, kind: "element", available: screen.elements.map(\.id))
        }
        return element
    }

    /// The text an element shows: a label's or alert's text, a text field's or text area's text, a button's or
    /// toggle's or section's title, a choice's chosen option (empty for none), a progress element's
    /// label, a list's row titles joined by newlines. A secure field shows no text: "" always.
    public func text(_ id: String) throws -> String {
        switch try element(id) {
        case .label(_, let text), .alert(_, let text), .textField(_, _, let text, _, _), .textArea(_, _, let text, _), .button(_, let text),
             .toggle(_, let text, _), .section(_, let text, _), .progress(_, let text, _):
            return text
        case .secureField: return ""
        case .choice(_, _, let options, let selected): return ScreenElement.chosen(options, selected) ?? ""
        case .list(_, let rows): return rows.map(\.title).joined(separator: "\n")
        }
    }

    /// The scene's DataStore (its interactor), for assertions on what it took.
    public var dataStore: Any? { scene?.currentDataStore }

    // MARK: Events

    /// Taps a button: performs the segue declared with its id, or sends `.tap` to the ViewController.
    public func tap(_ button: String) throws { try send(.tap(button: button)) }

    /// Types `text` into a text field.
    public func edit(_ field: String, text: String) throws { try send(.edit(field: field, text: text)) }

    /// Selects row `row` (0-based) of a list.
    public func select(_ list: String, row: Int) throws { try send(.select(list: list, row: row)) }

    /// Switches a toggle over, as `toggle ID` does in a script.
    public func toggle(_ toggle: String) throws {
        guard case .toggle(_, _, let isOn) = try element(toggle) else { return try send(.set(toggle: toggle, isOn: true)) }
        try send(.set(toggle: toggle, isOn: !isOn))
    }

    /// Switches a toggle on or off.
    public func set(_ toggle: String, isOn: Bool) throws { try send(.set(toggle: toggle, isOn: isOn)) }

    /// Chooses option `option` (0-based) of a choice.
    public func choose(_ choice: String, option: Int) throws { try send(.choose(choice: choice, option: option)) }

    /// Chooses the option whose text is `option`, as `choose ID TEXT` does in a script.
    public func choose(_ choice: String, option: String) throws {
        let current = try onScreen()
        guard case .choice(_, _, let options, _) = try element(choice) else { return try send(.choose(choice: choice, option: 0)) }
        guard let index = options.firstIndex(of: option) else {
            throw SceneTestingError.noSuchOption(scene: current.name, choice: choice, option: option, options: options)
        }
        try send(.choose(choice: choice, option: index))
    }

    /// Sends one event, checked against the screen first as the host does.
    public func send(_ event: UserEvent) throws {
        let current = try onScreen()
        try EventCheck.validate(event, on: current.display.render(), scene: current.name)
        if case .tap(let button) = event, let segue = segues[button] {
            try perform(segue: button, to: segue.destination, style: segue.style, from: current)
            return
        }
        try current.display.handle(event)
    }

    /// The user's back: the scene leaves, handing back its declared result (recorded in `exits`).
    public func back() throws {
        let current = try onScreen()
        try exit(current, to: .previous, byUser: true)
    }

    /// The destination on top returns without a result: the scene is on top again (`viewWillAppear`).
    public func returnToScene() throws {
        let current = try covered()
        above = nil
        current.display.viewWillAppear()
    }

    /// The destination on top returns `result`: checked against the scene's `acceptingResult`
    /// declaration and passed into its DataStore, then the scene is on top again.
    public func returnToScene<Result: Encodable>(with result: Result) throws {
        let current = try covered()
        try current.acceptResult(ScenePayload(result))
        above = nil
        current.display.viewWillAppear()
    }

    // MARK: Containers

    /// The user taps the tab `name` (its name or its title, as `tab NAME` takes either) of the
    /// container under test, or focuses the pane so named: recorded as `.select(slot:)` with the
    /// slot's name, and `selectedSlot` is that slot.
    ///
    /// Throws `SceneTestingError.notAContainer` when the scene declares no slots, and
    /// `unknownSlot` (with the closest name) when it declares none of that name or title.
    public func selectTab(_ name: String) throws {
        let current = try onScreen()
        let slot = try declaredSlot(name, of: current, byTitleToo: true)
        navigator.log.append(.select(slot: slot.name))
        selectedSlot = slot.name
    }

    /// What the slot `name` of the container under test shows first: its initial scene, built from
    /// the definition loaded into the kit, given no input, loaded and appeared (once; later calls
    /// render it again), then rendered.
    ///
    /// The slot's scene is read, not driven: test its events and routes with a kit of its own.
    /// Routes into the slot are recorded (`routes`), not shown here. Throws `notAContainer`,
    /// `unknownSlot`, or `slotSceneNotLoaded` when the initial scene is not loaded into the kit.
    public func pane(_ name: String) throws -> Screen {
        let current = try onScreen()
        let slot = try declaredSlot(name, of: current, byTitleToo: false)
        if let built = slotScenes[slot.name] { return built.display.render() }
        guard collector.blueprints[slot.initial] != nil else {
            throw SceneTestingError.slotSceneNotLoaded(
                scene: current.name, slot: slot.name, initial: slot.initial, loaded: collector.blueprints.keys.sorted())
        }
        let built = try collector.assemble(slot.initial, navigator: navigator)
        try built.accept(nil)
        slotScenes[slot.name] = built
        built.display.viewDidLoad()
        built.display.viewWillAppear()
        return built.display.render()
    }

    /// The slot `name` (or titled so, when `byTitleToo`) of `scene`, which must be a container.
    private func declaredSlot(_ name: String, of scene: AssembledScene, byTitleToo: Bool) throws -> ContainerSlot {
        guard !slots.isEmpty else { throw SceneTestingError.notAContainer(scene: scene.name) }
        if let slot = slots.first(where: { $0.name == name }) ?? (byTitleToo ? slots.first(where: { $0.title == name }) : nil) {
            return slot
        }
        throw SceneTestingError.unknownSlot(scene: scene.name, slot: name, declared: slots.map(\.name))
    }

    /// Lets the slots' scenes `pane` built go, their work cancelled.
    private func releaseSlotScenes() {
        for built in slotScenes.values { built.work?.cancelAll() }
        slotScenes = [:]
    }

    // MARK: Background work

    /// Runs the scene's background work (`SceneInteractor.perform`) to its end: waits until no
    /// `perform` task of it runs, or `limit` passed (work that never ends); true when it ended.
    /// `observe` tasks run on: step them with `awaitScreen(within:where:)`. Errors the work threw
    /// and did not catch are in `workFailures`, as the host would show them.
    @discardableResult
    public func settle(within limit: Duration = .seconds(10)) async -> Bool {
        guard let work = scene?.work else { return true }
        return await work.settle(within: limit)
    }

    /// How many tasks of the scene's background work are running (`observe`'s included).
    public var runningWork: Int { scene?.work?.running ?? 0 }

    // MARK: Awaiting what work does

    /// Steps the scene's work until its screen satisfies `condition`: that screen. The scene's
    /// tasks run (on the main actor, as in the host) between looks. Drive what the work waits for
    /// (send a value through the Worker double), then await the screen that should follow: the
    /// test does not depend on timing.
    ///
    /// Throws `SceneTestingError.awaitTimedOut` when `limit` passes first, with the last screen,
    /// the work still running and the navigation seen; and `sceneLeftWhileAwaiting` as soon as the
    /// scene leaves or another scene goes on top meanwhile (await that with `awaitExit` or
    /// `awaitRoute`), never running on to the limit.
    ///
    /// ```swift
    /// totals.send(42)
    /// try await kit.awaitScreen { $0.element(id: "total") == .label(id: "total", text: "Total: 42") }
    /// ```
    @discardableResult
    public func awaitScreen(within limit: Duration = .seconds(10), where condition: (Screen) -> Bool) async throws -> Screen {
        let name = try onScreen().name
        return try await stepWork(of: name, within: limit, waitingFor: "a screen that passes the test's condition") {
            guard let scene, self.above == nil else { return .left }
            let screen = scene.display.render()
            return condition(screen) ? .found(screen) : .notYet
        }
    }

    /// Steps the scene's work until its router routes (to `destination`, when given): that route.
    /// Routes the scene took before the call count (a tap that routes at once, or work that routed
    /// already), each returned once: the first recorded since `start` that no earlier `awaitRoute`
    /// returned. Throws as `awaitScreen`: `awaitTimedOut`, or `sceneLeftWhileAwaiting` when it left
    /// instead.
    ///
    /// ```swift
    /// try kit.tap("start")                      // the countdown's work routes when it reaches 0
    /// let route = try await kit.awaitRoute(to: "Done")
    /// #expect(try route.payload(as: DoneInput.self).seconds == 3)
    /// ```
    @discardableResult
    public func awaitRoute(to destination: String? = nil, within limit: Duration = .seconds(10)) async throws -> RecordedRoute {
        let name = try sceneName()
        let what = destination.map { "a route to '\($0)'" } ?? "a route"
        return try await stepWork(of: name, within: limit, waitingFor: what) {
            for index in self.awaited..<self.navigator.log.count {
                guard case .route(let route) = self.navigator.log[index], destination.map({ $0 == route.destination }) ?? true
                else { continue }
                self.awaited = index + 1
                return .found(route)
            }
            return self.scene == nil ? .left : .notYet
        }
    }

    /// Steps the scene's work until the scene leaves (its router pops, dismisses or pops down, or
    /// the user's `back`): that exit, with the result it handed back. Each exit is returned once.
    /// Throws as `awaitScreen`: `awaitTimedOut`, or `sceneLeftWhileAwaiting` when it was replaced
    /// by a route instead.
    ///
    /// ```swift
    /// let exit = try await kit.awaitExit()      // the countdown routes back by itself at 0:00
    /// #expect(try exit.result(as: TimerResult.self).finished)
    /// ```
    @discardableResult
    public func awaitExit(within limit: Duration = .seconds(10)) async throws -> RecordedExit {
        let name = try sceneName()
        return try await stepWork(of: name, within: limit, waitingFor: "an exit") {
            for index in self.awaited..<self.navigator.log.count {
                guard case .exit(let exit) = self.navigator.log[index] else { continue }
                self.awaited = index + 1
                return .found(exit)
            }
            return self.scene == nil ? .left : .notYet
        }
    }

    /// What one look of an await found.
    private enum Look<Value> {
        case found(Value)
        case notYet
        /// The scene left, or another is on top: what was awaited cannot come.
        case left
    }

    /// Looks with `look` until it finds, stepping the scene's tasks between looks, for at most `limit`.
    private func stepWork<Value>(
        of name: String, within limit: Duration, waitingFor what: String, look: () -> Look<Value>
    ) async throws -> Value {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        var lastScreen = scene.map { $0.display.render() }
        while true {
            switch look() {
            case .found(let value): return value
            case .left:
                throw SceneTestingError.sceneLeftWhileAwaiting(scene: name, waitingFor: what, navigation: navigationSeen())
            case .notYet:
                if let scene, above == nil { lastScreen = scene.display.render() }
            }
            guard clock.now < deadline else {
                throw SceneTestingError.awaitTimedOut(
                    scene: name, waitingFor: what, limit: limit,
                    saw: "\(lastScreen.map(Self.describe) ?? "no screen"); \(runningWork) task(s) of its work running; "
                        + "navigation: \(navigationSeen())")
            }
            // Other jobs of the main actor (the scene's tasks) run before this one goes on.
            await Task.yield()
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    /// The name of the scene started last, whether or not it is still on screen.
    private func sceneName() throws -> String {
        guard let name = scene?.name ?? started else { throw SceneTestingError.noScene }
        return name
    }

    /// The navigation recorded since `start`, as an await's error names it.
    private func navigationSeen() -> String {
        guard !navigator.log.isEmpty else { return "none" }
        return navigator.log.map { entry in
            switch entry {
            case .route(let route): return "route to '\(route.destination)' (\(route.style.rawValue))"
            case .exit(let exit): return "exit (\(exit.byUser ? "the user's back" : "by its router"))"
            case .select(let slot): return "select '\(slot)'"
            }
        }.joined(separator: ", ")
    }

    /// A screen in one line: its title and each element's id and text.
    static func describe(_ screen: Screen) -> String {
        let elements = screen.elements.map { element -> String in
            switch element {
            case .label(let id, let text): return "label '\(id)' \"\(text)\""
            case .alert(let id, let text): return "alert '\(id)' \"\(text)\""
            case .button(let id, let title): return "button '\(id)' \"\(title)\""
            case .textField(let id, _, let text, _, _), .textArea(let id, _, let text, _):
                return "field '\(id)' \"\(text)\""
            case .secureField(let id, _, _, _): return "secure field '\(id)'"
            case .toggle(let id, _, let isOn): return "toggle '\(id)' \(isOn ? "on" : "off")"
            case .choice(let id, _, let options, let selected):
                return "choice '\(id)' \"\(ScreenElement.chosen(options, selected) ?? "")\""
            case .list(let id, let rows): return "list '\(id)' (\(rows.count) rows)"
            case .progress(let id, let label, _): return "progress '\(id)' \"\(label)\""
            case .section(let id, let title, let inside): return "section '\(id)' \"\(title)\" (\(inside.count) elements)"
            }
        }
        return "the screen '\(screen.title)'" + (elements.isEmpty ? "" : " [\(elements.joined(separator: ", "))]")
    }

    /// The errors the scene's background work threw and did not catch, in order (the host shows
    /// each as a notice).
    public var workFailures: [any Error] { workObserver.failures }

    // MARK: Recorded navigation

    /// Every route, exit and slot selection, in order.
    public var log: [RecordedNavigation] { navigator.log }
    /// The routes, in order.
    public var routes: [RecordedRoute] { navigator.routes }
    /// The exits, in order.
    public var exits: [RecordedExit] { navigator.exits }
    /// The slots selected, in order.
    public var selections: [String] { navigator.selections }

    // MARK: Leaks

    /// Releases the scene and checks that its ViewController, Interactor, Presenter and Router
    /// are gone; throws `SceneTestingError.leaked` naming those that live on.
    ///
    /// The scene's background work is cancelled first; work still running holds the scene until it
    /// ends (a cancelled `Task.sleep` ends at the next turn): use `assertReleased(waitingForWork:)`
    /// for a scene that may still be working.
    public func assertReleased() throws {
        scene?.work?.cancelAll()
        releaseSlotScenes()
        // Only weak references outlive this call's look at the scene: a strong local would keep it alive.
        guard let (name, weakParts) = weakReferencesToParts() else { throw SceneTestingError.noScene }
        scene = nil
        above = nil
        let alive = weakParts.filter { $0.object != nil }.map(\.name)
        guard alive.isEmpty else { throw SceneTestingError.leaked(scene: name, parts: alive) }
    }

    /// `assertReleased()` for a scene whose background work may still run: the work is cancelled,
    /// and given up to `limit` to end, as the host lets it when the scene leaves.
    public func assertReleased(waitingForWork limit: Duration) async throws {
        guard let work = scene?.work else { return try assertReleased() }
        work.cancelAll()
        _ = await work.settle(within: limit, idle: true)
        try assertReleased()
    }

    private func weakReferencesToParts() -> (String, [WeakPart])? {
        guard let scene else { return nil }
        return (scene.name, [WeakPart("ViewController", scene.viewController), WeakPart("Interactor", scene.interactor),
                             WeakPart("Presenter", scene.presenter), WeakPart("Router", scene.router)])
    }

    // MARK: Navigation, as the host checks it

    /// A route in code, into the source's own stack (`slot` nil) or into a container's slot.
    func routerNavigates(from source: RouterContext, to destination: String, slot: String?, style: NavigationStyle, payload: ScenePayload?) throws {
        let current = try onTop(source)
        guard current.declaresRoute(to: destination) else {
            throw SceneTestingError.routeNotDeclared(scene: current.name, destination: destination, declared: current.declaredDestinations)
        }
        if let declared = current.declaredStyle(toward: destination), declared != style {
            throw SceneTestingError.routeStyleMismatch(scene: current.name, destination: destination, declared: declared, requested: style)
        }
        guard let slot else {
            try checkInput(payload, of: destination)
            record(RecordedRoute(destination: destination, style: style, payload: payload?.value, payloadType: payload?.typeName, segue: nil))
            return
        }
        guard style == .push || style == .replace else {
            throw SceneTestingError.slotStyleRefused(scene: current.name, destination: destination, slot: slot, style: style)
        }
        // A container under test routes into its own slots; a scene shown in a slot routes into its
        // container's, which the kit does not know: the slot is then recorded unchecked.
        let selected = slots.isEmpty ? nil : try declaredSlot(slot, of: current, byTitleToo: false).name
        try checkInput(payload, of: destination)
        navigator.log.append(.route(RecordedRoute(destination: destination, style: style, payload: payload?.value,
                                                  payloadType: payload?.typeName, segue: nil, slot: slot)))
        if let selected { selectedSlot = selected }
    }

    /// The router's `selectTab`: checked against the container under test's slots (unchecked for a
    /// scene shown in a slot), then recorded.
    func routerSelects(from source: RouterContext, slot: String) throws {
        let current = try onTop(source)
        if !slots.isEmpty { selectedSlot = try declaredSlot(slot, of: current, byTitleToo: false).name }
        navigator.log.append(.select(slot: slot))
    }

    func routerLeaves(from source: RouterContext, to target: BackTarget) throws {
        try exit(try onTop(source), to: target, byUser: false)
    }

    /// Builds the destination when it is loaded, lets the router's handler pass data through the
    /// segue, then checks and records the route; a handler that navigated itself has done it.
    private func perform(segue id: String, to destination: String, style: NavigationStyle, from current: AssembledScene) throws {
        let built = collector.blueprints[destination] == nil ? nil : try collector.assemble(destination, navigator: navigator)
        let segue = Segue(identifier: id, source: current.name, destination: destination, style: style,
                          destinationDataStore: built?.currentDataStore)
        let before = navigator.log.count
        try current.performRouteHandler(toward: destination, segue: segue)
        if navigator.log.count != before { return }
        let payload = try segue.encodedPayload()
        try built?.accept(payload)
        record(RecordedRoute(destination: destination, style: style, payload: payload?.value,
                             payloadType: payload?.typeName, segue: id))
    }

    private func exit(_ current: AssembledScene, to target: BackTarget, byUser: Bool) throws {
        let result = try current.leavingResult()
        navigator.log.append(.exit(RecordedExit(target: target, result: result?.value, byUser: byUser)))
        // The scene left: its work is cancelled, and what it finishes afterwards is dropped.
        current.work?.cancelAll()
        releaseSlotScenes()
        above = nil
        scene = nil
    }

    private func record(_ route: RecordedRoute) {
        navigator.log.append(.route(route))
        if route.style == .replace {
            scene?.work?.cancelAll()
            releaseSlotScenes()
            scene = nil
        } else {
            above = route.destination
        }
    }

    /// A loaded destination takes the payload as the host would give it; others are not checked.
    private func checkInput(_ payload: ScenePayload?, of destination: String) throws {
        guard collector.blueprints[destination] != nil else { return }
        try collector.assemble(destination, navigator: navigator).accept(payload)
    }

    // MARK: State

    private func onScreen() throws -> AssembledScene {
        guard let scene else { throw SceneTestingError.noScene }
        if let above { throw SceneTestingError.notOnTop(scene: scene.name, top: above) }
        return scene
    }

    private func onTop(_ context: RouterContext) throws -> AssembledScene {
        let current = try onScreen()
        guard current.context === context else {
            throw SceneTestingError.notOnTop(scene: context.sceneName, top: current.name)
        }
        return current
    }

    private func covered() throws -> AssembledScene {
        guard let scene else { throw SceneTestingError.noScene }
        guard above != nil else { throw SceneTestingError.nothingAbove(scene: scene.name) }
        return scene
    }
}

/// A weak reference to one part, for `assertReleased`.
private final class WeakPart {
    let name: String
    weak var object: AnyObject?

    init(_ name: String, _ object: AnyObject) {
        self.name = name
        self.object = object
    }
}
