#if canImport(Glibc)
import Glibc
#endif
import SceneHostELF
import SceneHostProcesses
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
///
/// In a child that was handed a private folder of its own (`PrivateFolder`: a probe scanner, a
/// scene worker), one load folder inside it serves every plugin the child opens, emptied after
/// each `dlopen`: a scanner opens dozens of plugins, and a folder made and removed for each was
/// a measurable share of a cold start (`mkdir` and `rmdir`, issue 36). Nobody else can reach it
/// (the private folder is 0700 and removed by the parent), and plugin code already loaded in the
/// same process could tamper with a fresh folder as easily, so reuse gives no one new power. A
/// load folder that is not this user's own folder (plugin code replaced it with a link or a file)
/// is not used: that open makes a fresh folder, as the host process always does.
package enum DescriptorLoader {
    /// The load folder reused inside a child's private folder.
    static let reusedFolderName = "scene-host-load"

    /// `dlopen` of exactly `file`'s descriptor; the handle, or the loader's error text.
    /// `reuseFolder`: `temporaryFolder` is this process's own private folder (see above).
    static func open(
        _ file: PluginFile, flags: Int32, temporaryFolder: String, reuseFolder: Bool = false
    ) -> Result<UnsafeMutableRawPointer, LoadFailure> {
        let folder: String
        let reused = reuseFolder ? reusableFolder(in: temporaryFolder) : nil
        if let reused {
            folder = reused
        } else {
            let template = temporaryFolder + "/scene-host-load-XXXXXX"
            var templateBytes = Array(template.utf8CString)
            guard let created = mkdtemp(&templateBytes) else {
                return .failure(
                    .privateFolder(
                        reason:
                            "cannot create a private folder in \(temporaryFolder): \(String(cString: strerror(errno)))")
                )
            }
            folder = String(cString: created)
        }
        defer { removeMirror(folder, keepingFolder: reused != nil) }
        let folderOfPlugin = SettingsCheck.folder(of: file.realPath)
        let name = String(file.realPath.split(separator: "/").last ?? "")
        mirror(folderOfPlugin, into: folder, names: neighbours(of: file, in: folderOfPlugin, except: name))
        guard symlink(file.descriptorPath, folder + "/" + name) == 0 else {
            return .failure(
                .privateFolder(reason: "cannot link the plugin in \(folder): \(String(cString: strerror(errno)))"))
        }
        _ = dlerror()
        guard let handle = dlopen(folder + "/" + name, flags) else {
            let message = dlerror().map { String(cString: $0) } ?? "unknown dlopen error"
            return .failure(
                .loader(message: message.replacing(folder + "/", with: folderOfPlugin + "/")))
        }
        return .success(handle)
    }

    /// Why `open` failed.
    enum LoadFailure: Error, Equatable {
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
        var names: [String] = []
        var seen: Set<String> = [name]
        // The plugin's own section was read with its byte checks: its bytes are not read twice.
        var sections: [ELFDynamicSection] = []
        if let section = file.dynamicSection {
            sections.append(section)
        } else if let bytes = try? file.readAll(), let elf = ELFFile(bytes),
            let section = try? ELFDynamicSection.read(from: elf)
        {
            sections.append(section)
        }
        while let section = sections.popLast() {
            for list in [section.rpath, section.runpath].compactMap({ $0 }) {
                for item in list.split(separator: ":") {
                    for token in ["$ORIGIN/", "${ORIGIN}/"] where item.hasPrefix(token) {
                        if let first = item.dropFirst(token.count).split(separator: "/").first, first != ".",
                            first != "..",
                            seen.insert(String(first)).inserted, exists(source + "/" + first)
                        {
                            names.append(String(first))
                        }
                    }
                }
            }
            for needed in section.needed where !needed.contains("/") && seen.insert(needed).inserted {
                let path = source + "/" + needed
                guard exists(path) else { continue }
                names.append(needed)
                if let library = Self.contents(ofLibrary: path), let elf = ELFFile(library),
                    let section = try? ELFDynamicSection.read(from: elf)
                {
                    sections.append(section)
                }
            }
        }
        return names
    }

    /// The bytes of the library at `path` (a regular file, at most 1 GiB); nil when it cannot be read.
    private static func contents(ofLibrary path: String) -> [UInt8]? {
        guard case .success(let descriptor) = InputFile.open(path) else { return nil }
        defer { close(descriptor) }
        guard case .success(let bytes) = InputFile.read(descriptor, limit: 1 << 30) else { return nil }
        return bytes
    }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// The load folder in `privateFolder`, made on first use, empty; nil when it cannot be made or
    /// is not a folder of this user's that only this user can enter (then a fresh one is made).
    static func reusableFolder(in privateFolder: String) -> String? {
        let folder = privateFolder + "/" + reusedFolderName
        if mkdir(folder, 0o700) != 0 {
            var info = stat()
            guard errno == EEXIST, lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR,
                info.st_uid == geteuid(), info.st_mode & 0o077 == 0
            else { return nil }
            // Whatever a crashed open or plugin code left: each open starts from an empty folder.
            PrivateFolder.removeContents(of: folder)
        }
        return folder
    }

    /// Removes the links and, unless it is reused, the folder (never anything they point to).
    private static func removeMirror(_ folder: String, keepingFolder: Bool) {
        PrivateFolder.removeContents(of: folder)
        if !keepingFolder { rmdir(folder) }
    }
}
