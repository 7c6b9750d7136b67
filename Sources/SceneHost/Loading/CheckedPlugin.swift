/// What a plugin's check rested on, as the start-up cache keeps it (`StartupCache`): its file's
/// `stat` identity when it was checked, the SHA-256 of the content whose probe gave the verdict,
/// and what that probe found.
struct CheckedPlugin {
    let identity: StatIdentity
    let sha256: String
    let metadata: PluginMetadata
}

/// A plugin registered by `PluginLoader.prepareRecording`, with what the start-up cache keeps of it
/// (nil when it was loaded without an inspector).
struct PreparedPlugin {
    let plugin: LoadedPlugin
    let metadata: PluginMetadata?
    let recorded: CheckedPlugin?
}
