/// <NAME>Router.swift: routing logic and data passing.
///
/// `{{ROUTING_LOGIC}}` and `{{ROUTER_METHODS}}` are the routes to a plugin's other scenes (`SceneFiles`);
/// empty for a scene that routes only back. `{{SLOT_ROUTES}}` are a container's `Route<Void>`s to its
/// slots' initial scenes (`ContainerTemplate.routes`); empty for any other scene.
enum RouterTemplate {
    package static let text = #"""
        import SceneSDK

        @MainActor
        protocol {{NAME}}RoutingLogic {
            func routeToPrevious() throws{{ROUTING_LOGIC}}
        }

        @MainActor
        protocol {{NAME}}DataPassing {
            var dataStore: (any {{NAME}}DataStore)? { get }
        }{{SLOT_ROUTES}}

        final class {{NAME}}Router: SceneRouter<{{NAME}}ViewController, any {{NAME}}DataStore>, {{NAME}}RoutingLogic, {{NAME}}DataPassing {
            // MARK: Routing

            /// Back to the scene that showed this one (the Done button). To route on to another scene,
            /// write the route once (`extension Route where Payload == <Scene>Input { static var <scene>: Self
            /// { Route("<Scene>") } }`), declare it in the plugin (`.route(.<scene>, handler:
            /// {{NAME}}Router.routeTo<Scene>)`) and add `routeTo<Scene>(segue:)` here, calling
            /// `try route(to: .<scene>, segue: segue, passing: input)`.
            func routeToPrevious() throws {
                try navigateBack()
            }{{ROUTER_METHODS}}

            // MARK: Navigation

            private func navigateBack() throws {
                try routeBack()
            }

            // MARK: Passing data

            // Build the next scene's input from `dataStore` here, as `passDataTo<Scene>(source:)`.
        }

        """#
}
