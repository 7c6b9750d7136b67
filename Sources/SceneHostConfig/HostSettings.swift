import SceneSDK
import TOMLKit
import SceneHostCore

/// The `[host]` table of `scenes.conf`: the limits of the scene workers (docs/security.md, "Scene workers").
///
/// Every key is optional; a missing key takes its default. A key that is misspelt, of the wrong
/// type or out of range stops the host at start with its location, never a quiet default.
package struct HostSettings: Sendable, Equatable {
    /// How long one event (a tap, a fill, a restore step) may take in a worker before the worker
    /// counts as hung and is ended. `event-timeout`, in seconds; default 10.
    package var eventTimeout: Duration = .seconds(10)
    /// The address space a worker may use (RLIMIT_AS), in bytes. `worker-memory`, in MiB; default 1024.
    package var workerMemory: Int = 1024 << 20
    /// How many workers `serve` spreads its sessions over. `workers`; default: one per core.
    package var workers: Int?
    /// How many restarts of one worker within a minute go at once; each further one waits first,
    /// 0.1 s doubled per restart past the limit, at most 2 s or half `eventTimeout` (`RestartBackoff`).
    /// `restarts-per-minute`; default 10. (Before issue 31 it refused a plugin for the rest of the run.)
    package var restartsPerMinute: Int = 10
    /// `serve`: after how many faults of its own (its action was in flight when its worker crashed or
    /// hung) a session is ended (`FaultPolicy`). `faults-per-session`; default 3.
    package var faultsPerSession: Int = 3
    /// Where `[host]` is written (the top of the file when absent), for messages.
    package var location: SourceLocation?
    /// Every permission some plugin's table grants (`grant`), in `PluginPermission` order: one
    /// worker runs every plugin, so its sandbox lifts what any of them is granted. Not a key of
    /// `[host]`: the config loader gathers it from the plugin tables.
    package var grants: [PluginPermission] = []
    /// The unprivileged user scene workers become before they open a plugin (`WorkerUser`).
    /// `worker-user`; default: none (they run as the host's user, without capabilities).
    package var workerUser: WorkerUser?

    package init() {}

    package static let keys = [
        "event-timeout", "worker-memory", "workers", "restarts-per-minute", "faults-per-session", "worker-user",
    ]

    /// Reads `[host]` from `root`; absent, the defaults.
    package static func parse(_ root: TOMLTable, document: LocatedDocument) throws -> HostSettings {
        var settings = HostSettings()
        guard let value = root["host"] else { return settings }
        guard let table = value.table else {
            throw document.wrongType("host", in: "", expected: "a table ([host])", found: value)
        }
        try document.rejectUnknownKeys(in: table, table: "host", allowed: keys)
        settings.location = document.tableLocation("host")
        if let raw = table["event-timeout"] {
            let seconds: Double
            if let integer = raw.int {
                seconds = Double(integer)
            } else if let double = raw.double {
                seconds = double
            } else {
                throw document.wrongType("event-timeout", in: "host", expected: "a number of seconds", found: raw)
            }
            // NaN fails both comparisons: every value that is not a sane limit is refused.
            guard seconds >= 0.05, seconds <= 3600 else {
                throw ConfigError.configInvalidValue(
                    document.valueLocation("event-timeout", in: "host"), key: "event-timeout",
                    value: "\(seconds)", expected: "a number of seconds from 0.05 to 3600 (default 10)")
            }
            settings.eventTimeout = .milliseconds(Int64((seconds * 1000).rounded()))
        }
        if let megabytes = try integer(
            "worker-memory", in: table, document: document, range: 64...(1 << 20), unit: "MiB", defaultText: "1024")
        {
            settings.workerMemory = megabytes << 20
        }
        settings.workers = try integer(
            "workers", in: table, document: document, range: 1...64, unit: "workers", defaultText: "one per core")
        if let restarts = try integer(
            "restarts-per-minute", in: table, document: document, range: 1...1000, unit: "restarts", defaultText: "10")
        {
            settings.restartsPerMinute = restarts
        }
        if let faults = try integer(
            "faults-per-session", in: table, document: document, range: 1...1000, unit: "faults", defaultText: "3")
        {
            settings.faultsPerSession = faults
        }
        if let raw = table["worker-user"] {
            guard let name = raw.string else {
                throw document.wrongType("worker-user", in: "host", expected: "a user's name", found: raw)
            }
            settings.workerUser = try WorkerUser.resolve(name, at: document.valueLocation("worker-user", in: "host"))
        }
        return settings
    }

    private static func integer(
        _ key: String, in table: TOMLTable, document: LocatedDocument, range: ClosedRange<Int>,
        unit: String, defaultText: String
    ) throws -> Int? {
        guard let raw = table[key] else { return nil }
        guard let value = raw.int else { throw document.wrongType(key, in: "host", expected: "an integer", found: raw) }
        guard range.contains(value) else {
            throw ConfigError.configInvalidValue(
                document.valueLocation(key, in: "host"), key: key, value: "\(value)",
                expected: "an integer from \(range.lowerBound) to \(range.upperBound) \(unit) (default \(defaultText))")
        }
        return value
    }
}
