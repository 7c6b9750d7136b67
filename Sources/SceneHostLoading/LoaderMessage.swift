import SceneHostCore
import SceneHostNative
import SceneHostContainer
import SceneHostConfig
/// Turns the dynamic loader's `dlerror` text into the host's errors.
enum LoaderMessage {
    /// `libX.so: cannot open shared object file: ...` about a library other than the plugin
    /// itself means a dependency is missing; everything else is reported as the loader said it.
    package static func error(for message: String, plugin: PluginReference) -> PluginLoadError {
        let marker = ": cannot open shared object file"
        if let range = message.firstRange(of: marker) {
            let library = String(message[..<range.lowerBound])
            if library != plugin.path && !library.isEmpty {
                return .pluginDependencyMissing(plugin, library: library)
            }
        }
        return .pluginOpenFailed(plugin, loaderMessage: message)
    }
}
