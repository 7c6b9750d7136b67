#if canImport(Glibc)
import Glibc
#endif

/// The parts of the dynamic loader's search that come from outside the plugin: `LD_LIBRARY_PATH`,
/// the folders of `/etc/ld.so.conf` (the ones its cache is built from), the system's default folders,
/// and which libraries the process has loaded already.
package struct LoaderSearchPath: Sendable {
    /// `LD_LIBRARY_PATH` as the host process got it (the loader read it at start-up).
    package var libraryPath: String?
    /// The folders listed by `/etc/ld.so.conf` and its includes, in order.
    package var configuredFolders: [String]
    /// The folders glibc searches last, built into it.
    var defaultFolders: [String]
    /// The folder relative search folders are taken from (the loader uses the working folder).
    package var workingFolder: String
    /// Whether the process started with a library of this name: the loader then reuses it and
    /// searches nothing.
    var isLoaded: @Sendable (String) -> Bool

    static let systemDefaultFolders: [String] = {
        #if arch(x86_64)
        return ["/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu", "/lib64", "/usr/lib64", "/lib", "/usr/lib"]
        #elseif arch(arm64)
        return ["/lib/aarch64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/lib64", "/usr/lib64", "/lib", "/usr/lib"]
        #else
        return ["/lib", "/usr/lib"]
        #endif
    }()

    /// The search path of this process.
    package static func current() -> LoaderSearchPath {
        _ = startupHandles
        // glibc ignores an empty LD_LIBRARY_PATH; an empty entry in a longer one is the working folder.
        let libraryPath = getenv("LD_LIBRARY_PATH").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        var working = "/"
        if let folder = getcwd(nil, 0) {
            working = String(cString: folder)
            free(folder)
        }
        return LoaderSearchPath(
            libraryPath: libraryPath, configuredFolders: LDSOConfig.folders(),
            defaultFolders: systemDefaultFolders, workingFolder: working, isLoaded: loadedAtStart)
    }

    /// Whether the loader would reuse an object it mapped at start for `name`, so searches nothing.
    ///
    /// Asks the loader itself: `RTLD_NOLOAD` never loads anything nor runs any code, and the extra
    /// reference it returns is dropped at once. Only objects of `startupHandles` count: a library a
    /// plugin brought into the host since is not in a fresh probe child, which would search for it.
    @Sendable static func loadedAtStart(_ name: String) -> Bool {
        let startup = startupHandles
        guard let handle = dlopen(name, RTLD_NOLOAD | RTLD_LAZY) else { return false }
        defer { dlclose(handle) }
        return startup.contains(UInt(bitPattern: handle))
    }

    /// The loader's handles of the shared objects mapped when this is first read: the executable's
    /// own libraries. `current()` reads it, so it is taken when the host first checks a plugin,
    /// before it opens any. A probe child is a fresh process of the same executable: it starts with
    /// the same objects. Read from `/proc/self/maps` (the Glibc module has no `dl_iterate_phdr`).
    static let startupHandles: Set<UInt> = {
        guard let file = fopen("/proc/self/maps", "r") else { return [] }
        defer { fclose(file) }
        var paths = Set<String>()
        var line = [CChar](repeating: 0, count: 4096)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard let slash = text.firstIndex(of: "/") else { continue }
            let path = text[slash...].trimmingSuffix("\n")
            if path.contains(".so") { paths.insert(String(path)) }
        }
        var handles = Set<UInt>()
        for path in paths {
            guard let handle = dlopen(path, RTLD_NOLOAD | RTLD_LAZY) else { continue }
            handles.insert(UInt(bitPattern: handle))
            dlclose(handle)
        }
        return handles
    }()
}

extension Substring {
    fileprivate func trimmingSuffix(_ suffix: String) -> Substring {
        hasSuffix(suffix) ? dropLast(suffix.count) : self
    }
}
