#if canImport(Glibc)
import Glibc
#endif
import SceneHostELF
import SceneHostFileTrust
import SceneHostCore

/// Finds a plugin's libraries as glibc's dynamic loader would, before anything is loaded, and
/// holds every library that is not loaded yet to the plugin's trust rules.
///
/// Order of the search for a `DT_NEEDED` name without `/` (glibc `_dl_map_object`): the `DT_RPATH`
/// of the object that needs it and of the objects that loaded it (only when that object has no
/// `DT_RUNPATH`), `LD_LIBRARY_PATH`, its `DT_RUNPATH`, the `/etc/ld.so.conf` folders, the system's
/// default folders; glibc-hwcaps and platform subfolders first in each. A name the process started
/// with is reused by the loader and not searched (see `LoaderSearchPath.loadedAtStart`). Libraries are walked breadth first,
/// as the loader maps them, with a visited set and a depth bound.
///
/// Trust: the library file and the folders above it pass `FileTrust`; the folder it is found in and
/// every folder searched before it must not be writable by anyone but root and the user at all (a
/// sticky folder does not help: others can create a file of that name there); a folder searched
/// before it that does not exist must not be creatable by others.
struct DependencyCheck {
    package static let maximumDepth = 16
    static let maximumLibraries = 512

    package let trust: FileTrust
    let searchPath: LoaderSearchPath

    package init(trust: FileTrust, searchPath: LoaderSearchPath = .current()) {
        self.trust = trust
        self.searchPath = searchPath
    }

    /// An object the loader would map, as far as the search needs it.
    private struct MappedObject {
        let path: String
        let origin: String
        let section: ELFDynamicSection
        /// Its own `DT_RPATH` folders, then those of the objects that loaded it.
        let rpathChain: [SearchFolder]
        let depth: Int
    }

    /// Where the loader would take a library from, and the folders it tries before.
    package struct Resolution: Equatable {
        let path: String
        let folder: SearchFolder
        let searchedBefore: [SearchFolder]
    }

    /// Throws when a library of the plugin whose bytes are `bytes` would be found in an untrusted
    /// place (`pluginDependencyUntrusted`), cannot be found (`pluginDependencyMissing`) or cannot
    /// be checked (`pluginDependencyUnchecked`). Reads only the plugin's bytes, never its path again;
    /// the libraries are read from their own paths. Returns where each library not loaded yet
    /// would be loaded from, by `DT_NEEDED` name.
    @discardableResult
    package func check(
        pluginBytes bytes: [UInt8], plugin: PluginReference, realPath: String? = nil
    ) throws(PluginLoadError) -> [String: String] {
        guard let file = ELFFile(bytes) else { return [:] }  // ELFHeaderCheck refuses it first.
        let section: ELFDynamicSection
        do { section = try ELFDynamicSection.read(from: file) } catch {
            throw .pluginNotSharedLibrary(plugin, reason: error.reason)
        }
        let pluginPath = realPath ?? Self.realPath(plugin.path) ?? plugin.path
        let root = try mapped(path: pluginPath, section: section, parent: nil, plugin: plugin, library: plugin.path)
        var queue = [root]
        var knownNames = Set<String>()
        var visited: Set<String> = [pluginPath]
        var resolved: [String: String] = [:]
        var index = 0
        while index < queue.count {
            let object = queue[index]
            index += 1
            for name in object.section.needed where knownNames.insert(name).inserted {
                if searchPath.isLoaded(name) { continue }
                guard let found = try resolve(name, for: object, plugin: plugin) else {
                    throw .pluginDependencyMissing(plugin, library: name)
                }
                try checkTrust(of: found, library: name, plugin: plugin)
                resolved[name] = found.path
                let real = Self.realPath(found.path) ?? found.path
                guard visited.insert(real).inserted else { continue }
                guard object.depth < Self.maximumDepth, visited.count <= Self.maximumLibraries else {
                    throw .pluginDependencyUnchecked(
                        plugin, library: name,
                        reason:
                            "its libraries nest deeper than \(Self.maximumDepth) levels or number more than \(Self.maximumLibraries)"
                    )
                }
                queue.append(try read(library: name, at: real, parent: object, plugin: plugin))
            }
        }
        return resolved
    }

    // MARK: Reading objects

