@_spi(SceneHost) import SceneSDK
import SceneHostCore
import SceneHostContainer
import SceneHostConfig

/// The navigation state of a running app: a stack of scenes, and modals above it, each modal
/// with a stack of its own; a container scene's slots each hold a stack too (`ContainerState`).
///
/// Every operation checks and builds everything it needs first and changes the state last, so
/// an operation that throws leaves the stack and every DataStore as they were.
@MainActor
package final class Navigator: SceneNavigating {
    /// `layers[0]` is the root stack; each later layer is a presented modal's stack.
    /// SPI like `AssembledScene`: for the host's tests and benchmarks, not for plugin authors.
    package internal(set) var layers: [[AssembledScene]] = []
    /// Parallel to `layers`: nil for the root stack and each modal's, the slot's name for the open
    /// slot of the container that is the last scene of the layer below (`Navigator+Containers`).
    package internal(set) var layerSlots: [String?] = []
    /// Each container scene's slots (its stacks kept apart, its focus), by the container's identity.
    var containers: [ObjectIdentifier: ContainerState] = [:]
    package let assembler: SceneAssembler
    /// The results handed back to a scene and its last fields, for the scenes that have any
    /// (`SceneRecord`; each scene's input is kept on the scene itself, `AssembledScene.keptInput`).
    var extras: [ObjectIdentifier: SceneExtras] = [:]
    /// The lowest place (counted over all layers) whose record changed since `takeRecordChanges`.
    var changedFrom = 0
    /// How many scenes are on all stacks.
    var sceneCount = 0
    private var segues: SegueTable
    /// The app's deep links, for `open(link:)` (set by whoever made the navigator from the graph).
    package var links = LinkTable()
    /// Bumped by every change of `layers`, to see whether a segue handler navigated by itself.
    var generation = 0

    /// Hears each time a scene's background work ends or presents: a screen may have changed outside an event.
    var onWorkEnded: (@MainActor () -> Void)?
    /// Errors background work threw and did not catch, to be shown as notices (`takeWorkFailure`).
    package var workFailures: [NavigationError] = []
    /// The work of shown scenes that is running (`Navigator+Work`).
    var busyWork: [ObjectIdentifier: SceneWork] = [:]

    /// The container scenes are built from (native functions are called through it).
    package var container: SceneContainer { assembler.container }

    package convenience init(container: SceneContainer, segues: [SegueDeclaration]) {
        self.init(container: container, segueTable: SegueTable(segues))
    }

    package init(container: SceneContainer, segueTable: SegueTable) {
        self.assembler = SceneAssembler(container: container)
        self.segues = segueTable
    }

    /// Takes every scene off the screen (their objects are freed), as when the app ends.
    package func closeAll() {
        // Each scene let go (a container with its slots); a deep link's scenes, built before, stay.
        for scene in layers.joined() { discard(scene) }
        layers = []
        layerSlots = []
        extras = [:]
        sceneCount = 0
        changedFrom = 0
    }

    /// The scene on screen.
    package var top: AssembledScene? { layers.last?.last }

    /// Where the user is, e.g. `Home › Detail`, modal stacks marked: `Home › ShowOrder › EditOrder (modal)`,
    /// and a container's open slot named: `Main › orders: OrderList › ShowOrder`.
    package var path: String {
        layers.enumerated().map { index, stack in
            let names = stack.map(\.name).joined(separator: " › ")
            if index == 0 { return names }
            if let slot = layerSlots[index] { return "\(slot): \(names)" }
            return "\(names) (modal)"
        }.joined(separator: " › ")
    }

    /// Shows `scene` as the root; it must take no input.
    package func start(at scene: String) throws {
        let root = try makeScene(scene, requestedBy: "the config's 'initial'")
        do { try root.accept(nil) } catch let error as SceneError {
            discard(root)
            throw NavigationError.routeFailed(from: "the config's 'initial'", to: scene, error)
        }
        root.display.viewDidLoad()
        show(root, style: .replace)
    }

    /// The screen on top: the top scene's own, inside the chrome of the containers it is shown in
    /// (`composedScreen`).
    package func screen() throws -> Screen {
        guard let top else { throw ContainerError.noScene }
        let own = top.display.render()
        return layerSlots.last.flatMap({ $0 }) == nil ? own : composedScreen(around: own)
    }

    /// Delivers a user event to the scene on top. A tap on a button whose id is a segue of
    /// that scene performs the segue; everything else goes to the ViewController.
    package func send(_ event: UserEvent) throws {
        guard let top else { throw ContainerError.noScene }
        if layerSlots.last.flatMap({ $0 }) != nil {
            // In a container: the tab bar, and the panes beside the focused one, are on screen too.
            let screen = try self.screen()
            try EventValidator.validate(event, on: screen, scene: top.name)
            if try sendToContainer(event, on: screen) { return }
        } else {
            try EventValidator.validate(event, on: top.display.render(), scene: top.name)
        }
        if case .tap(let button) = event, let segue = try segues.segues(from: top.name)?[button] {
            try perform(segue, from: top)
            return
        }
        do {
            try top.display.handle(event)
        } catch let error as any HostConcernError {
            throw error
        } catch {
            throw NavigationError.sceneFailed(scene: top.name, reason: FailureCause(error))
        }
    }

    /// The user's back: pops the top scene, or dismisses the top modal when it shows its root.
    /// The leaving scene's declared result goes to the scene shown next.
    package func back() throws {
        try leave(to: .previous)
    }

    /// Leaves the scene on top towards `target`, handing its result to the scene shown next.
    ///
    /// Everything is checked first — the target exists, the result fits what the next scene
    /// accepts — so on error the stack and every DataStore stay as they were. Going back from the
    /// first scene of a container's slot leaves the container (a slot's stack is never empty).
    package func leave(to target: BackTarget) throws {
        guard let top, layers.last != nil else { throw ContainerError.noScene }
        // Back from the first scene of a pane after the first: the focus goes to the pane before,
        // and every pane stays (a split view's detail, collapsed, goes back to its list).
        if target == .previous, layers[layers.count - 1].count == 1, let slot = layerSlots.last ?? nil,
            let container = layers[layers.count - 2].last, let state = containers[ObjectIdentifier(container)],
            state.kind == .pane, let index = state.index(of: slot), index > 0
        {
            select(slot: index - 1, ofContainerAt: layers.count - 2)
            return
        }
        let cut = try removal(for: target, top: top)
        let leaving = target == .previous ? layers[cut.layer][cut.position] : top
        let next = cut.position > 0 ? layers[cut.layer][cut.position - 1] : layers[cut.layer - 1].last
        guard let next else { throw NavigationError.cannotGoBack(scene: top.name) }
        let handedBack: ScenePayload?
        do {
            handedBack = try leaving.leavingResult()
            if let handedBack { try next.acceptResult(handedBack) }
        } catch let error as SceneError {
            throw NavigationError.returnFailed(from: leaving.name, to: next.name, error)
        }
        let place = self.place(ofLayer: cut.layer) + cut.position
        cutChain(layer: cut.layer, position: cut.position)
        if let handedBack { extras[ObjectIdentifier(next), default: SceneExtras()].results.append(handedBack) }
        changedFrom = min(changedFrom, max(0, place - 1))
        generation += 1
        if openTop() == 0 { next.display.viewWillAppear() }
    }

    /// Where `target` cuts the chain of stacks: the layer and the position in it of the first
    /// scene that goes (position 0: the whole layer goes), checked before anything changes.
    private func removal(for target: BackTarget, top: AssembledScene) throws -> (layer: Int, position: Int) {
        let last = layers.count - 1
        switch target {
        case .previous:
            var layer = last, position = layers[last].count - 1
            // The first scene of a slot: its container leaves, as the scene shown with it.
            while position == 0, layer > 0, layerSlots[layer] != nil {
                layer -= 1
                position = layers[layer].count - 1
            }
            guard position > 0 || layer > 0 else { throw NavigationError.cannotGoBack(scene: top.name) }
            return (layer, position)
        case .dismissModal:
            guard let modal = (1..<max(1, layers.count)).last(where: { layerSlots[$0] == nil }) else {
                throw NavigationError.notInModal(scene: top.name)
            }
            return (modal, 0)
        case .scene(let name):
            let stack = layers[last]
            guard let index = stack.dropLast().lastIndex(where: { $0.name == name }) else {
                throw NavigationError.noSceneBelow(scene: top.name, target: name, stack: stack.map(\.name))
            }
            return (last, index + 1)
        }
    }

    // MARK: SceneNavigating

    package func navigate(
        from source: RouterContext, to destination: String, style: NavigationStyle, payload: ScenePayload?
    ) throws {
        try navigate(
            from: source, to: destination, style: style,
            filling: { scene, sourceName in
                try pass(payload, into: scene, from: sourceName)
            })
    }

    /// When the destination declared exactly `Input`, the value is handed over as it is; when it
    /// declared another type (another plugin's), the value is converted into it without a payload
    /// tree (`AssembledScene.accept(converting:)`); otherwise, or when it does not fit, it is
    /// encoded and checked as a payload, whose error names the field.
    package func navigate<Input: Encodable>(
        from source: RouterContext, to destination: String, style: NavigationStyle, passing input: Input
    ) throws {
        try navigate(
            from: source, to: destination, style: style,
            filling: { scene, sourceName in
                try pass(value: input, into: scene, from: sourceName)
            })
    }

    /// Checks the route, builds the destination, lets `fill` pass data into its DataStore, then shows
    /// it: in `style`, or in `shownAs` (a route into a slot taken where there is no container).
    func navigate(
        from source: RouterContext, to destination: String, style: NavigationStyle,
        shownAs: NavigationStyle? = nil, filling fill: (AssembledScene, String) throws -> Void
    ) throws {
        let top = try onTop(source)
        guard top.declaresRoute(to: destination) else {
            throw NavigationError.routeNotDeclared(
                from: top.name, to: destination, declared: top.declaredDestinations,
                registered: assembler.container.sceneNames)
        }
        if let declared = top.declaredStyle(toward: destination), declared != style {
            throw NavigationError.routeStyleMismatch(
                from: top.name, to: destination, declared: declared, requested: style)
        }
        let scene = try makeScene(destination, requestedBy: top.name)
        do { try fill(scene, top.name) } catch {
            discard(scene)
            throw error
        }
        scene.display.viewDidLoad()
        show(scene, style: shownAs ?? style)
    }

    package func leave(from source: RouterContext, to target: BackTarget) throws {
        _ = try onTop(source)
        try leave(to: target)
    }

    // MARK: Segues

    /// Builds the destination, lets the source router's `routeTo<Destination>` handler pass
    /// data through the segue, then shows the destination.
    private func perform(_ declaration: SegueDeclaration, from source: AssembledScene) throws {
        let destination = try makeScene(declaration.to.value, requestedBy: source.name)
        do { try perform(declaration, from: source, to: destination) } catch {
            discard(destination)
            throw error
        }
    }

    private func perform(
        _ declaration: SegueDeclaration, from source: AssembledScene, to destination: AssembledScene
    ) throws {
        let segue = Segue(
            identifier: declaration.id, source: source.name, destination: destination, style: declaration.style)
        let before = generation
        do {
            try source.performRouteHandler(toward: destination.name, segue: segue)
        } catch let error as SceneError {
            throw NavigationError.routeFailed(from: source.name, to: destination.name, error)
        }
        // A handler that navigated by itself has done the segue's work.
        if generation != before {
            discard(destination)
            return
        }
        if let value = segue.passedValue {
            try pass(value: value, into: destination, from: source.name)
        } else {
            try pass(segue.encodedPayload(), into: destination, from: source.name)
        }
        destination.display.viewDidLoad()
        show(destination, style: declaration.style)
    }

    // MARK: State

    func onTop(_ context: RouterContext) throws -> AssembledScene {
        guard let top else { throw ContainerError.noScene }
        guard top.context === context else {
            throw NavigationError.notOnTop(scene: context.sceneName, top: top.name)
        }
        return top
    }

    /// Passes a value the source router gave as it is: handed over when it is of the declared type,
    /// converted when it is of another, encoded and checked when it cannot be converted.
    ///
    /// The scene keeps the value itself (encoded only when a record is taken), unless it is a
    /// class instance: the source could change it afterwards, so that is kept encoded.
    func pass<Input: Encodable>(value input: Input, into scene: AssembledScene, from source: String) throws {
        let valueType = type(of: input as Any)
        if ObjectIdentifier(valueType) == scene.inputType, scene.accept(exactly: input) {
            scene.keptInput = .value(input)
            return
        }
        if !(valueType is AnyClass), scene.accept(converting: input) {
            scene.keptInput = .value(input)
            return
        }
        let payload: ScenePayload
        do {
            payload = try ScenePayload(input)
        } catch let error as SceneError {
            throw NavigationError.routeFailed(from: source, to: scene.name, error)
        }
        try pass(payload, into: scene, from: source)
    }

    func pass(_ payload: ScenePayload?, into scene: AssembledScene, from source: String) throws {
        do {
            try scene.accept(payload)
        } catch let error as SceneError {
            throw NavigationError.routeFailed(from: source, to: scene.name, error)
        }
        if let payload { scene.keptInput = .payload(payload) }
    }

    /// Shows `scene` in `style`; a container shown opens its focused slot (`openTop`), unless
    /// `opening` is false (a restore opens slots from their records).
    package func show(_ scene: AssembledScene, style: NavigationStyle, opening: Bool = true) {
        switch style {
        case .push where !layers.isEmpty:
            layers[layers.count - 1].append(scene)
            sceneCount += 1
        case .present where !layers.isEmpty:
            layers.append([scene])
            layerSlots.append(nil)
            sceneCount += 1
        case .push, .present, .replace:
            for leaving in layers.joined() { discard(leaving) }
            layers = [[scene]]
            layerSlots = [nil]
            extras = [:]
            sceneCount = 1
            changedFrom = 0
        }
        changedFrom = min(changedFrom, sceneCount - 1)
        generation += 1
        watchWork(of: scene)
        if !opening || openTop() == 0 { scene.display.viewWillAppear() }
    }

    /// Takes off every scene from place `place` on (counted over all layers, from the bottom). A
    /// cut at the first scene of a slot takes its container too: a slot's stack is never empty.
    func dropFrom(_ place: Int) {
        var place = min(place, sceneCount)
        while place > 0, let (layer, position) = position(ofPlace: place), position == 0, layerSlots[layer] != nil {
            place -= 1
        }
        guard let (layer, position) = position(ofPlace: place) else { return }
        cutChain(layer: layer, position: position)
        generation += 1
        changedFrom = min(changedFrom, sceneCount)
    }
}
