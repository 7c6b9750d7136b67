#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SceneHostELF
import SceneHostCore
import SceneHostNative
import SceneHostContainer
import SceneHostConfig

/// Opens a `PluginFile` as a library through its descriptor, so the loaded code is the checked file.
///
/// `dlopen("/proc/self/fd/N")` alone would load the right file but break `$ORIGIN`: the dynamic
/// loader takes the origin from the name it was given, so the plugin's own dependencies (found in
/// its folder, like libOrdersKit.so) would be looked for in /proc/self/fd. So the library is opened
/// through a private folder (0700, ours, in a trusted temporary folder) that stands in for the
/// plugin's folder: the plugin's name links to the descriptor, and each library beside the plugin
/// that the loader would look for there (its `DT_NEEDED` names, and theirs, found in that folder)
/// and each folder its `$ORIGIN/...` search paths start with links to the real one (those were
/// checked like any dependency). Only those: a folder of a thousand plugins is not mirrored a
/// thousand times (that made `check` quadratic in the plugins per folder). The folder is removed
/// right after `dlopen`; the mapped library stays. Search paths that climb out of `$ORIGIN` with
/// `..` are refused before this point (`DependencyCheck`), since they would leave the private folder.
package enum DescriptorLoader {
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
        mirror(folderOfPlugin, into: folder, names: neighbours(of: file, in: folderOfPlugin, except: name))
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
    package enum LoadFailure: Error, Equatable {
        /// The dynamic loader's message, with the private folder replaced by the plugin's folder.
        case loader(message: String)
        case privateFolder(reason: String)
    }

    /// Links each of `names` in `source` into `folder`.
    private static func mirror(_ source: String, into folder: String, names: [String]) {
        for entry in names { _ = symlink(source + "/" + entry, folder + "/" + entry) }
    }

    /// What the loader may look for in the plugin's folder: the libraries it needs found there (and
    /// what those need, found there too), and the first folder of every `$ORIGIN/...` search path.
    package static func neighbours(of file: PluginFile, in source: String, except name: String) -> [String] {
        guard let bytes = try? file.readAll() else { return [] }
        var names: [String] = []
        var seen: Set<String> = [name]
        var queue = [bytes]
        while let next = queue.popLast() {
            guard let elf = ELFFile(next), let section = try? ELFDynamicSection.read(from: elf) else { continue }
            for list in [section.rpath, section.runpath].compactMap({ $0 }) {
                for item in list.split(separator: ":") {
                    for token in ["$ORIGIN/", "${ORIGIN}/"] where item.hasPrefix(token) {
                        if let first = item.dropFirst(token.count).split(separator: "/").first, first != ".", first != "..",
                           seen.insert(String(first)).inserted, exists(source + "/" + first) {
                            names.append(String(first))
                        }
                    }
                }
            }
            for needed in section.needed where !needed.contains("/") && seen.insert(needed).inserted {
                let path = source + "/" + needed
                guard exists(path) else { continue }
                names.append(needed)
                if let library = FileManager.default.contents(atPath: path) { queue.append([UInt8](library)) }
            }
        }
        return names
    }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Removes the links and the folder (never anything they point to: `unlink` does not follow links).
    private static func removeMirror(_ folder: String) {
        if let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) {
            for entry in entries { unlink(folder + "/" + entry) }
        }
        rmdir(folder)
    }
}
