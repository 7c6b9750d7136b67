import SceneSDK
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
    /// The instant the scenes' wall clock (`SceneClock`) is pinned at, in milliseconds since
    /// 1970-01-01 00:00 UTC: every run shows the same times (scripts with transcripts, demos).
    /// `clock`, a TOML offset date-time (`2026-01-01T09:00:00Z`); default: none (the system's clock).
    package var clock: Int64?

    package init() {}

    /// The wall clock scenes get (`SceneContainer(clock:)`): pinned at `clock`, else the system's.
    package var sceneClock: SceneClock { clock.map { .pinned(atMillisecondsSince1970: $0) } ?? .system }

    package static let keys = [
        "event-timeout", "worker-memory", "workers", "restarts-per-minute", "faults-per-session", "worker-user",
        "clock",
    ]
}
