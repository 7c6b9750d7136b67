/// What a probe found out about a plugin.
public enum ProbeVerdict: Codable, Equatable, Sendable {
    /// It loaded and registered in a child process; this is what it declared.
    case good(PluginMetadata)
    /// It failed; `message` is the error without its location (it starts with "plugin '...'").
    case bad(message: String)
}
