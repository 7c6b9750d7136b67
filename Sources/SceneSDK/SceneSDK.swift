/// SceneSDK: write Clean Swift (VIP) scenes that scene-host loads from a plugin (.so) at run time.
///
/// A plugin subclasses the four role bases (`SceneViewController`, `SceneInteractor`,
/// `ScenePresenter`, `SceneRouter`), declares each scene with `SceneDefinition`, lists them in a
/// `ScenePlugin` and exports it with one `@_cdecl("scene_plugin_entry")` line. The host wires.
public enum SceneSDKInfo {
    /// The SDK version this library was built as.
    public static let version = "\(SCENE_SDK_VERSION_MAJOR).\(SCENE_SDK_VERSION_MINOR).\(SCENE_SDK_VERSION_PATCH)"
    /// The plugin ABI this library speaks.
    public static let abiVersion = SCENE_PLUGIN_ABI_VERSION
}
