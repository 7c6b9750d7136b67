import SceneSDK

/// Checks the config's scene names against what the plugins registered.
@MainActor
enum GraphValidator {
    /// Every problem, in file order.
    static func problems(in config: SceneConfig, container: SceneContainer) -> [HostError] {
        let registered = container.sceneNames
        var problems: [HostError] = []
        if container.blueprint(named: config.initial.value) == nil {
            problems.append(.unknownInitialScene(config.initial.location, scene: config.initial.value, registered: registered))
        }
        for segue in config.segues {
            for (field, name) in [("from", segue.from), ("to", segue.to)] where container.blueprint(named: name.value) == nil {
                problems.append(.unknownSegueScene(name.location, scene: name.value, field: field, segue: segue.id, registered: registered))
            }
        }
        return problems
    }

    /// Builds every registered scene once to check that its parts fit each other.
    static func wiringProblems(container: SceneContainer) -> [HostError] {
        let assembler = SceneAssembler(container: container)
        let probe = WiringProbeNavigator()
        var problems: [HostError] = []
        for name in container.sceneNames {
            do {
                _ = try assembler.assemble(name, requestedBy: "scene-host check", navigator: probe)
            } catch let error as HostError {
                problems.append(error)
            } catch {
                problems.append(.sceneFailed(scene: name, reason: String(describing: error)))
            }
        }
        return problems
    }
}

/// A navigator for scenes built only to be checked: they never navigate.
@MainActor
private final class WiringProbeNavigator: SceneNavigating {
    func navigate(from source: RouterContext, to destination: String, style: NavigationStyle, payload: ScenePayload?) throws {
        throw HostError.noScene
    }

    func leave(from source: RouterContext, to target: BackTarget) throws {
        throw HostError.noScene
    }
}
