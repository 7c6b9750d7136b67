import Testing
@_spi(SceneHost) import SceneSDK
import SceneTestSupport

/// `SceneBlueprint`: the declaration it computes from a definition, and the wiring the plugin's
/// inlined code runs, which names each part by `ScenePart`'s raw value spelled out.
@MainActor
@Suite("SceneBlueprint")
struct SceneBlueprintTests {
    /// Keeps what a plugin registers.
    final class Collector: SceneRegistry {
        var blueprints: [SceneBlueprint] = []
        func register(_ blueprint: SceneBlueprint) throws { blueprints.append(blueprint) }
        func registerService(_ type: Any.Type, factory: @escaping @MainActor (any ServiceResolving) throws -> Any) {}
    }

    /// Takes every navigation and does nothing: wiring only attaches the router to it.
    final class IdleNavigator: SceneNavigating {
        func navigate(
            from source: RouterContext, to destination: String, style: NavigationStyle, payload: ScenePayload?
        ) throws {}
        func navigate<Input: Encodable>(
            from source: RouterContext, to destination: String, style: NavigationStyle, passing input: Input
        ) throws {}
        func leave(from source: RouterContext, to target: BackTarget) throws {}
        func navigate(
            from source: RouterContext, to destination: String, inSlot slot: String, style: NavigationStyle,
            payload: ScenePayload?
        ) throws {}
        func select(from source: RouterContext, slot: String) throws {}
    }

    final class Stray {}

    final class NoServices: ServiceResolving {
        func resolve<Service>(_ type: Service.Type) throws -> Service {
            throw SceneError.serviceNotRegistered(service: "\(type)", registered: [])
        }
        func nativeFunction(named name: String, returns: String, parameters: [String]) throws -> NativeCall? { nil }
    }

    func blueprint() throws -> SceneBlueprint {
        let collector = Collector()
        try collector.register(
            ProbeScenes.definition("B", accepting: true).returning(ProbeInput.self, via: ProbeRouter.valueBack))
        return try #require(collector.blueprints.first)
    }

    @Test("the declaration is computed from the definition")
    func declaration() throws {
        let declared = try blueprint().declared
        #expect(declared.name == "B")
        #expect(declared.input?.typeName == "ProbeInput")
        #expect(declared.returnedResult?.typeName == "ProbeInput")
        #expect(declared.acceptedResult == nil)
        #expect(declared.routes.map(\.destination) == ["A", "C", "Z", "B"])
        #expect(declared.routes.map(\.handlerName) == [nil, "routeToC", nil, "routeToB"])
    }

    @Test("a part of the wrong class is named by its ScenePart, and nothing is wired", arguments: ScenePart.allCases)
    func mismatchNamesThePart(_ part: ScenePart) throws {
        let blueprint = try blueprint()
        var parts: [ScenePart: AnyObject] = [:]
        for each in ScenePart.allCases {
            let factory = try #require(blueprint.factories[each])
            parts[each] = try factory(NoServices())
        }
        parts[part] = Stray()
        let viewController = try #require(parts[.viewController])
        do {
            _ = try blueprint.assemble(
                viewController: viewController, interactor: try #require(parts[.interactor]),
                presenter: try #require(parts[.presenter]), router: try #require(parts[.router]),
                navigator: IdleNavigator())
            Issue.record("a \(part) of the wrong class was wired")
        } catch SceneError.wiringMismatch(
            scene: "B", part: let named, partType: "Stray", property: "factory result", expected: _)
        {
            #expect(named == part.rawValue)
        }
        if let probe = viewController as? ProbeViewController {
            #expect(probe.interactor == nil, "the ViewController was wired although a part did not fit")
        }
    }

    @Test("a built scene answers from its blueprint: routes, input, result")
    func builtScene() throws {
        let scene = try blueprint().build(resolver: NoServices(), navigator: IdleNavigator())
        #expect(scene.name == "B")
        #expect(scene.declaredDestinations == ["A", "B", "C", "Z"])
        #expect(scene.declaresRoute(to: "C") && !scene.declaresRoute(to: "Q"))
        #expect(!scene.accept(exactly: WrongProbeInput(value: "7")))
        #expect(scene.accept(exactly: ProbeInput(value: 7)))
        #expect((scene.currentDataStore as? ProbeInteractor)?.value == 7)
        #expect(try scene.leavingResult()?.value == .object(["value": .int(7)]))
    }
}
