@_spi(SceneHost) import SceneSDK
import SceneHostContainer

/// What the navigator keeps of a scene besides its input (`AssembledScene.keptInput`): the results
/// handed back to it, its last screen's input values and filled secrets, and the state its DataStore
/// kept (`KeepsState`) when its record was last taken. Only scenes that have any have an entry.
struct SceneExtras {
    package var results: [ScenePayload] = []
    package var fields: [SceneRecord.FieldText] = []
    package var secrets: [String] = []
    package var state: ScenePayload?
    /// The title its screen showed when it was last on top, or when its title was first asked for
    /// (`title(of:)`): what the user sees it called, never its type name.
    package var title: String?
}

/// The host's memory of a navigator's stacks (`SceneRecord`), and building the stacks again from it.
extension Navigator {
    /// Every scene's record, bottom to top over all layers.
    package func records() -> [SceneRecord] {
        var records: [SceneRecord] = []
        for (index, stack) in layers.enumerated() {
            for (position, scene) in stack.enumerated() {
                records.append(
                    record(of: scene, opensLayer: index > 0 && position == 0, slot: slot(at: index, position)))
            }
        }
        return records
    }

    /// The records that changed since the last call: the first `keep` records of the last answer
    /// stand, `changed` replace everything after them. `topScreen` (the screen just rendered)
    /// gives the top scene's field values.
    package func takeRecordChanges(topScreen: Screen?) -> (keep: Int, changed: [SceneRecord], titles: [String]) {
        if var topScreen, let top {
            // In a container the screen shown is composed (`composedScreen`): the record keeps the top scene's own.
            if layerSlots.last.flatMap({ $0 }) != nil { topScreen = top.display.render() }
            let fields = SceneRecord.fields(of: topScreen), secrets = SceneRecord.filledSecrets(of: topScreen)
            // An event changes what the top scene's DataStore keeps without changing its record otherwise.
            let state = Self.keptState(of: top)
            var known = extras[ObjectIdentifier(top)] ?? SceneExtras()
            if known.fields != fields || known.secrets != secrets || known.state != state
                || known.title != topScreen.title
            {
                (known.fields, known.secrets, known.state) = (fields, secrets, state)
                known.title = topScreen.title
                extras[ObjectIdentifier(top)] = known
                changedFrom = min(changedFrom, sceneCount - 1)
            }
        }
        let keep = min(changedFrom, sceneCount)
        var changed: [SceneRecord] = []
        var titles: [String] = []
        // Only the scenes from `keep` on: whole stacks below it are skipped, never walked, so a
        // command on a deep stack costs what changed (a script of thousands of pushes stays linear).
        var place = 0
        for index in layers.indices {
            let count = layers[index].count
            defer { place += count }
            guard place + count > keep else { continue }
            for position in max(0, keep - place)..<count {
                let scene = layers[index][position]
                // A value handed over as it is gets encoded once, now, and kept encoded.
                if case .value = scene.keptInput, let payload = Self.encoded(scene.keptInput) {
                    scene.keptInput = .payload(payload)
                }
                changed.append(
                    record(of: scene, opensLayer: index > 0 && position == 0, slot: slot(at: index, position)))
                titles.append(title(of: scene))
            }
        }
        changedFrom = sceneCount
        return (keep, changed, titles)
    }

    /// Every scene's title, bottom to top over all layers (`title(of:)`).
    package func titles() -> [String] {
        layers.flatMap { $0.map(title(of:)) }
    }

    /// The title `scene` shows: the one it last showed on top, else (a scene under a deep link's
    /// screen, or built again below the top) its screen's title, rendered once and kept. One name
    /// per screen wherever it is named (a breadcrumb, a notice), never its type name.
    private func title(of scene: AssembledScene) -> String {
        if let title = extras[ObjectIdentifier(scene)]?.title { return title }
        let title = scene.display.render().title
        extras[ObjectIdentifier(scene), default: SceneExtras()].title = title
        return title
    }

    /// The slot whose stack the scene at `position` of layer `layer` opens, if it opens one.
    private func slot(at layer: Int, _ position: Int) -> String? {
        layer > 0 && position == 0 ? layerSlots[layer] : nil
    }

    /// `scene`'s record; a container's holds its focus and each slot's kept stack.
    private func record(of scene: AssembledScene, opensLayer: Bool, slot: String? = nil) -> SceneRecord {
        let extra = extras[ObjectIdentifier(scene)]
        var record = SceneRecord(
            name: scene.name, opensLayer: opensLayer, input: Self.encoded(scene.keptInput),
            results: extra?.results ?? [], fields: extra?.fields ?? [], state: Self.keptState(of: scene),
            secrets: extra?.secrets ?? [], slot: slot)
        if let state = containers[ObjectIdentifier(scene)] {
            record.focus = state.slots[state.focus].name
            record.slots = zip(state.slots, state.stacks).map { slot, stack in
                SceneRecord.SlotRecord(name: slot.name, scenes: stack.map { self.record(of: $0, opensLayer: false) })
            }
        }
        return record
    }

