import SceneSDK
import SceneTesting
import Testing
import SceneTestSupport

/// The testing kit on the probe scenes (Support/ProbeScenes.swift): A routes to B in code
/// ("code" button) and by segue handler (`routeToB`), B takes a `ProbeInput` and hands its value
/// back, A takes such a result back.
@MainActor
@Suite struct SceneTestKitTests {
    private let passed: PayloadValue = .object(["value": .int(42)])

    private func kit(
        _ definitions: SceneDefinition<ProbeViewController, ProbeInteractor, ProbePresenter, ProbeRouter>...
    ) throws -> SceneTestKit {
        let kit = SceneTestKit()
        for definition in definitions { try kit.load(definition) }
        return kit
    }

    private var sceneA: SceneDefinition<ProbeViewController, ProbeInteractor, ProbePresenter, ProbeRouter> {
        ProbeScenes.definition("A").acceptingResult(ProbeInput.self) { dataStore, result in
            dataStore?.value = result.value
        }
    }

    private var sceneB: SceneDefinition<ProbeViewController, ProbeInteractor, ProbePresenter, ProbeRouter> {
        ProbeScenes.definition("B", accepting: true).returning(ProbeInput.self, via: ProbeRouter.valueBack)
    }

    @Test func aRouterThatRoutesInCodeIsRecordedWithItsPayload() throws {
        let kit = try kit(sceneA)
        try kit.start("A")
        try kit.tap("code")
        #expect(
            kit.routes == [
                RecordedRoute(destination: "B", style: .push, payload: passed, payloadType: "ProbeInput", segue: nil)
            ])
        #expect(try kit.routes[0].payload(as: ProbeInput.self).value == 42)
    }

    /// A plugin whose scene adds its `start` setting to the value it is given.
    private enum StartSettingPlugin: ScenePlugin {
        static let name = "StartSetting"
        static let version = "1.0.0"
        static let settings: [SettingDeclaration] = [.integer("start", help: "added to the input")]

        static func register(in registry: any SceneRegistry) throws {
            let start = registry.settings.integer("start") ?? -100
            try registry.register(
                ProbeScenes.definition("G").accepting(ProbeInput.self) { dataStore, input in
                    dataStore?.value = start + input.value
                })
        }
    }

    @Test func settingsGivenToTheKitReachThePluginAsTheHostHandsThem() throws {
        let kit = SceneTestKit(settings: PluginSettings(["start": .integer(40)], baseDirectory: "/srv/app"))
        try kit.load(StartSettingPlugin.self)
        try kit.start("G", input: ProbeInput(value: 2))
        #expect(try kit.element("value") == .label(id: "value", text: "42"))
        let plain = SceneTestKit()
        try plain.load(StartSettingPlugin.self)
        try plain.start("G", input: ProbeInput(value: 2))
        #expect(try plain.element("value") == .label(id: "value", text: "-98"))
    }

    @Test func aRouterBuiltByHandStillThrowsRouterNotAttached() {
        // What the kit replaces: without a navigator, routing in code cannot be tested.
        #expect(throws: SceneError.routerNotAttached(router: "ProbeRouter")) { try ProbeRouter().routeToB(segue: nil) }
    }

    @Test func aDeclaredSegueCallsTheRouterHandlerAndRecordsWhatItPassed() throws {
        let kit = try kit(sceneA)
        kit.declareSegue("go", to: "B", style: .present)
        try kit.start("A")
        try kit.tap("go")
        #expect(
            kit.routes == [
                RecordedRoute(
                    destination: "B", style: .present, payload: passed, payloadType: "ProbeInput", segue: "go")
            ])
    }

    @Test func theInputIsCheckedAgainstTheDeclaredContract() throws {
        let kit = try kit(sceneB)
        try kit.start("B", input: ProbeInput(value: 7))
        #expect(try kit.text("value") == "7")
        #expect(throws: SceneError.missingInput(scene: "B", inputType: "ProbeInput")) { try kit.start("B") }
        #expect { try kit.start("B", input: WrongProbeInput(value: "seven")) } throws: { error in
            guard
                case SceneError.contractMismatch(scene: "B", contract: .input, type: "ProbeInput", _)? = error
                    as? SceneError
            else { return false }
            return true
        }
    }

    /// What a failing test prints is the sentence the host would print, not a dump of the enum (issue 20 item 4).
    @Test func aContractMismatchReadsAsText() throws {
        let kit = try kit(sceneB)
        let error = try #require(throws: SceneError.self) { try kit.start("B", input: WrongProbeInput(value: "seven")) }
        #expect(
            String(describing: error)
                == "the value does not fit the input ProbeInput of scene 'B': field 'value': expected Int, given String"
        )
    }

    @Test func aRouteToALoadedDestinationIsCheckedAgainstItsInput() throws {
        let wrong = SceneDefinition(
            "A", viewController: ProbeViewController.init, interactor: { _ in ProbeInteractor() },
            presenter: ProbePresenter.init,
            router: {
                let router = ProbeRouter(); router.outgoing = NoValueInput(other: 1); return router
            }
        )
        .route(to: "B", passing: ProbeInput.self)
        let kit = try kit(wrong, sceneB)
        try kit.start("A")
        #expect(throws: SceneError.self) { try kit.tap("code") }
        #expect(kit.routes.isEmpty)
    }

    @Test func aRouteTheDefinitionDoesNotDeclareIsRefused() throws {
        let undeclared = SceneDefinition(
            "A", viewController: ProbeViewController.init, interactor: { _ in ProbeInteractor() },
            presenter: ProbePresenter.init, router: ProbeRouter.init
        ).route(to: "C")
        let kit = try kit(undeclared)
        try kit.start("A")
        #expect(throws: SceneTestingError.routeNotDeclared(scene: "A", destination: "B", declared: ["C"])) {
            try kit.tap("code")
        }
        #expect(kit.routes.isEmpty)
    }

    @Test func aRouteTakenInAnotherStyleThanItsRouteDeclaresIsRefused() throws {
        // The "code" button routes to B with push; B's route is declared presenting (issue 35, 2.5).
        let presenting = ProbeScenes.definition("A").route(
            Route<ProbeInput>("B", style: .present), handler: ProbeRouter.routeToB)
        let kit = try kit(presenting, sceneB)
        try kit.start("A")
        #expect(
            throws: SceneTestingError.routeStyleMismatch(
                scene: "A", destination: "B", declared: .present, requested: .push)
        ) { try kit.tap("code") }
        #expect(kit.routes.isEmpty)
        #expect(
            SceneTestingError.routeStyleMismatch(scene: "A", destination: "B", declared: .present, requested: .push)
                .description
                == "'A' routed to 'B' with style 'push', but its Route declares 'present': leave out style: to take the route as declared, or declare the Route with style: .push"
        )
    }

    @Test func goingBackRecordsTheExitAndTheResultHandedBack() throws {
        let kit = try kit(sceneB)
        try kit.start("B", input: ProbeInput(value: 5))
        try kit.back()
        #expect(kit.exits == [RecordedExit(target: .previous, result: .object(["value": .int(5)]), byUser: true)])
        #expect(try kit.exits[0].result(as: ProbeInput.self).value == 5)
        #expect(throws: SceneTestingError.noScene) { try kit.screen() }
    }

    @Test func aResultHandedBackReachesTheDataStoreAndTheScreen() throws {
        let kit = try kit(sceneA)
        try kit.start("A")
        try kit.tap("code")
        #expect(throws: SceneTestingError.notOnTop(scene: "A", top: "B")) { try kit.tap("code") }
        try kit.returnToScene(with: ProbeInput(value: 9))
        #expect(try kit.text("value") == "9")
        #expect((kit.dataStore as? ProbeInteractor)?.value == 9)
        #expect(throws: SceneTestingError.nothingAbove(scene: "A")) { try kit.returnToScene() }
    }

    @Test func aResultOfTheWrongShapeIsRefusedAndChangesNothing() throws {
        let kit = try kit(sceneA)
        try kit.start("A")
        try kit.tap("code")
        #expect(throws: SceneError.self) { try kit.returnToScene(with: WrongProbeInput(value: "nine")) }
        try kit.returnToScene()
        #expect(try kit.text("value") == "0")
    }

    @Test func eventsAreCheckedAgainstTheScreen() throws {
        let kit = try kit(sceneA)
        try kit.start("A")
        #expect(
            throws: SceneTestingError.noSuchElement(scene: "A", id: "nope", kind: "button", available: ["go", "code"])
        ) { try kit.tap("nope") }
        #expect(throws: SceneTestingError.rowOutOfRange(scene: "A", list: "rows", row: 2, count: 2)) {
            try kit.select("rows", row: 2)
        }
        try kit.select("rows", row: 1)
        try kit.edit("name", text: "Ada")
        #expect(try kit.element("go") == .button(id: "go", title: "Go"))
    }

    @Test func servicesTheTestRegistersWinOverThePluginsWhateverTheOrder() throws {
        let kit = SceneTestKit()
        kit.register(ProbeSeed.self) { ProbeSeed(value: 11) }
        try kit.load(SeededProbePlugin.self)
        try kit.start("Seeded")
        #expect(try kit.text("value") == "11")

        let plain = SceneTestKit()
        try plain.load(SeededProbePlugin.self)
        try plain.start("Seeded")
        #expect(try plain.text("value") == "1")
    }

    @Test func aServiceNobodyRegisteredIsNamed() throws {
        let kit = SceneTestKit()
        try kit.load(SeededProbePlugin.scene)
        // The host's own services are there in every container: the clock.
        #expect(throws: SceneError.serviceNotRegistered(service: "ProbeSeed", registered: ["SceneClock"])) {
            try kit.start("Seeded")
        }
    }

    @Test func aReleasedSceneLeavesNoPartAlive() throws {
        let kit = try kit(sceneA)
        try kit.start("A")
        try kit.tap("code")
        try kit.assertReleased()
    }

    @Test func aPartSomethingStillHoldsIsReportedAsALeak() throws {
        let keeper = ProbeKeeper()
        let kit = SceneTestKit()
        kit.register(ProbeKeeper.self) { keeper }
        try kit.load(
            SceneDefinition(
                "Kept", viewController: ProbeViewController.init,
                interactor: { resolver in
                    let interactor = ProbeInteractor(); try resolver.resolve(ProbeKeeper.self).kept = interactor;
                    return interactor
                },
                presenter: ProbePresenter.init, router: ProbeRouter.init))
        try kit.start("Kept")
        // The interactor holds its presenter strongly (downward), so the kept interactor keeps both.
        #expect(throws: SceneTestingError.leaked(scene: "Kept", parts: ["Interactor", "Presenter"])) {
            try kit.assertReleased()
        }
    }

    @Test func unknownScenesAndDuplicatesAreRefused() throws {
        let kit = try kit(sceneA)
        #expect(throws: SceneTestingError.unknownScene(scene: "Nope", registered: ["A"])) { try kit.start("Nope") }
        #expect(throws: SceneTestingError.duplicateScene(scene: "A")) { try kit.load(sceneA) }
    }

    /// A plugin whose `register(in:)` registers one scene twice: the mistake the host refuses with exit 3.
    enum TwicePlugin: ScenePlugin {
        static let name = "Twice"
        static let version = "1.0.0"
        static func register(in registry: any SceneRegistry) throws {
            try registry.register(
                SceneDefinition(
                    "T", viewController: ProbeViewController.init, interactor: { _ in ProbeInteractor() },
                    presenter: ProbePresenter.init, router: ProbeRouter.init))
            try registry.register(
                SceneDefinition(
                    "T", viewController: ProbeViewController.init, interactor: { _ in ProbeInteractor() },
                    presenter: ProbePresenter.init, router: ProbeRouter.init))
        }
    }

    @Test("a scene registered twice by one plugin is named as the host names it: the plugin, and register(in:)")
    func sceneRegisteredTwiceByOnePlugin() throws {
        let kit = SceneTestKit()
        let error = #expect(throws: SceneTestingError.self) { try kit.load(TwicePlugin.self) }
        #expect(error == .sceneRegisteredTwice(scene: "T", plugin: "Twice"))
        #expect(
            error?.description
                == "plugin 'Twice' registers scene 'T' twice in its register(in:): register each scene once")
        // Two loads of different definitions of one name stay a duplicate of the kit's loads.
        let other = SceneTestKit()
        try other.load(TwicePluginOnce.self)
        #expect(throws: SceneTestingError.duplicateScene(scene: "T")) { try other.load(TwicePluginOnce.self) }
    }

    enum TwicePluginOnce: ScenePlugin {
        static let name = "Once"
        static let version = "1.0.0"
        static func register(in registry: any SceneRegistry) throws {
            try registry.register(
                SceneDefinition(
                    "T", viewController: ProbeViewController.init, interactor: { _ in ProbeInteractor() },
                    presenter: ProbePresenter.init, router: ProbeRouter.init))
        }
    }

    @Test func theMessagesSayWhatToDo() {
        #expect(
            SceneTestingError.routeNotDeclared(scene: "A", destination: "B", declared: ["C"]).description
                == "'A' routed to 'B', which its SceneDefinition does not declare (declared: C): add .route(to: \"B\") to the definition"
        )
        // A typo of a declared route: fix the router, never declare the typo.
        #expect(
            SceneTestingError.routeNotDeclared(
                scene: "NoteList", destination: "NoteEdtior", declared: ["NoteEditor", "Settings"]
            ).description
                == "'NoteList' routed to 'NoteEdtior', which its SceneDefinition does not declare (declared: NoteEditor, Settings). Did you mean 'NoteEditor'? Fix the name in the router's route(to: \"NoteEdtior\")"
        )
        #expect(
            SceneTestingError.leaked(scene: "A", parts: ["Interactor", "Router"]).description
                == "'A' was released but its Interactor, Router still live: a strong reference cycle (upward references must be weak)"
        )
    }
}

/// A value the "Seeded" scene's interactor resolves from the container.
struct ProbeSeed { let value: Int }

/// Holds whatever it is given: a leak made on purpose.
final class ProbeKeeper { var kept: AnyObject? }

/// A plugin with one scene whose interactor starts from a `ProbeSeed` service, and a default seed of 1.
enum SeededProbePlugin: ScenePlugin {
    static let name = "SeededProbe"
    static let version = "1.0.0"

    @MainActor static var scene: SceneDefinition<ProbeViewController, ProbeInteractor, ProbePresenter, ProbeRouter> {
        SceneDefinition(
            "Seeded", viewController: ProbeViewController.init,
            interactor: { resolver in
                let interactor = ProbeInteractor(); interactor.value = try resolver.resolve(ProbeSeed.self).value;
                return interactor
            },
            presenter: ProbePresenter.init, router: ProbeRouter.init)
    }

    @MainActor static func register(in registry: any SceneRegistry) throws {
        registry.register(ProbeSeed.self) { _ in ProbeSeed(value: 1) }
        try registry.register(scene)
    }
}
