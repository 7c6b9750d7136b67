#if canImport(Glibc)
import Glibc
#endif
import SceneHostLoading
import SceneHostCore

/// The plugin files a check rested on, held open for the scene workers (`--watch`): each worker the
/// supervisor starts on that build is handed them right after its start frame
/// (`WorkerChannel.sendDescriptors`) and loads them in place of their paths, so a build written
/// after the checks never reaches a worker, and a worker started later (after a fault) loads the
/// same bytes. Closed when the build is replaced.
package final class CheckedPluginFiles: Sendable {
    /// What the start message announces, in the order of `descriptors`.
    package let files: [WorkerStartMessage.HandedFile]
    /// Close-on-exec duplicates owned here.
    package let descriptors: [Int32]

    /// Duplicates of `opened`'s descriptors (at most `WorkerChannel.maximumDescriptors`: a reload
    /// of more plugins at once hands the first ones, the others are opened by path as at start);
    /// nil when the process is out of descriptors.
    package static func duplicating(_ opened: [PluginFile]) -> CheckedPluginFiles? {
        var files: [WorkerStartMessage.HandedFile] = [], descriptors: [Int32] = []
        for file in opened.prefix(WorkerChannel.maximumDescriptors) {
            let copy = fcntl(file.descriptor, F_DUPFD_CLOEXEC, 3)
            guard copy >= 0 else {
                for descriptor in descriptors { close(descriptor) }
                return nil
            }
            files.append(WorkerStartMessage.HandedFile(path: file.plugin.path, realPath: file.realPath))
            descriptors.append(copy)
        }
        return CheckedPluginFiles(files: files, descriptors: descriptors)
    }

    private init(files: [WorkerStartMessage.HandedFile], descriptors: [Int32]) {
        self.files = files
        self.descriptors = descriptors
    }

    deinit {
        for descriptor in descriptors { close(descriptor) }
    }
}
