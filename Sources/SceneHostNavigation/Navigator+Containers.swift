@_spi(SceneHost) import SceneSDK
import SceneHostCore
import SceneHostContainer

/// Container scenes (`SceneDefinition.tab`, `.pane`): each slot a stack of its own, the focused
/// slot's stack open as a layer of the navigator (`ContainerState`), routing into and between slots.
///
/// A container's slots are built with it (every slot's initial scene, as a `UITabBarController`
/// builds its tabs' roots), and let go with it: every scene of every slot is then discarded (its
/// work cancelled, its parts freed). The invariant every operation keeps: the last scene of the
/// top layer is never a container, since a container shown opens its focused slot above it.
extension Navigator {
    // MARK: Building

    /// Builds the scene `name`; a container also gets each slot's initial scene, built, given no
    /// input and loaded. On error nothing is kept.
    func makeScene(_ name: String, requestedBy: String, nesting: Int = 0) throws -> AssembledScene {
        let scene = try assembler.assemble(name, requestedBy: requestedBy, navigator: self)
        let slots = scene.declaredSlots
        guard !slots.isEmpty else { return scene }
        var stacks: [[AssembledScene]] = []
        do {
            guard nesting < SceneRecord.maximumNesting else {
                throw NavigationError.containersTooDeep(scene: name, limit: SceneRecord.maximumNesting)
            }
            for slot in slots {
                let first = try makeScene(
                    slot.initial, requestedBy: "slot '\(slot.name)' of \(name)", nesting: nesting + 1)
                stacks.append([first])
                do { try first.accept(nil) } catch let error as SceneError {
                    throw NavigationError.routeFailed(from: name, to: slot.initial, error)
                }
                first.display.viewDidLoad()
                watchWork(of: first)
            }
        } catch {
            for built in stacks.joined() { discard(built) }
            throw error
        }
        containers[ObjectIdentifier(scene)] = ContainerState(slots: slots, stacks: stacks, focus: 0)
        return scene
    }

    /// Lets `scene` go: its work is cancelled and heard of no more, what the navigator kept of it
    /// is forgotten, and a container's kept slots go with it.
    func discard(_ scene: AssembledScene) {
        cancelWork(of: scene)
        if !extras.isEmpty { extras[ObjectIdentifier(scene)] = nil }
        if let state = containers.removeValue(forKey: ObjectIdentifier(scene)) {
            for kept in state.stacks.joined() { discard(kept) }
        }
    }

    // MARK: Opening and parking slots

    /// Opens the focused slot of the container on top (and of a container on top of that slot):
    /// its stack becomes the top layer. Returns how many scenes were opened; the new top appeared.
    ///
    /// A container of panes shown anew shows every pane: each pane's top appears too. `panesAppear`
    /// false: only the focus moved between the panes of the container on top, which stay shown.
    @discardableResult
    func openTop(panesAppear: Bool = true) -> Int {
        var opened = 0
        var outermost = true
        while let top = layers.last?.last, var state = containers[ObjectIdentifier(top)], !state.isOpen,
            !state.stacks[state.focus].isEmpty
        {
            if state.kind == .pane, panesAppear || !outermost {
                for index in state.stacks.indices where index != state.focus {
                    state.stacks[index].last?.display.viewWillAppear()
                }
            }
            outermost = false
            let stack = state.stacks[state.focus]
            state.stacks[state.focus] = []
            state.isOpen = true
            containers[ObjectIdentifier(top)] = state
            layers.append(stack)
            layerSlots.append(state.slots[state.focus].name)
            sceneCount += stack.count
            opened += stack.count
        }
        guard opened > 0 else { return 0 }
        // The container's record changed (its open slot is no longer kept in it).
        changedFrom = min(changedFrom, max(0, sceneCount - opened - 1))
        generation += 1
        layers.last?.last?.display.viewWillAppear()
        return opened
    }

    /// Keeps every open slot above layer `layer` back in its container, as it is.
    func park(above layer: Int) {
        while layers.count - 1 > layer {
            let open = layers.count - 1
            guard layerSlots[open] != nil, let owner = layers[open - 1].last,
                var state = containers[ObjectIdentifier(owner)]
            else { return }
            state.stacks[state.focus] = layers[open]
            state.isOpen = false
            containers[ObjectIdentifier(owner)] = state
            sceneCount -= layers[open].count
            layers.removeLast()
            layerSlots.removeLast()
        }
        changedFrom = min(changedFrom, max(0, sceneCount - 1))
        generation += 1
    }

    /// The containers shown with the top scene, innermost first: each with the layer it is the last scene of.
    func shownContainers() -> [(layer: Int, scene: AssembledScene)] {
        var shown: [(layer: Int, scene: AssembledScene)] = []
        var layer = layers.count - 1
        while layer > 0, layerSlots[layer] != nil, let owner = layers[layer - 1].last {
            shown.append((layer - 1, owner))
            layer -= 1
        }
        return shown
    }

    // MARK: Routing into slots

