import NameScene
import SceneSDK

// The entry point the host looks up in libNameScene.so. It lives in a target of its own so
// that the tests can link the code of both plugins into one test binary: with one plugin per
// package it may sit next to `NamePlugin` instead.
@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { NamePlugin.exportDescriptor() }
