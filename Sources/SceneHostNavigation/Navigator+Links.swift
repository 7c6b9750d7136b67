@_spi(SceneHost) import SceneSDK
import SceneHostCore
import SceneHostNative
import SceneHostContainer
import SceneHostConfig

/// Opening a deep link: a new stack from the initial scene to the linked scene.
extension Navigator {
    /// Matches `text` against the app's links (`links`) and opens it; a malformed or unknown link
    /// is a `LinkError`, and nothing changes.
    package func open(link text: String) throws {
        try open(try links.resolve(text))
    }

    /// Replaces every stack with the one `link` describes: the initial scene, the scenes on the
    /// declared route to the linked scene, then the linked scene with the input its link's function
    /// builds from the parameters.
    ///
    /// Every scene is built and given its input before anything is shown, so a failure (the function
    /// throws, a scene cannot be built) is `NavigationError.linkFailed`, a refusal of its function
    /// (`LinkRefusal`) `linkRefused`, and the session is as it was.
    package func open(_ link: LinkOpening) throws {
        guard !link.steps.isEmpty else {
            throw NavigationError.linkFailed(link: link.link, scene: link.scene, reason: "the link leads to no scene")
        }
        // Built first, shown after: `plan` holds how each later step is shown.
        var built: [AssembledScene] = []
        var plan: [LinkShowing] = []
        do {
            for (index, step) in link.steps.enumerated() {
                let isLast = index == link.steps.count - 1
                if index > 0, let slot = step.slot, let (container, slotIndex) = linkContainer(slot, in: built) {
                    let state = containers[ObjectIdentifier(container)]
                    // A slot's first scene, built with its container: the step selects the slot.
                    if !isLast, let state, state.slots[slotIndex].initial == step.scene,
                        !plan.contains(where: { $0.touches(container, slotIndex) }),
                        let existing = state.stacks[slotIndex].first
                    {
                        built.append(existing)
                        plan.append(.select(container: container, slot: slotIndex))
                        continue
                    }
                    let scene = try buildLinked(step, isLast: isLast, link: link)
                    built.append(scene)
                    plan.append(.slot(container: container, slot: slotIndex, scene: scene, style: step.style))
                    continue
                }
                let scene = try buildLinked(step, isLast: isLast, link: link)
                built.append(scene)
                // A route into a slot where no container has it pushes, as when it is taken.
                if index > 0 { plan.append(.show(scene, style: step.slot == nil ? step.style : .push)) }
            }
        } catch {
            for scene in built where !isInSomeContainer(scene) { discard(scene) }
            throw error
        }
        // The scenes shown before are let go; those just built (and their containers' slots) stay.
        closeAll()
        show(built[0], style: .replace)
        for showing in plan {
            switch showing {
            case .show(let scene, let style):
                show(scene, style: style)
            case .select(let container, let slot):
                guard let layer = layers.lastIndex(where: { $0.last === container }) else { continue }
                select(slot: slot, ofContainerAt: layer)
            case .slot(let container, let slot, let scene, let style):
                guard let layer = layers.lastIndex(where: { $0.last === container }),
                    var state = containers[ObjectIdentifier(container)]
                else { continue }
                park(above: layer)
                state = containers[ObjectIdentifier(container)] ?? state
                state.focus = slot
                if style == .replace {
                    for old in state.stacks[slot] { discard(old) }
                    state.stacks[slot] = [scene]
                } else {
                    state.stacks[slot].append(scene)
                }
                containers[ObjectIdentifier(container)] = state
                watchWork(of: scene)
                openTop()
            }
        }
    }

    /// How a deep link's step is shown once every scene is built.
    private enum LinkShowing {
        case show(AssembledScene, style: NavigationStyle)
        case select(container: AssembledScene, slot: Int)
        case slot(container: AssembledScene, slot: Int, scene: AssembledScene, style: NavigationStyle)

        func touches(_ container: AssembledScene, _ slot: Int) -> Bool {
            switch self {
            case .show: return false
            case .select(let other, let index), .slot(let other, let index, _, _):
                return other === container && index == slot
            }
        }
    }

    /// The innermost container among the scenes built so far with the slot `slot`, and its index.
    private func linkContainer(_ slot: String, in built: [AssembledScene]) -> (AssembledScene, Int)? {
        for scene in built.reversed() {
            if let index = containers[ObjectIdentifier(scene)]?.index(of: slot) { return (scene, index) }
        }
        return nil
    }

    /// Whether `scene` is kept in a container's slot (built with it, and let go with it).
    private func isInSomeContainer(_ scene: AssembledScene) -> Bool {
        containers.values.contains { state in state.stacks.contains { $0.contains { $0 === scene } } }
    }

    /// Builds the scene of `step`: the linked scene takes the link's input, every other none.
    private func buildLinked(_ step: LinkOpening.Step, isLast: Bool, link: LinkOpening) throws -> AssembledScene {
        let scene: AssembledScene
        do {
            scene = try makeScene(step.scene, requestedBy: "the link '\(link.link)'")
        } catch {
            throw NavigationError.linkFailed(link: link.link, scene: step.scene, reason: FailureCause(error))
        }
        do {
            if isLast {
                try scene.acceptLink(link.parameters, services: assembler.container)
            } else {
                try scene.accept(nil)
            }
            scene.display.viewDidLoad()
        } catch let refusal as LinkRefusal {
            discard(scene)
            throw NavigationError.linkRefused(link: link.link, scene: step.scene, message: refusal.message)
        } catch {
            discard(scene)
            throw NavigationError.linkFailed(link: link.link, scene: step.scene, reason: FailureCause(error))
        }
        return scene
    }
}
