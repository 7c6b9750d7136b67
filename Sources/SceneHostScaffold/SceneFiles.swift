/// One scene of a plugin, rendered from the templates: its six Clean Swift files, its registration in the
/// plugin's `register(in:)` and its test file. `new scene` and `new plugin` both make their scenes with it.
struct SceneFiles: Sendable {
    /// The scene's name, the prefix of its six Clean Swift types (`Weather`); checked by the caller.
    let scene: String
    /// The scenes of the same plugin this one routes to in code, with a button each; empty: back only.
    let destinations: [String]
    /// The slots of a container scene (`new scene --tabs/--panes`); nil for any other scene.
    var container: ContainerSlots? = nil

    /// The Clean Swift file name suffixes, in the order they are listed to the user.
    static let roles = ["ViewController", "Interactor", "Presenter", "Router", "Models", "Worker"]

    /// The six Clean Swift files, each in `folder` (a path inside the package that ends with "/").
    func cleanSwiftFiles(in folder: String) -> [GeneratedFile] {
        let templates =
            container == nil
            ? [
                ViewControllerTemplate.text, InteractorTemplate.text, PresenterTemplate.text, RouterTemplate.text,
                ModelsTemplate.text, WorkerTemplate.text,
            ]
            : [
                ContainerTemplate.viewController, InteractorTemplate.text, ContainerTemplate.presenter,
                RouterTemplate.text, ContainerTemplate.models, WorkerTemplate.text,
            ]
        return zip(Self.roles, templates).map { role, template in
            GeneratedFile(path: folder + scene + role + ".swift", text: render(template))
        }
    }

    /// The lines that register the scene and its Worker, for the plugin's `register(in:)`.
    var registration: String { render(SceneRegistrationTemplate.text) }

    /// The scene's test file.
    /// - Parameters:
    ///   - pluginType: the `ScenePlugin` type the test loads.
    ///   - sceneCount: how many scenes the plugin registers (the test without the kit counts them).
    ///   - declaresRegistry: whether this file declares the test target's `CollectingRegistry` (without
    ///     the kit; one file of the target does).
    func test(plugin: String, pluginType: String, kit: Bool, sceneCount: Int, declaresRegistry: Bool) -> String {
        let routeTests = destinations.map { piece(SceneRouteTemplate.test, to: $0, pluginType: pluginType) }
        let template =
            container == nil
            ? PluginTestsTemplate.text(kit: kit)
            : kit ? ContainerTemplate.testsWithKit : ContainerTemplate.testsWithoutKit
        return TemplateRenderer.render(
            render(template),
            [
                "ROUTE_TESTS": routeTests.joined(),
                "COLLECTING_REGISTRY": declaresRegistry ? PluginTestsTemplate.collectingRegistry : "",
                "SCENE_COUNT": String(sceneCount),
                "SCENE_COUNT_TEXT": sceneCount == 1 ? "one scene" : "\(sceneCount) scenes",
                "WORKER_TEXT": sceneCount == 1 ? "its Worker" : "their Workers",
                "PLUGIN_TYPE": pluginType, "PLUGIN": plugin,
            ])
    }

    /// `template` with the scene's name and its routes' pieces filled in.
    private func render(_ template: String) -> String {
        func pieces(_ piece: String) -> String { destinations.map { self.piece(piece, to: $0) }.joined() }
        // The pieces hold placeholders themselves, so they go in first.
        let withRoutes = TemplateRenderer.render(
            template,
            [
                "ROUTE_BUTTONS": pieces(SceneRouteTemplate.button), "ROUTE_EVENTS": pieces(SceneRouteTemplate.event),
                "ROUTING_LOGIC": pieces(SceneRouteTemplate.routingLogic)
                    + (container == nil ? "" : ContainerTemplate.routingLogic),
                "ROUTER_METHODS": pieces(SceneRouteTemplate.routerMethod)
                    + (container == nil ? "" : ContainerTemplate.routerMethod),
                "ROUTE_DECLARATIONS": pieces(SceneRouteTemplate.declaration)
                    + slotPieces(ContainerTemplate.declaration),
                "SLOT_ROUTES": slotRoutes,
                "EXPECTED_SLOTS": slotPieces(ContainerTemplate.expectedSlot),
            ])
        return TemplateRenderer.render(withRoutes, ["NAME": scene].merging(containerValues) { $1 })
    }

    /// `template` once per slot of the container, with the slot's name, title, scene and route member filled in.
    private func slotPieces(_ template: String) -> String {
        guard let container else { return "" }
        return container.slots.map { slot in
            TemplateRenderer.render(
                template,
                [
                    "SLOT": slot.name, "TITLE": slot.title, "SCENE": slot.scene,
                    "MEMBER": ContainerSlots.routeMember(slot.scene), "METHOD": container.kind.method,
                ])
        }.joined()
    }

    /// The container's `Route<Void>`s to its slots' initial scenes, each once; empty for any other scene.
    private var slotRoutes: String {
        guard let container else { return "" }
        let members = container.scenes.map { scene in
            TemplateRenderer.render(
                ContainerTemplate.routeMember, ["MEMBER": ContainerSlots.routeMember(scene), "SCENE": scene])
        }
        return TemplateRenderer.render(
            ContainerTemplate.routes, ["ROUTE_MEMBERS": members.joined(), "METHOD": container.kind.method])
    }

    /// The container's words for the templates: its kind, its slots' titles and names.
    private var containerValues: [String: String] {
        guard let container else { return [:] }
        return [
            "KIND": container.kind.rawValue,
            "KIND_TITLE": container.kind.rawValue.prefix(1).uppercased() + container.kind.rawValue.dropFirst(),
            "SLOT_TITLES": container.slots.map(\.title).joined(separator: ", "),
            "SLOT_NAMES": container.slots.map { "\"\($0.name)\"" }.joined(separator: ", "),
            "FIRST_SLOT": container.slots.first?.name ?? "", "LAST_SLOT": container.slots.last?.name ?? "",
        ]
    }

    private func piece(_ template: String, to destination: String, pluginType: String = "") -> String {
        TemplateRenderer.render(template, ["DESTINATION": destination, "NAME": scene, "PLUGIN_TYPE": pluginType])
    }
}
