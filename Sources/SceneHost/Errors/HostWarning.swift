/// Something `check` reports that does not stop the app.
public enum HostWarning: Equatable, Sendable {
    /// No route leads to `scene` from the initial scene.
    case unreachable(scene: String, plugin: PluginReference, initial: String)
}
