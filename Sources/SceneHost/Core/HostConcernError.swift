/// What every error type of the host's folders adopts (`ConfigError`, `PluginLoadError`, ...).
///
/// Each folder throws its own type; this marker lets code above them (a navigator handing a
/// scene's error on, `check` collecting problems) tell the host's own errors from a scene's.
public protocol HostConcernError: Error, Sendable {}
