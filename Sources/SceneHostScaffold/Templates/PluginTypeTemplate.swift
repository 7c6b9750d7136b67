/// Sources/<PLUGIN>/<PLUGIN>Plugin.swift of `new plugin`: the plugin and the registration of all its scenes.
///
/// The type is `package`, so that the plugin's entry target (`PluginEntryPointTemplate`) can name it;
/// `{{REGISTRATIONS}}` are its scenes' registrations (`SceneRegistrationTemplate`), one after the other.
enum PluginTypeTemplate {
    package static let text = #"""
        import SceneSDK

        /// The {{PLUGIN}} plugin: the scenes {{SCENE_LIST}}, each with the Worker it uses.
        package enum {{PLUGIN}}Plugin: ScenePlugin {
            package static let name = "{{PLUGIN}}"
            package static let version = "0.1.0"

            package static func register(in registry: any SceneRegistry) throws {
        {{REGISTRATIONS}}
            }
        }

        """#
}
