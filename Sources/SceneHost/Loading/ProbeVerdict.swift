/// What a probe found out about a plugin.
public enum ProbeVerdict: Codable, Equatable, Sendable {
    /// It loaded and registered in a child process.
    case good
    /// It failed; `message` is the error without its location (it starts with "plugin '...'").
    case bad(message: String)
}
