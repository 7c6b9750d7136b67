@_spi(SceneHost) @testable import SceneHost
@_spi(SceneHost) import SceneSDK

/// Small in-process scenes for navigator and container tests: "A" and "C" take no input,
/// "B" takes `ProbeInput` into its DataStore's `value` and hands it back when it leaves; "A"
/// takes such a result back. A's and B's routers hand B a value through the `go` segue (handler
/// `routeToB`); C's router has no handler. Every scene declares routes to A, B, C and "Z"
/// (which no plugin registers).
struct ProbeInput: Codable { var value: Int }
struct WrongProbeInput: Codable { var value: String }
struct NoValueInput: Encodable { var other: Int }

@MainActor
protocol ProbeDataStore: AnyObject {
    var value: Int { get set }
}

final class ProbeInteractor: SceneInteractor<ProbePresenter>, ProbeDataStore {
    var value = 0
}

final class ProbePresenter: ScenePresenter<ProbeViewController> {}

final class ProbeViewController: SceneViewController<ProbeInteractor, ProbeRouter> {
    private(set) var loads = 0
    private(set) var appearances = 0

    override func viewDidLoad() { loads += 1 }
    override func viewWillAppear() { appearances += 1 }

    override func render() -> Screen {
        Screen(title: router?.context.sceneName ?? "?", elements: [
            .label(id: "value", text: "\(interactor?.value ?? -1)"),
            .textField(id: "name", placeholder: "name", text: ""),
            .button(id: "go", title: "Go"),
            .button(id: "code", title: "Go in code"),
            .list(id: "rows", rows: ["zero", "one"]),
        ])
    }

    override func handle(_ event: UserEvent) throws {
        if case .tap(button: "code") = event { try router?.routeToB(segue: nil) }
    }
}

final class ProbeRouter: SceneRouter<ProbeViewController, any ProbeDataStore> {
    /// What A passes to B; tests change it to provoke mismatches.
    var outgoing: any Encodable = ProbeInput(value: 42)
    /// The last segue its handler was given: a handler may keep one.
    var keptSegue: Segue?

    func routeToB(segue: Segue?) throws {
        keptSegue = segue
        try route(to: "B", segue: segue, passing: outgoing)
    }

    /// Typed passing inside one plugin, as the seed does it: the segue carries C's DataStore.
    func routeToC(segue: Segue?) throws {
        if let segue, var destination = segue.destinationDataStore as? any ProbeDataStore {
            passDataToC(source: dataStore, destination: &destination)
        }
        try route(to: "C", segue: segue)
    }

    private func passDataToC(source: (any ProbeDataStore)?, destination: inout any ProbeDataStore) {
        destination.value = (source?.value ?? 0) + 1
    }

    /// B hands its value back when it leaves.
    func valueBack() -> ProbeInput? {
        dataStore.map { ProbeInput(value: $0.value) }
    }
}

/// An interactor of the wrong type for ProbeViewController, for wiring errors.
final class StrayInteractor: SceneInteractor<ProbePresenter> {}

@MainActor
enum ProbeScenes {
    static let plugin = PluginReference(name: "ProbePlugin", path: "/probe/libProbe.so", location: SourceLocation(file: "probe.conf", line: 3, column: 1))

    static func definition(_ name: String, accepting: Bool = false, handlesB: Bool = true) -> SceneDefinition<ProbeViewController, ProbeInteractor, ProbePresenter, ProbeRouter> {
        var definition = SceneDefinition(name, viewController: ProbeViewController.init, interactor: { _ in ProbeInteractor() },
                                         presenter: ProbePresenter.init, router: ProbeRouter.init)
        definition = definition.route(to: "A").route(to: "C", handler: ProbeRouter.routeToC).route(to: "Z")
        definition = handlesB ? definition.route(to: "B", passing: ProbeInput.self, handler: ProbeRouter.routeToB) : definition.route(to: "B", passing: ProbeInput.self)
        guard accepting else { return definition }
        return definition.accepting(ProbeInput.self) { dataStore, input in dataStore?.value = input.value }
    }

    /// A container with scenes A (accepts B's result), B (takes input, returns its value) and C.
    static func container() throws -> SceneContainer {
        let container = SceneContainer()
        let registry = PluginScopedRegistry(plugin: plugin)
        try registry.register(definition("A").acceptingResult(ProbeInput.self) { dataStore, result in dataStore?.value = result.value })
        try registry.register(definition("B", accepting: true).returning(ProbeInput.self, via: ProbeRouter.valueBack))
        try registry.register(definition("C", handlesB: false))
        try registry.commit(into: container)
        return container
    }

    static func segue(from: String, id: String, to: String, style: NavigationStyle = .push) -> SegueDeclaration {
        let location = SourceLocation(file: "probe.conf", line: 10, column: 1)
        return SegueDeclaration(from: Located(value: from, location: location), id: id,
                                to: Located(value: to, location: location), style: style, location: location)
    }

    /// A navigator over `container()` showing A, with the segue A.go -> B.
    static func navigator(segues: [SegueDeclaration] = [segue(from: "A", id: "go", to: "B")]) throws -> Navigator {
        let navigator = Navigator(container: try container(), segues: segues)
        try navigator.start(at: "A")
        return navigator
    }
}

extension AssembledScene {
    /// The `value` of a probe scene's DataStore.
    var probeValue: Int? { (currentDataStore as? any ProbeDataStore)?.value }
}
