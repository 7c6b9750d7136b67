import SceneSDK
import SceneHostContainer
import SceneHostCore
import SceneHostNavigation

/// Checks the config's scene names against what the plugins registered.
@MainActor
enum WiringCheck {
    /// Builds every registered scene once to check that its parts fit each other.
    static func problems(container: SceneContainer) -> [HostProblem] {
        problems(container: container, findings: [:], building: nil)
    }

    /// The problems of every registered scene, by name: a scene in `building` (every scene when
    /// nil) is built here once; any other is reported from what its probe found (`findings`),
    /// without loading its plugin, unless the probe could not tell (`needsHost`).
    /// `skipping`: scenes neither built nor reported here (a check child builds them).
    static func problems(
        container: SceneContainer, findings: [String: WiringFinding], building: Set<String>?,
        skipping: Set<String> = []
    ) -> [HostProblem] {
        let assembler = SceneAssembler(container: container)
        let probe = WiringProbeNavigator()
        var problems: [HostProblem] = []
        for name in container.sceneNames where !skipping.contains(name) {
            if let building, !building.contains(name), findings[name] != .needsHost {
                if let finding = findings[name], let problem = problem(finding, scene: name, container: container) {
                    problems.append(problem)
                }
                continue
            }
            do {
                _ = try assembler.assemble(name, requestedBy: "scene-host check", navigator: probe)
            } catch let error as any HostConcernError {
                problems.append(HostProblem(error))
            } catch {
                problems.append(
                    HostProblem(NavigationError.sceneFailed(scene: name, reason: .other(String(describing: error)))))
            }
        }
        return problems
    }

    /// The problem building `scene` here would report, from what its probe found.
    static func problem(_ finding: WiringFinding, scene: String, container: SceneContainer) -> HostProblem? {
        let plugin = container.plugin(registering: scene)
        switch finding {
        case .wiringMismatch(let part, let partType, let property, let expected):
            return HostProblem(
                ContainerError.wiringFailed(
                    scene: scene, plugin: plugin,
                    .wiringMismatch(
                        scene: scene, part: part, partType: partType, property: property, expected: expected)))
        case .settingRejected(let key, let reason):
            return HostProblem(ContainerError.settingRejected(scene: scene, plugin: plugin, key: key, reason: reason))
        case .failed(let description):
            return HostProblem(NavigationError.sceneFailed(scene: scene, reason: .other(description)))
        case .needsHost:
            return nil
        }
    }
}

/// A navigator for scenes built only to be checked: they never navigate.
@MainActor
private final class WiringProbeNavigator: SceneNavigating {
    func navigate(
        from source: RouterContext, to destination: String, style: NavigationStyle, payload: ScenePayload?
    ) throws {
        throw ContainerError.noScene
    }

    func leave(from source: RouterContext, to target: BackTarget) throws {
        throw ContainerError.noScene
    }

    func navigate(
        from source: RouterContext, to destination: String, inSlot slot: String, style: NavigationStyle,
        payload: ScenePayload?
    ) throws {
        throw ContainerError.noScene
    }

    func select(from source: RouterContext, slot: String) throws {
        throw ContainerError.noScene
    }
}
