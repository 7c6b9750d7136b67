/// Sources/<PLUGIN>Entry/<PLUGIN>Entry.swift of `new plugin`: the one C symbol the host looks for.
enum PluginEntryPointTemplate {
    package static let text = #"""
        import {{PLUGIN}}
        import SceneSDK

        // The entry point the host looks up in lib{{PLUGIN}}.so. It lives in a target of its own, in the
        // library but not in what the tests link: a test binary that linked two plugins' entries would
        // define scene_plugin_entry twice.
        @_cdecl("scene_plugin_entry")
        public func scenePluginEntry() -> UnsafeRawPointer { {{PLUGIN}}Plugin.exportDescriptor() }

        """#
}
