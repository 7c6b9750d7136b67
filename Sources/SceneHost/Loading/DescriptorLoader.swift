#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Opens a `PluginFile` as a library through its descriptor, so the loaded code is the checked file.
///
/// `dlopen("/proc/self/fd/N")` alone would load the right file but break `$ORIGIN`: the dynamic
/// loader takes the origin from the name it was given, so the plugin's own dependencies (found in
/// its folder, like libOrdersKit.so) would be looked for in /proc/self/fd. So the library is opened
/// through a private folder (0700, ours, in a trusted temporary folder) that stands in for the
/// plugin's folder: the plugin's name links to the descriptor, and every library and folder beside
/// the plugin links to the real one (those were checked like any dependency). The folder is removed
/// right after `dlopen`; the mapped library stays. Search paths that climb out of `$ORIGIN` with
/// `..` are refused before this point (`DependencyCheck`), since they would leave the private folder.
enum DescriptorLoader {
    /// `dlopen` of exactly `file`'s descriptor; the handle, or the loader's error text.
    static func open(_ file: PluginFile, flags: Int32, temporaryFolder: String) -> Result<UnsafeMutableRawPointer, LoadFailure> {
        let template = temporaryFolder + "/scene-host-load-XXXXXX"
        var templateBytes = Array(template.utf8CString)
        guard let created = mkdtemp(&templateBytes) else {
            return .failure(.privateFolder(reason: "cannot create a private folder in \(temporaryFolder): \(String(cString: strerror(errno)))"))
        }
        let folder = String(cString: created)
        defer { removeMirror(folder) }
        let folderOfPlugin = (file.realPath as NSString).deletingLastPathComponent
        let name = (file.realPath as NSString).lastPathComponent
        mirror(folderOfPlugin, into: folder, except: name)
        guard symlink(file.descriptorPath, folder + "/" + name) == 0 else {
            return .failure(.privateFolder(reason: "cannot link the plugin in \(folder): \(String(cString: strerror(errno)))"))
        }
        _ = dlerror()
        guard let handle = dlopen(folder + "/" + name, flags) else {
            let message = dlerror().map { String(cString: $0) } ?? "unknown dlopen error"
            return .failure(.loader(message: message.replacingOccurrences(of: folder + "/", with: folderOfPlugin + "/")))
        }
        return .success(handle)
    }

    /// Why `open` failed.
    enum LoadFailure: Error, Equatable {
        /// The dynamic loader's message, with the private folder replaced by the plugin's folder.
        case loader(message: String)
        case privateFolder(reason: String)
    }

    /// Links every library (`*.so*`) and every folder beside the plugin into `folder`.
    private static func mirror(_ source: String, into folder: String, except name: String) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: source) else { return }
        for entry in entries where entry != name && !entry.hasPrefix(".") {
            let path = source + "/" + entry
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            let isFolder = (info.st_mode & S_IFMT) == S_IFDIR
            guard isFolder || entry.contains(".so") else { continue }
            _ = symlink(path, folder + "/" + entry)
        }
    }

    /// Removes the links and the folder (never anything they point to: `unlink` does not follow links).
    private static func removeMirror(_ folder: String) {
        if let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) {
            for entry in entries { unlink(folder + "/" + entry) }
        }
        rmdir(folder)
    }
}
