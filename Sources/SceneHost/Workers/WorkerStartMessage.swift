/// What the host hands a scene worker before the worker loads anything (`WorkerRequest.start`):
/// the config the host read and checked, as its very bytes, with the name and folder the host read
/// it under.
///
/// The worker never opens the config file: a file replaced or removed after the host read it
/// changes nothing in the worker, which parses these bytes (or finds the start-up cache's record
/// keyed by them) and so runs exactly the plugins, settings and segues the host checked.
public struct WorkerStartMessage: Equatable, Sendable {
    /// The config file as the user named it (for messages and the start-up cache's key).
    public let configFile: String
    /// The folder the config's relative paths start at, as the host resolved it.
    public let baseDirectory: String
    /// The config's bytes, as the host read and checked them.
    public let configBytes: [UInt8]

    public init(configFile: String, baseDirectory: String, configBytes: [UInt8]) {
        self.configFile = configFile
        self.baseDirectory = baseDirectory
        self.configBytes = configBytes
    }

    /// The config at `path` as it is now, for a host that starts workers without a checked start
    /// of its own (tests, the benchmark): read here, once, never by the worker.
    public static func reading(configPath path: String) throws -> WorkerStartMessage {
        WorkerStartMessage(configFile: path, baseDirectory: ConfigPath.folder(of: path), configBytes: try ConfigLoader().read(path: path))
    }
}
