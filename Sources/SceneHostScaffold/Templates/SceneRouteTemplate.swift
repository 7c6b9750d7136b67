/// The pieces of one route in code from a scene to another scene of its plugin (`{{NAME}}` the scene that
/// routes, `{{DESTINATION}}` the scene it shows): a button, its tap, the router's method, the declaration and
/// a test. `new plugin` gives its first scene one route to each of the others; `new scene` has none.
///
/// Each piece starts with a line break, so that no route leaves the templates exactly as they were.
enum SceneRouteTemplate {
    /// In the ViewController's `render()`, after the Update button.
    static let button = "\n            .button(id: \"show{{DESTINATION}}\", title: \"{{DESTINATION}}\"),"

    /// In the ViewController's `handle(_:)`, after the Done button's case.
    static let event = #"""

                case .tap(button: "show{{DESTINATION}}"):
                    try router?.routeTo{{DESTINATION}}()
        """#

    /// In the `RoutingLogic` protocol.
    static let routingLogic = "\n    func routeTo{{DESTINATION}}() throws"

    /// In the Router, after `routeToPrevious()`.
    static let routerMethod = #"""


            /// On to {{DESTINATION}}, a scene of this plugin, in code (the {{DESTINATION}} button).
            func routeTo{{DESTINATION}}() throws {
                try route(to: "{{DESTINATION}}", segue: nil, style: .push)
            }
        """#

    /// After the `SceneDefinition`: a router may only navigate to scenes its routes name.
    static let declaration = "\n            .route(to: \"{{DESTINATION}}\")"

    /// In the scene's tests with the testing kit, before the leak test.
    static let test = #"""


            @Test("the {{DESTINATION}} button shows {{DESTINATION}}, in code")
            func show{{DESTINATION}}() throws {
                let kit = SceneTestKit()
                try kit.load({{PLUGIN_TYPE}}.self)
                try kit.start("{{NAME}}")

                try kit.tap("show{{DESTINATION}}")

                #expect(kit.routes.map(\.destination) == ["{{DESTINATION}}"])
                #expect(kit.exits.isEmpty)
            }
        """#
}
