import SceneSDK

/// Checks the config's scene names against what the plugins registered.
@MainActor
enum WiringCheck {
    /// Builds every registered scene once to check that its parts fit each other.
    static func problems(container: SceneContainer) -> [HostProblem] {
        let assembler = SceneAssembler(container: container)
        let probe = WiringProbeNavigator()
        var problems: [HostProblem] = []
        for name in container.sceneNames {
            do {
                _ = try assembler.assemble(name, requestedBy: "scene-host check", navigator: probe)
            } catch let error as any HostConcernError {
                problems.append(HostProblem(error))
            } catch {
                problems.append(.navigation(.sceneFailed(scene: name, reason: .other(String(describing: error)))))
            }
        }
        return problems
    }
}

/// A navigator for scenes built only to be checked: they never navigate.
@MainActor
private final class WiringProbeNavigator: SceneNavigating {
    func navigate(from source: RouterContext, to destination: String, style: NavigationStyle, payload: ScenePayload?) throws {
        throw ContainerError.noScene
    }

    func leave(from source: RouterContext, to target: BackTarget) throws {
        throw ContainerError.noScene
    }
}
