import SceneHostLoading
import SceneHostWorkers
import SceneHostConfig
/// `--watch`: the files a reload's checks read, held for the new build's workers.
extension SceneApp {
    /// The files of the plugins named `changed` (config names) opened again by path and held open
    /// (`CheckedPluginFiles`), each still exactly the file this app's checks rested on (its `stat`
    /// identity and content hash, `checkedPlugins`): the workers load those descriptors, never the
    /// path again, so a build written after this moment never reaches them. Fails when a path names
    /// another file already (a build written while the checks ran: the watch has seen it, and the
    /// next reload checks it). A plugin without a record (none is kept without a probe cache) is
    /// not handed: its workers open its path, and compare its bytes with what was probed, as at start.
    @MainActor
    package func checkedFiles(of changed: [String], loader: PluginLoader) -> Result<CheckedPluginFiles, ReloadError> {
        var opened: [PluginFile] = []
        for entry in loaded.config.plugins where changed.contains(entry.name) {
            guard let recorded = checkedPlugins[entry.resolvedPath] else { continue }
            guard let file = try? loader.reopenChecked(entry, recorded: recorded) else {
                return .failure(.changedAfterChecks(plugin: entry.name, path: entry.resolvedPath))
            }
            opened.append(file)
        }
        guard let files = CheckedPluginFiles.duplicating(opened) else {
            return .failure(.cannotHoldFiles(reason: "the process has no descriptor left"))
        }
        return .success(files)
    }
}