    /// What the scene's DataStore keeps (`KeepsState`), encoded now; nil when it keeps nothing, or
    /// its state cannot be encoded (then a restore builds it without, and says so).
    private static func keptState(of scene: AssembledScene) -> ScenePayload? {
        (scene.interactor as? any KeepsState)?.encodedKeptState()
    }

    /// The input as a payload. A value that cannot be encoded (its `encode(to:)` throws) is kept as
    /// no input: building the scene again from it then fails, and a restore cuts the stack below it.
    private static func encoded(_ input: KeptInput) -> ScenePayload? {
        switch input {
        case .none: return nil
        case .payload(let payload): return payload
        case .value(let value): return try? ScenePayload(value)
        }
    }

    /// Gives `scene`'s DataStore the state it kept; one that no longer takes it (it stopped keeping
    /// state, or a new build changed its type) is built without it, and the user is told so.
    private func restoreState(_ state: ScenePayload, of scene: AssembledScene) {
        guard let keeper = scene.interactor as? any KeepsState else {
            workFailures.append(.stateNotKept(scene: scene.name, reason: "its DataStore no longer keeps state"))
            return
        }
        do {
            try keeper.restoreKeptState(state)
        } catch {
            workFailures.append(
                .stateNotKept(scene: scene.name, reason: "what it kept no longer reads as its KeptState (\(error))"))
        }
    }

    /// How a restore ended: how many scenes stand again, and the error that stopped it early.
    package struct RestoreOutcome {
        package let restored: Int
        package let failure: (scene: String, error: any Error)?
    }

    /// Builds the stacks of `records` again, bottom to top, replacing whatever is shown: each scene
    /// gets its input, then its results in order, is loaded, gets its inputs' values back as events
    /// (`SceneRecord.event(restoring:on:)`; a secure field stays empty), and is shown. A container gets
    /// each slot's kept stack back, built the same way, and its focus; the records from the one that
    /// opens its slot (`SceneRecord.slot`) are its open slot's stack. `progress` hears each place
    /// before its scene is built (a crash there is then known).
    ///
    /// A scene that fails stops the restore: the scenes below it stay, it and those above are
    /// dropped (a container with any scene of its slots), and `failure` says why. With no scene
    /// restored the navigator shows nothing.
    package func restore(_ records: [SceneRecord], progress: (Int) -> Void = { _ in }) -> RestoreOutcome {
        closeAll()
        for (place, record) in records.enumerated() {
            progress(place)
            do {
                let scene = try rebuild(record, nesting: 0)
                if place > 0, let slot = record.slot {
                    try openRestored(slot: slot, with: scene)
                } else {
                    let style: NavigationStyle = place == 0 ? .replace : record.opensLayer ? .present : .push
                    if style == .push, let below = layers.last?.last, containers[ObjectIdentifier(below)] != nil {
                        // A scene pushed over a container in its own stack: no navigation makes that.
                        discard(scene)
                        throw RestoreMismatch(reason: "it is pushed over the container \(below.name)")
                    }
                    // `.replace` starts the extras afresh: the rebuilt scenes' own are kept.
                    let kept = extras
                    show(scene, style: style, opening: false)
                    extras.merge(kept) { _, rebuilt in rebuilt }
                }
            } catch {
                dropFrom(place)
                closeEmptySlots()
                return RestoreOutcome(restored: place, failure: (record.name, error))
            }
        }
        closeEmptySlots()
        return RestoreOutcome(restored: records.count, failure: nil)
    }

