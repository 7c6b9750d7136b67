import SceneSDK

/// A recipe scene whose "favourite" button is shown only when a recipe was found, and whose tap
/// force-unwraps nil: the crash behind data that a probe without input never reaches. The scene
/// declares two sample inputs, one found: the probe shows it with each, taps the button with the
/// second, and the plugin is refused naming sample 2.
enum SamplesPlugin: ScenePlugin {
    static let name = "FixtureSamples"
    static let version = "0.0.1"

    static func register(in registry: any SceneRegistry) throws {
        try registry.register(
            SceneDefinition(
                "Recipes", viewController: RecipesViewController.init, interactor: { _ in RecipesInteractor() },
                presenter: ScenePresenter<RecipesViewController>.init, router: RecipesRouter.init
            )
            .route(to: "Recipe", passing: RecipeInput.self)
        )
        try registry.register(
            SceneDefinition(
                "Recipe", viewController: RecipeViewController.init, interactor: { _ in RecipeInteractor() },
                presenter: ScenePresenter<RecipeViewController>.init, router: RecipeRouter.init
            )
            .accepting(
                RecipeInput.self,
                samples: [RecipeInput(name: "Unknown", found: false), RecipeInput(name: "Soup", found: true)]
            ) { dataStore, input in dataStore?.input = input }
        )
    }
}

struct RecipeInput: Codable, Sendable {
    var name: String
    var found: Bool
}

final class RecipesViewController: SceneViewController<RecipesInteractor, RecipesRouter> {
    override func render() -> Screen {
        Screen(title: "Recipes", elements: [.button(id: "open", title: "Open a recipe")])
    }
}

final class RecipesInteractor: SceneInteractor<ScenePresenter<RecipesViewController>> {}

final class RecipesRouter: SceneRouter<RecipesViewController, RecipesInteractor> {}

final class RecipeViewController: SceneViewController<RecipeInteractor, RecipeRouter> {
    override func render() -> Screen {
        guard let input = interactor?.input, input.found else {
            return Screen(title: "Recipe", elements: [.label(id: "none", text: "No recipe")])
        }
        return Screen(
            title: input.name,
            elements: [.label(id: "name", text: input.name), .button(id: "favourite", title: "Favourite")])
    }

    override func handle(_ event: UserEvent) throws {
        guard case .tap(button: "favourite") = event, let name = interactor?.input?.name else { return }
        interactor?.favourite(name)
    }
}

final class RecipeInteractor: SceneInteractor<ScenePresenter<RecipeViewController>> {
    var input: RecipeInput?
    /// Nothing is stored yet: the unwrap below is the author's mistake.
    var favourites: [String: Int] = [:]

    func favourite(_ name: String) {
        favourites[name] = favourites[name]! + 1
    }
}

final class RecipeRouter: SceneRouter<RecipeViewController, RecipeInteractor> {}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { SamplesPlugin.exportDescriptor() }
