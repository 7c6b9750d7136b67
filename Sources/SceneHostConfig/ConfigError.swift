import SceneSDK
import SceneHostCore

/// A problem in `scenes.conf`: reading it, its TOML, its keys and values. Exit code 2.
///
/// Its text and exit code are in `ConfigError+Message.swift`.
package enum ConfigError: HostConcernError, Equatable, Sendable {
    case configNotFound(path: String)
    case configUnreadable(path: String, reason: String)
    case configSyntax(SourceLocation, message: String)
    case configUnknownKey(SourceLocation, key: String, table: String, allowed: [String])
    case configMissingKey(SourceLocation, key: String, table: String)
    case configWrongType(SourceLocation, key: String, expected: String, found: String)
    case configInvalidValue(SourceLocation, key: String, value: String, expected: String)
    /// `grant` of `[plugins.PLUGIN]` names no `PluginPermission`.
    case configUnknownPermission(SourceLocation, plugin: String, name: String)
    /// `[host] worker-user` names no user of this system.
    case configUnknownUser(SourceLocation, name: String, known: [String])
    /// `[host] worker-user` is set, but the host does not run as root, so it cannot change user.
    case configWorkerUserNeedsRoot(SourceLocation, name: String)
    case configDuplicateSegue(SourceLocation, from: String, id: String, first: SourceLocation)
    case configTooLarge(SourceLocation, size: Int, limit: Int)
    case configInvalidEncoding(SourceLocation, byte: UInt8)
    case configTooDeep(SourceLocation, limit: Int)
    case configDuplicatePlugin(SourceLocation, name: String, path: String, firstName: String, first: SourceLocation)
    case configNotReadable(path: String, UnreadableFile)
    case configNulInString(SourceLocation)
    case configInvalidName(SourceLocation, key: String, value: String)
    /// A number written `literal` at `key` (a setting of plugin `plugin`, when given) that its type
    /// cannot hold: read as it is it would be another number (0, an infinity), so it is refused as
    /// `call` refuses it.
    case configNumberOutOfRange(
        SourceLocation, key: String, plugin: String?, literal: String, problem: NumberRangeProblem)
    /// Several problems found together (every unknown key of a table), in file order; each is
    /// rendered on its own line and `check` counts each.
    indirect case configProblems([ConfigError])
}

/// Why a number written in scenes.conf cannot be held by its type.
package enum NumberRangeProblem: Equatable, Sendable {
    /// Not zero, but too small for a double: it would become 0 (`1e-400`).
    case underflows
    /// Past a double's largest finite value: it would become an infinity (`1e400`).
    case overflows
    /// A whole number past a 64-bit integer's range (`99999999999999999999`).
    case integerOverflows
}