    /// A record that does not fit where it stands (forged, or written by another build).
    struct RestoreMismatch: Error, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }

    /// Builds the scene of `record` (not shown yet), and a container's kept slots with it; on error
    /// nothing built is kept.
    private func rebuild(_ record: SceneRecord, nesting: Int) throws -> AssembledScene {
        let scene = try assembler.assemble(record.name, requestedBy: "the restore of the stack", navigator: self)
        do {
            try scene.accept(record.input)
            scene.keptInput = record.input.map { .payload($0) } ?? .none
            scene.display.viewDidLoad()
            for result in record.results { try scene.acceptResult(result) }
            if let state = record.state { restoreState(state, of: scene) }
            let hasExtras =
                !record.results.isEmpty || !record.fields.isEmpty || !record.secrets.isEmpty || record.state != nil
            if hasExtras {
                extras[ObjectIdentifier(scene)] = SceneExtras(
                    results: record.results, fields: record.fields, secrets: record.secrets, state: record.state)
            }
            watchWork(of: scene)
            let screen = scene.display.render()
            for field in record.fields {
                guard let event = SceneRecord.event(restoring: field, on: screen) else { continue }
                try scene.display.handle(event)
            }
            // No record holds a secret: a user who had typed one is told its field is empty again.
            let secrets = screen.allElements.compactMap { element -> String? in
                guard case .secureField(let id, let label, _, _) = element, record.secrets.contains(id) else {
                    return nil
                }
                return label.isEmpty ? id : label
            }
            if !secrets.isEmpty { workFailures.append(.secretsNotKept(scene: record.name, fields: secrets)) }
            try rebuildSlots(of: scene, from: record, nesting: nesting)
        } catch {
            discard(scene)
            throw error
        }
        return scene
    }

    /// Gives the container `scene` its slots back from `record`: each declared slot its kept stack
    /// (a slot the record does not hold, added by a newer build, its initial scene), and the focus.
    /// The focused slot's stack is empty when the record's chain holds it (it was open).
    private func rebuildSlots(of scene: AssembledScene, from record: SceneRecord, nesting: Int) throws {
        let slots = scene.declaredSlots
        guard !slots.isEmpty else { return }
        guard nesting < SceneRecord.maximumNesting else {
            throw NavigationError.containersTooDeep(scene: scene.name, limit: SceneRecord.maximumNesting)
        }
        let focus = record.focus.flatMap { name in slots.firstIndex { $0.name == name } } ?? 0
        // A new build that no longer declares a slot the record kept: what it showed is gone, and the
        // user is told (as for kept state that no longer reads), never left to find it missing.
        let declared = Set(slots.map(\.name))
        let gone = record.slots.map(\.name).filter { !declared.contains($0) }
        if !gone.isEmpty {
            workFailures.append(
                .stateNotKept(
                    scene: scene.name,
                    reason:
                        "it no longer has the slot\(gone.count == 1 ? "" : "s") \(gone.joined(separator: ", ")) it showed"
                ))
        }
        var stacks: [[AssembledScene]] = []
        do {
            for (index, slot) in slots.enumerated() {
                let kept = record.slots.first { $0.name == slot.name }?.scenes ?? []
                var stack: [AssembledScene] = []
                stacks.append(stack)
                for sceneRecord in kept {
                    stack.append(try rebuild(sceneRecord, nesting: nesting + 1))
                    stacks[index] = stack
                }
                if kept.isEmpty, index != focus || record.focus == nil {
                    let first = try makeScene(
                        slot.initial, requestedBy: "slot '\(slot.name)' of \(scene.name)", nesting: nesting + 1)
                    stacks[index] = [first]
                    try first.accept(nil)
                    first.display.viewDidLoad()
                    watchWork(of: first)
                }
            }
        } catch {
            for built in stacks.joined() { discard(built) }
            throw error
        }
        containers[ObjectIdentifier(scene)] = ContainerState(slots: slots, stacks: stacks, focus: focus)
    }

    /// Opens the focused slot `slot` of the container on top with `scene` as its first scene.
    private func openRestored(slot: String, with scene: AssembledScene) throws {
        guard let container = layers.last?.last, var state = containers[ObjectIdentifier(container)],
            !state.isOpen, state.slots[state.focus].name == slot, state.stacks[state.focus].isEmpty
        else {
            discard(scene)
            throw RestoreMismatch(
                reason: "it opens the slot '\(slot)', which is not the focused slot of the scene below")
        }
        state.isOpen = true
        containers[ObjectIdentifier(container)] = state
        layers.append([scene])
        layerSlots.append(slot)
        sceneCount += 1
        changedFrom = min(changedFrom, sceneCount - 1)
        generation += 1
        scene.display.viewWillAppear()
    }

    /// After a restore: a container on top whose open slot the records did not hold (cut, or never
    /// written) gets that slot's initial scene, and is opened.
    private func closeEmptySlots() {
        // Panes beside the focused one are shown too: their scenes appear as the restored top does.
        for (_, container) in shownContainers() {
            guard let state = containers[ObjectIdentifier(container)], state.kind == .pane else { continue }
            for index in state.stacks.indices where index != state.focus {
                state.stacks[index].last?.display.viewWillAppear()
            }
        }
        guard let top = layers.last?.last, var state = containers[ObjectIdentifier(top)] else { return }
        if state.stacks[state.focus].isEmpty {
            let slot = state.slots[state.focus]
            guard let first = try? makeScene(slot.initial, requestedBy: "slot '\(slot.name)' of \(top.name)") else {
                return
            }
            guard (try? first.accept(nil)) != nil else {
                discard(first)
                return
            }
            first.display.viewDidLoad()
            watchWork(of: first)
            state.stacks[state.focus] = [first]
            state.isOpen = false
            containers[ObjectIdentifier(top)] = state
        }
        openTop()
    }
}
