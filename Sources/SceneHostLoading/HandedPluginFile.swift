#if canImport(Glibc)
import Glibc
#endif
import SceneHostCore
import SceneHostConfig
import SceneHostRecordCodec

/// A plugin file a scene worker was handed as a descriptor (`--watch`: the very file the host
/// checked, `WorkerStartMessage.handedFiles`): the worker's loader opens it in place of the path,
/// which may name another file by now (a build written after the checks).
package struct HandedPluginFile: Sendable {
    /// The open descriptor, kept for the worker's life: each open takes a duplicate.
    package let descriptor: Int32
    /// The path with every link followed when the host checked it: the folder of `$ORIGIN`.
    package let realPath: String

    package init(descriptor: Int32, realPath: String) {
        self.descriptor = descriptor
        self.realPath = realPath
    }
}

extension PluginLoader {
    /// Opens `plugin`'s file: the descriptor handed for its path when there is one (a duplicate of
    /// it: the host walked and checked that file; its bytes are checked again against the record
    /// before it is loaded), else the path, walked with the file trust.
    func openFile(_ plugin: PluginReference) throws -> PluginFile {
        guard let handed = handedFiles[plugin.path] else { return try PluginFile.open(plugin, trust: trust) }
        let copy = fcntl(handed.descriptor, F_DUPFD_CLOEXEC, 3)
        guard copy >= 0 else {
            throw PluginLoadError.pluginOpenFailed(
                plugin,
                loaderMessage:
                    "the file its host checked and handed over cannot be opened again (\(String(cString: strerror(errno))))"
            )
        }
        do {
            return try PluginFile.adopt(copy, plugin: plugin, realPath: handed.realPath)
        } catch {
            close(copy)
            throw error
        }
    }

    /// The host's side (`--watch`): `entry`'s file opened again by its path, walked with the file
    /// trust, when it is still exactly the file its check rested on (`recorded`: the same `stat`
    /// identity, and bytes of the same SHA-256); nil when the path names another file by now (a
    /// build written after the checks). Its descriptor is what the host hands its scene workers.
    package func reopenChecked(_ entry: PluginEntry, recorded: CheckedPlugin) throws -> PluginFile? {
        let file = try PluginFile.open(reference(entry), trust: trust)
        guard file.identity == recorded.identity, SHA256.hexDigest(try file.readAll()) == recorded.sha256 else {
            return nil
        }
        return file
    }
}