    private func read(
        library: String, at path: String, parent: MappedObject, plugin: PluginReference
    ) throws(PluginLoadError) -> MappedObject {
        guard let bytes = Self.contents(of: path) else {
            throw .pluginDependencyUnchecked(plugin, library: library, reason: "\(path) cannot be read")
        }
        if let problem = ELFHeaderCheck.problem(with: bytes) {
            throw .pluginDependencyUnchecked(
                plugin, library: library, reason: "\(path) is not a shared library for this host (\(problem))")
        }
        guard let file = ELFFile(bytes) else {
            throw .pluginDependencyUnchecked(plugin, library: library, reason: "\(path) has no ELF header")
        }
        do {
            let section = try ELFDynamicSection.read(from: file)
            return try mapped(path: path, section: section, parent: parent, plugin: plugin, library: library)
        } catch let error as ELFDynamicSection.Problem {
            throw .pluginDependencyUnchecked(plugin, library: library, reason: "\(path): \(error.reason)")
        } catch let error as PluginLoadError {
            throw error
        } catch {
            throw .pluginDependencyUnchecked(plugin, library: library, reason: "\(error)")
        }
    }

    private func mapped(
        path: String, section: ELFDynamicSection, parent: MappedObject?, plugin: PluginReference, library: String
    ) throws(PluginLoadError) -> MappedObject {
        let origin = Self.folder(of: path)
        var chain: [SearchFolder] = []
        if let rpath = section.rpath {
            chain = try folders(rpath, origin: origin, source: "RPATH of \(path)", plugin: plugin, library: library)
        }
        return MappedObject(
            path: path, origin: origin, section: section, rpathChain: chain + (parent?.rpathChain ?? []),
            depth: (parent?.depth ?? -1) + 1)
    }

    // MARK: Searching

    /// Where the loader finds `name` for `object`, or nil when it finds it nowhere.
    private func resolve(
        _ name: String, for object: MappedObject, plugin: PluginReference
    ) throws(PluginLoadError) -> Resolution? {
        if name.contains("/") {
            // A name with a slash is a path (tokens expanded, relative to the working folder): no search.
            let path: String
            switch DynamicStringTokens.expand(name, origin: object.origin) {
            case .expanded(let expanded): path = absolute(expanded)
            case .unsupported(let token):
                throw unsupported(
                    token, in: "DT_NEEDED entry '\(name)' of \(object.path)", library: name, plugin: plugin)
            }
            guard Self.isFile(path) else { return nil }
            return Resolution(
                path: path, folder: SearchFolder(path: Self.folder(of: path), source: "path written in \(object.path)"),
                searchedBefore: [])
        }
        var searchFolders: [SearchFolder] = []
        if object.section.runpath == nil { searchFolders += object.rpathChain }
        if let libraryPath = searchPath.libraryPath {
            searchFolders += try folders(
                libraryPath, origin: Self.executableFolder, source: "LD_LIBRARY_PATH", plugin: plugin, library: name,
                separators: ":;")
        }
        if let runpath = object.section.runpath {
            searchFolders += try folders(
                runpath, origin: object.origin, source: "RUNPATH of \(object.path)", plugin: plugin, library: name)
        }
        searchFolders += searchPath.configuredFolders.map {
            SearchFolder(path: $0, source: "folders of \(LDSOConfig.path)")
        }
        searchFolders += searchPath.defaultFolders.map { SearchFolder(path: $0, source: "system's default folders") }
        var tried: [SearchFolder] = []
        for folder in searchFolders {
            for candidate in folder.candidates {
                let path = candidate.path.hasSuffix("/") ? candidate.path + name : candidate.path + "/" + name
                if Self.isFile(path) { return Resolution(path: path, folder: candidate, searchedBefore: tried) }
                tried.append(candidate)
            }
        }
        return nil
    }

    /// The folders of a search list (`DT_RUNPATH`, `LD_LIBRARY_PATH`, ...): tokens expanded, an empty
    /// entry meaning the working folder, as the loader reads them.
    private func folders(
        _ list: String, origin: String, source: String, plugin: PluginReference, library: String,
        separators: String = ":"
    ) throws(PluginLoadError) -> [SearchFolder] {
        var result: [SearchFolder] = []
        for entry in list.split(omittingEmptySubsequences: false, whereSeparator: { separators.contains($0) }) {
            // Plugins are opened through a private stand-in for their folder (DescriptorLoader):
            // a path that climbs out of $ORIGIN would leave it and land in the temporary folder.
            if entry.contains("ORIGIN"), entry.split(separator: "/").contains("..") {
                throw .pluginDependencyUnchecked(
                    plugin, library: library,
                    reason:
                        "the \(source) ('\(list)') climbs out of $ORIGIN with '..', which the host cannot follow: it opens plugins through a private stand-in for their folder. Use $ORIGIN, a folder below it, or an absolute folder"
                )
            }
            switch DynamicStringTokens.expand(String(entry), origin: origin) {
            case .expanded(let folder): result.append(SearchFolder(path: absolute(folder), source: source))
            case .unsupported(let token):
                throw unsupported(token, in: "\(source) ('\(list)')", library: library, plugin: plugin)
            }
        }
        return result
    }