    package func navigate(
        from source: RouterContext, to destination: String, inSlot slot: String, style: NavigationStyle,
        payload: ScenePayload?
    ) throws {
        // A scene shown in no container is in one stack, as a split view collapsed on a narrow
        // screen: the route pushes onto it (UIKit's `showDetailViewController` does the same).
        if let top, top.context === source, shownContainers().isEmpty {
            guard style == .push || style == .replace else {
                throw NavigationError.slotStyleRefused(from: top.name, to: destination, slot: slot, style: style)
            }
            try navigate(
                from: source, to: destination, style: style, shownAs: .push,
                filling: { scene, sourceName in try pass(payload, into: scene, from: sourceName) })
            return
        }
        let target = try slotTarget(for: source, slot: slot)
        let from = target.source
        guard from.declaresRoute(to: destination) else {
            throw NavigationError.routeNotDeclared(
                from: from.name, to: destination, declared: from.declaredDestinations,
                registered: assembler.container.sceneNames)
        }
        if let declared = from.declaredStyle(toward: destination), declared != style {
            throw NavigationError.routeStyleMismatch(
                from: from.name, to: destination, declared: declared, requested: style)
        }
        guard style == .push || style == .replace else {
            throw NavigationError.slotStyleRefused(from: from.name, to: destination, slot: slot, style: style)
        }
        let scene = try makeScene(destination, requestedBy: from.name)
        do { try pass(payload, into: scene, from: from.name) } catch {
            discard(scene)
            throw error
        }
        scene.display.viewDidLoad()
        watchWork(of: scene)
        let container = layers[target.layer][layers[target.layer].count - 1]
        park(above: target.layer)
        guard var state = containers[ObjectIdentifier(container)] else { return }
        state.focus = target.slot
        if style == .replace {
            for old in state.stacks[target.slot] { discard(old) }
            state.stacks[target.slot] = [scene]
        } else {
            state.stacks[target.slot].append(scene)
        }
        containers[ObjectIdentifier(container)] = state
        openTop()
    }

    package func select(from source: RouterContext, slot: String) throws {
        let target = try slotTarget(for: source, slot: slot)
        select(slot: target.slot, ofContainerAt: target.layer)
    }

    /// Selects the tab (or focuses the pane) named `name` or titled so, of the innermost container
    /// shown that has one: the user's `tab NAME`, a tap on a tab bar.
    package func selectSlot(named name: String) throws {
        let shown = shownContainers()
        for (layer, container) in shown {
            guard let state = containers[ObjectIdentifier(container)] else { continue }
            if let index = state.index(of: name) ?? state.slots.firstIndex(where: { $0.title == name }) {
                select(slot: index, ofContainerAt: layer)
                return
            }
        }
        throw NavigationError.unknownSlot(
            scene: top?.name ?? "?", slot: name,
            available: shown.flatMap { containers[ObjectIdentifier($0.scene)]?.slots.map(\.name) ?? [] })
    }

    /// Shows slot `index` of the container that is the last scene of `layer`, as it was left.
    func select(slot index: Int, ofContainerAt layer: Int) {
        let container = layers[layer][layers[layer].count - 1]
        guard var state = containers[ObjectIdentifier(container)], state.focus != index || !state.isOpen else { return }
        park(above: layer)
        state = containers[ObjectIdentifier(container)] ?? state
        state.focus = index
        containers[ObjectIdentifier(container)] = state
        openTop(panesAppear: state.kind != .pane)
    }

    /// The container whose slot `slot` a router of `source` routes into or selects: the innermost
    /// container shown that has such a slot, among those `source` is in (or is). The source must
    /// be the scene on top, or a container shown with it.
    private func slotTarget(
        for source: RouterContext, slot: String
    ) throws -> (source: AssembledScene, layer: Int, slot: Int) {
        guard let top else { throw ContainerError.noScene }
        var shown = shownContainers()
        let from: AssembledScene
        if top.context === source {
            from = top
        } else if let index = shown.firstIndex(where: { $0.scene.context === source }) {
            from = shown[index].scene
            shown.removeFirst(index)
        } else {
            throw NavigationError.notOnTop(scene: source.sceneName, top: top.name)
        }
        for (layer, container) in shown {
            if let index = containers[ObjectIdentifier(container)]?.index(of: slot) {
                return (from, layer, index)
            }
        }
        throw NavigationError.unknownSlot(
            scene: from.name, slot: slot,
            available: shown.flatMap { containers[ObjectIdentifier($0.scene)]?.slots.map(\.name) ?? [] })
    }

    // MARK: The chain of stacks

    /// The place (counted over all layers, from the bottom) of layer `layer`'s first scene.
    func place(ofLayer layer: Int) -> Int {
        layers.prefix(layer).reduce(0) { $0 + $1.count }
    }

    /// The layer and position of place `place`, if a scene is there.
    func position(ofPlace place: Int) -> (layer: Int, position: Int)? {
        var left = place
        for (layer, stack) in layers.enumerated() {
            if left < stack.count { return (layer, left) }
            left -= stack.count
        }
        return nil
    }

    /// Takes off the scene at `position` of `layer` and every scene above it (position 0: the whole
    /// layer), discarding each.
    func cutChain(layer: Int, position: Int) {
        var removed = 0
        for index in stride(from: layers.count - 1, through: layer, by: -1) {
            let from = index == layer ? position : 0
            for scene in layers[index][from...] { discard(scene) }
            removed += layers[index].count - from
        }
        layers.removeSubrange((layer + 1)..<layers.count)
        layerSlots.removeSubrange((layer + 1)..<layerSlots.count)
        if position == 0 {
            layers.removeLast()
            layerSlots.removeLast()
        } else {
            layers[layer].removeSubrange(position...)
        }
        sceneCount -= removed
        // A container left last of its layer (its open slot cut) is closed again: it has no open slot now.
        if let last = layers.last?.last, var state = containers[ObjectIdentifier(last)], state.isOpen {
            state.isOpen = false
            containers[ObjectIdentifier(last)] = state
        }
    }
}
