import SceneSDK

/// Something `check` reports that does not stop the app.
package enum HostWarning: Equatable, Sendable {
    /// No route leads to `scene` from the initial scene.
    case unreachable(scene: String, plugin: PluginReference, initial: String)
    /// The probe cache may not be trusted (owner, permissions): it is neither read nor written in this run.
    case untrustedProbeCache(path: String, untrusted: String, reason: String, fix: String)
    /// The probe cache's key (`CacheKey`) is no secret of the user's: the caches are neither read
    /// nor written in this run.
    case untrustedCacheKey(cache: String, key: String, reason: String, fix: String)
    /// The probe cache's key is missing and cannot be made, or cannot be read: the caches are
    /// neither read nor written in this run.
    case cacheKeyUnavailable(cache: String, key: String, reason: String)
    /// The start-up cache file itself may not be trusted: it is neither read nor written in this run.
    case untrustedStartupCache(path: String, reason: String, fix: String)
    /// `--record` replaced a transcript that held something else (the diff is printed before it).
    case transcriptReplaced(path: String)
    /// A recorded transcript holds a path that differs between machines, at `line`.
    case transcriptMachineSpecific(path: String, line: Int, found: String)
    /// `scene` accepts a result (`.acceptingResult`) that none of the scenes it routes to returns.
    case resultNeverReturned(scene: String, plugin: PluginReference, result: String, destinations: [String])
    /// `scene`'s deep link cannot be opened in this app (no route from the initial scene reaches the
    /// scene, or every route needs an input a link cannot build): the app has no such link.
    case linkUnavailable(scene: String, plugin: PluginReference, template: String, why: LinkUnavailability)
    /// `plugin` keeps `what` in its scene worker's memory (`ScenePlugin.inMemoryState`) and `serve`
    /// runs `workers` workers (nil: as many as cores), each with its own copy; `setting`, the
    /// plugin's setting that moves it to a store every worker shares, is not set.
    case stateInWorkerMemory(plugin: PluginReference, what: String, setting: String?, workers: Int?)
    /// `plugin` declares `permission` (`ScenePlugin.permissions`) and the config does not grant it:
    /// the calls it covers fail with EPERM in the sandbox.
    case permissionNotGranted(plugin: PluginReference, permission: PluginPermission)
}

/// Why an app cannot open a sound deep link (`HostWarning.linkUnavailable`).
package enum LinkUnavailability: Equatable, Sendable {
    /// No declared route leads from the initial scene to the linked one.
    case unreachable(initial: String)
    /// Every route to it passes through `scene`, which needs an `input` a link cannot build.
    case blockedByInput(initial: String, scene: String, input: String)
}
