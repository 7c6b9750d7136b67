import SceneSDK

/// One problem `check` reports: an error of one concern, kept as data so reports compare.
///
/// Each folder throws its own error type; this thin wrapper only exists for lists of problems
/// from several folders. Rendered by `ErrorMessage`, exit code in `ExitStatus+Errors.swift`.
public enum HostProblem: Error, Equatable, Sendable {
    case config(ConfigError)
    case plugin(PluginLoadError)
    case container(ContainerError)
    case graph(SceneGraphError)
    case navigation(NavigationError)
    case script(ScriptError)
    case commandLine(CommandLineError)
    case native(NativeError)
    case web(WebError)
    /// A plugin's error with the unknown-scene errors that only exist because it failed (`check`
    /// reports them under it); its exit code is the plugin error's.
    case pluginFailedWithFollowOns(PluginLoadError, unknown: [SceneGraphError])

    /// `error` as a problem; an error that is none of the host's becomes a failed scene.
    public init(_ error: any Error) {
        switch error {
        case let problem as HostProblem: self = problem
        case let error as ConfigError: self = .config(error)
        case let error as PluginLoadError: self = .plugin(error)
        case let error as ContainerError: self = .container(error)
        case let error as SceneGraphError: self = .graph(error)
        case let error as NavigationError: self = .navigation(error)
        case let error as ScriptError: self = .script(error)
        case let error as CommandLineError: self = .commandLine(error)
        case let error as NativeError: self = .native(error)
        case let error as WebError: self = .web(error)
        default: self = .navigation(.sceneFailed(scene: "?", reason: .other(String(describing: error))))
        }
    }

    /// The error inside, as thrown by its folder.
    public var error: any Error {
        switch self {
        case .config(let error): return error
        case .plugin(let error): return error
        case .container(let error): return error
        case .graph(let error): return error
        case .navigation(let error): return error
        case .script(let error): return error
        case .commandLine(let error): return error
        case .native(let error): return error
        case .web(let error): return error
        case .pluginFailedWithFollowOns: return self
        }
    }
}
