/// <NAME>Plugin.swift: the plugin, its registration and the one C symbol the host looks for.
enum PluginEntryTemplate {
    package static let text = #"""
        import SceneSDK

        /// The {{PLUGIN}} plugin: one scene, "{{NAME}}", and the Worker it uses.
        enum {{NAME}}Plugin: ScenePlugin {
            static let name = "{{PLUGIN}}"
            static let version = "0.1.0"

            static func register(in registry: any SceneRegistry) throws {
                registry.register({{NAME}}Worker.self) { _ in {{NAME}}Worker() }
                try registry.register(
                    SceneDefinition(
                        "{{NAME}}",
                        viewController: {{NAME}}ViewController.init,
                        interactor: { services in {{NAME}}Interactor(worker: try services.resolve({{NAME}}Worker.self)) },
                        presenter: {{NAME}}Presenter.init,
                        router: {{NAME}}Router.init
                    )
                )
            }
        }

        @_cdecl("scene_plugin_entry")
        public func scenePluginEntry() -> UnsafeRawPointer { {{NAME}}Plugin.exportDescriptor() }

        """#
}
