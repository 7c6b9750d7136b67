/// <NAME>Plugin.swift of `new scene`: the plugin, its registration and the one C symbol the host looks for.
///
/// `{{REGISTRATIONS}}` is the scene's registration (`SceneRegistrationTemplate`), shared with `new plugin`.
enum PluginEntryTemplate {
    package static let text = #"""
        import SceneSDK

        /// The {{PLUGIN}} plugin: one scene, "{{NAME}}", and the Worker it uses.
        enum {{NAME}}Plugin: ScenePlugin {
            static let name = "{{PLUGIN}}"
            static let version = "0.1.0"

            static func register(in registry: any SceneRegistry) throws {
        {{REGISTRATIONS}}
            }
        }

        @_cdecl("scene_plugin_entry")
        public func scenePluginEntry() -> UnsafeRawPointer { {{NAME}}Plugin.exportDescriptor() }

        """#
}