    private func unsupported(
        _ token: String, in place: String, library: String, plugin: PluginReference
    ) -> PluginLoadError {
        .pluginDependencyUnchecked(
            plugin, library: library,
            reason:
                "the \(place) uses \(token), which the host does not expand (only $ORIGIN); use $ORIGIN or an absolute folder"
        )
    }

    /// `path` from the working folder, without trailing slashes (as the loader trims them).
    private func absolute(_ path: String) -> String {
        var result =
            path.hasPrefix("/")
            ? path
            : path.isEmpty
                ? searchPath.workingFolder
                : searchPath.workingFolder.hasSuffix("/")
                    ? searchPath.workingFolder + path : searchPath.workingFolder + "/" + path
        while result.count > 1 && result.hasSuffix("/") { result.removeLast() }
        return result
    }

    // MARK: Trust

    private func checkTrust(of found: Resolution, library: String, plugin: PluginReference) throws(PluginLoadError) {
        func refuse(_ fault: UntrustedDependency.Fault, _ problem: FileTrust.Problem, fix: String) -> PluginLoadError {
            .pluginDependencyUntrusted(
                plugin,
                UntrustedDependency(
                    library: library, path: found.path, foundBy: found.folder.source, fault: fault,
                    faultPath: problem.path, reason: problem.reason, fix: fix))
        }
        for folder in found.searchedBefore + [found.folder] {
            guard let fault = folderProblem(folder.path) else { continue }
            let problem = fault.problem
            let listedExists = fault.existing == folder.listed || fault.existing.hasPrefix(folder.listed + "/")
            if !listedExists {
                throw refuse(
                    .missingFolder(missing: folder.listed, source: folder.source), problem,
                    fix:
                        "\(problem.fix), or create \(folder.listed) yourself (mkdir -p -m 755 \(folder.listed)), or remove it from the \(folder.source)"
                )
            }
            if folder.listed == found.folder.listed && folder.source == found.folder.source {
                throw refuse(
                    .hitFolder, problem,
                    fix: "\(problem.fix), or install \(library) in a folder only root or you can write")
            }
            throw refuse(
                .searchedBefore(source: folder.source), problem,
                fix: "\(problem.fix), or remove it from the \(folder.source)")
        }
        if let problem = trust.problem(forFileAt: found.path) {
            let file = Self.realPath(found.path) ?? found.path
            throw refuse(problem.path == file ? .file : .folderAbove, problem, fix: problem.fix)
        }
    }

    /// What lets others put a file in `folder`: the folder itself writable by them (sticky or not),
    /// or a folder above it failing `FileTrust`. A missing folder is judged by its nearest existing
    /// ancestor (`existing`), where someone could create it.
    private func folderProblem(_ folder: String) -> (problem: FileTrust.Problem, existing: String)? {
        var current = folder
        var info = stat()
        while stat(current, &info) != 0 {
            guard current != "/", !current.isEmpty else { return nil }
            current = Self.folder(of: current)
        }
        if let problem = strictProblem(current, info) { return (problem, current) }
        if let problem = trust.problem(forFileAt: current) { return (problem, current) }
        return nil
    }

    private func strictProblem(_ path: String, _ info: stat) -> FileTrust.Problem? {
        if info.st_uid != 0 && info.st_uid != trust.userID {
            return FileTrust.Problem(
                path: path, reason: "owned by user \(info.st_uid), not by root or by you (user \(trust.userID))",
                fix: "chown \(trust.userID) \(path)")
        }
        if info.st_mode & S_IWOTH != 0 {
            return FileTrust.Problem(path: path, reason: "writable by every user", fix: "chmod o-w \(path)")
        }
        if info.st_mode & S_IWGRP != 0 {
            return FileTrust.Problem(
                path: path, reason: "writable by its group (group \(info.st_gid))", fix: "chmod g-w \(path)")
        }
        return nil
    }

    // MARK: Files

    private static func isFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The folder holding `path` ("/" for a file at the root).
    package static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    /// `$ORIGIN` of `LD_LIBRARY_PATH` entries: the executable's folder.
    static let executableFolder: String = folder(of: realPath("/proc/self/exe") ?? "/")

    /// A library's bytes (libraries are not the plugin: reading them by path is what the loader does too).
    private static func contents(of path: String) -> [UInt8]? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count > 0 { bytes.append(contentsOf: chunk[0..<count]) }
            if count < chunk.count { break }
        }
        return bytes
    }
}
