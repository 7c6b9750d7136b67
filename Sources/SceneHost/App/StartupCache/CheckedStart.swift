import SceneHostConfig
import SceneHostLoading
/// A start-up of `run` or `serve` that was checked and found without problems (`AppCheck`), as
/// the start-up cache keeps it: the config as it was read, and what each plugin's check rested on.
///
/// It answers only for the same config bytes (and file name and folder) and for plugin files
/// that still have the recorded identity (`StartupCache.pendingStart`, `filesUnchanged()`).
struct CheckedStart {
    /// The config the bytes gave.
    let config: SceneConfig
    /// One per plugin of `config`, in its order.
    let plugins: [CheckedPlugin]
    /// The plugins whose scenes a check child builds at every start (`AppCheck.Report.unbuilt`).
    let unbuilt: [String]
    /// Whether a scene declares a deep link: the link table is then made from the graph at start.
    let hasLinks: Bool
    /// The walk of the plugin files, when it runs beside the decoding (`StartupCache.pendingStart`).
    var files: PluginFilesCheck? = nil
    /// The start-up cache file's bytes it was decoded from (checksum matched), handed as they are
    /// to the scene workers (`WorkerStartMessage.checkedStart`); nil for a start just checked.
    var recordedBytes: [UInt8]? = nil

    /// Whether every plugin file still has the identity recorded for it (waits for the walk);
    /// true when the files were not walked (a scene worker: its host just did).
    func filesUnchanged() -> Bool {
        files?.unchanged(comparedWith: plugins.map(\.identity)) ?? true
    }
}
