@_spi(SceneHost) import SceneSDK
@testable import SceneHostCore
@testable import SceneHostContainer
@testable import SceneHostConfig
@testable import SceneHostNavigation

/// Small in-process scenes for navigator and container tests: "A" and "C" take no input,
/// "B" takes `ProbeInput` into its DataStore's `value` and hands it back when it leaves; "A"
/// takes such a result back. A's and B's routers hand B a value through the `go` segue (handler
/// `routeToB`); C's router has no handler. Every scene declares routes to A, B, C and "Z"
/// (which no plugin registers).
package struct ProbeInput: Codable {
    package var value: Int
    package init(value: Int) { self.value = value }
}

package struct WrongProbeInput: Codable {
    package var value: String
    package init(value: String) { self.value = value }
}

package struct NoValueInput: Encodable {
    package var other: Int
    package init(other: Int) { self.other = other }
}

@MainActor
package protocol ProbeDataStore: AnyObject {
    var value: Int { get set }
}

// Clean Swift's protocols between the parts: the parts' generic arguments name protocols, not each
// other's classes. Classes that name each other in a cycle of generic superclasses crash the Swift
// 6.3 compiler when another module reads them (swiftlang/swift#70625); these scenes are used by
// several test targets.
@MainActor
package protocol ProbeBusinessLogic: AnyObject {
    var value: Int { get }
}

@MainActor
package protocol ProbePresentationLogic: AnyObject {}

@MainActor
package protocol ProbeDisplayLogic: AnyObject {}

@MainActor
package protocol ProbeRoutingLogic: AnyObject {
    var context: RouterContext { get }
    func routeToB(segue: Segue?) throws
}

package final class ProbeInteractor: SceneInteractor<any ProbePresentationLogic>, ProbeBusinessLogic, ProbeDataStore {
    package var value = 0
}

package final class ProbePresenter: ScenePresenter<any ProbeDisplayLogic>, ProbePresentationLogic {}

package final class ProbeViewController: SceneViewController<any ProbeBusinessLogic, any ProbeRoutingLogic>,
    ProbeDisplayLogic
{
    package private(set) var loads = 0
    package private(set) var appearances = 0

    package override func viewDidLoad() { loads += 1 }
    package override func viewWillAppear() { appearances += 1 }

    package override func render() -> Screen {
        Screen(
            title: router?.context.sceneName ?? "?",
            elements: [
                .label(id: "value", text: "\(interactor?.value ?? -1)"),
                .textField(id: "name", placeholder: "name", text: ""),
                .button(id: "go", title: "Go"),
                .button(id: "code", title: "Go in code"),
                .list(id: "rows", rows: ["zero", "one"]),
            ])
    }

    package override func handle(_ event: UserEvent) throws {
        if case .tap(button: "code") = event { try router?.routeToB(segue: nil) }
    }
}

package final class ProbeRouter: SceneRouter<ProbeViewController, any ProbeDataStore>, ProbeRoutingLogic {
    /// What A passes to B; tests change it to provoke mismatches.
    package var outgoing: any Encodable = ProbeInput(value: 42)
    /// The last segue its handler was given: a handler may keep one.
    package var keptSegue: Segue?

    package func routeToB(segue: Segue?) throws {
        keptSegue = segue
        try route(to: "B", segue: segue, passing: outgoing)
    }

    /// Typed passing inside one plugin, as the seed does it: the segue carries C's DataStore.
    package func routeToC(segue: Segue?) throws {
        if let segue, var destination = segue.destinationDataStore as? any ProbeDataStore {
            passDataToC(source: dataStore, destination: &destination)
        }
        try route(to: "C", segue: segue)
    }

    private func passDataToC(source: (any ProbeDataStore)?, destination: inout any ProbeDataStore) {
        destination.value = (source?.value ?? 0) + 1
    }

    /// B hands its value back when it leaves.
    package func valueBack() -> ProbeInput? {
        dataStore.map { ProbeInput(value: $0.value) }
    }
}

/// An interactor of the wrong type for ProbeViewController, for wiring errors.
package final class StrayInteractor: SceneInteractor<any ProbePresentationLogic> {}

@MainActor
package enum ProbeScenes {
    package static let plugin = PluginReference(
        name: "ProbePlugin", path: "/probe/libProbe.so",
        location: SourceLocation(file: "probe.conf", line: 3, column: 1))

    package static func definition(
        _ name: String, accepting: Bool = false, handlesB: Bool = true
    ) -> SceneDefinition<ProbeViewController, ProbeInteractor, ProbePresenter, ProbeRouter> {
        var definition = SceneDefinition(
            name, viewController: ProbeViewController.init, interactor: { _ in ProbeInteractor() },
            presenter: ProbePresenter.init, router: ProbeRouter.init)
        definition = definition.route(to: "A").route(to: "C", handler: ProbeRouter.routeToC).route(to: "Z")
        definition =
            handlesB
            ? definition.route(to: "B", passing: ProbeInput.self, handler: ProbeRouter.routeToB)
            : definition.route(to: "B", passing: ProbeInput.self)
        guard accepting else { return definition }
        return definition.accepting(ProbeInput.self) { dataStore, input in dataStore?.value = input.value }
    }

    /// A container with scenes A (accepts B's result), B (takes input, returns its value) and C.
    package static func container() throws -> SceneContainer {
        let container = SceneContainer()
        let registry = PluginScopedRegistry(plugin: plugin)
        try registry.register(
            definition("A").acceptingResult(ProbeInput.self) { dataStore, result in dataStore?.value = result.value })
        try registry.register(definition("B", accepting: true).returning(ProbeInput.self, via: ProbeRouter.valueBack))
        try registry.register(definition("C", handlesB: false))
        try registry.commit(into: container)
        return container
    }

    package static func segue(from: String, id: String, to: String, style: NavigationStyle = .push) -> SegueDeclaration
    {
        let location = SourceLocation(file: "probe.conf", line: 10, column: 1)
        return SegueDeclaration(
            from: Located(value: from, location: location), id: id,
            to: Located(value: to, location: location), style: style, location: location)
    }

    /// A navigator over `container()` showing A, with the segue A.go -> B.
    package static func navigator(
        segues: [SegueDeclaration] = [segue(from: "A", id: "go", to: "B")]
    ) throws -> Navigator {
        let navigator = Navigator(container: try container(), segues: segues)
        try navigator.start(at: "A")
        return navigator
    }
}

extension AssembledScene {
    /// The `value` of a probe scene's DataStore.
    package var probeValue: Int? { (currentDataStore as? any ProbeDataStore)?.value }
}
