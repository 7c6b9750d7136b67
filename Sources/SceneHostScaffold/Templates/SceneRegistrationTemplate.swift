/// One scene's registration inside a plugin's `register(in:)`: its Worker and its `SceneDefinition`.
///
/// `{{ROUTE_DECLARATIONS}}` declares the routes to the plugin's other scenes (`SceneRouteTemplate`);
/// empty for a scene that routes only back.
enum SceneRegistrationTemplate {
    package static let text = #"""
                registry.register({{NAME}}Worker.self) { _ in {{NAME}}Worker() }
                try registry.register(
                    SceneDefinition(
                        "{{NAME}}",
                        viewController: {{NAME}}ViewController.init,
                        interactor: { services in {{NAME}}Interactor(worker: try services.resolve({{NAME}}Worker.self)) },
                        presenter: {{NAME}}Presenter.init,
                        router: {{NAME}}Router.init
                    ){{ROUTE_DECLARATIONS}}
                )
        """#
}
