/// A plugin whose entry point returns no descriptor.
@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer? { nil }
