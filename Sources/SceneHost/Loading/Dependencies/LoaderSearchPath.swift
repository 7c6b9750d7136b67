#if canImport(Glibc)
import Glibc
#endif

/// The parts of the dynamic loader's search that come from outside the plugin: `LD_LIBRARY_PATH`,
/// the folders of `/etc/ld.so.conf` (the ones its cache is built from), the system's default folders,
/// and which libraries the process has loaded already.
struct LoaderSearchPath: Sendable {
    /// `LD_LIBRARY_PATH` as the host process got it (the loader read it at start-up).
    var libraryPath: String?
    /// The folders listed by `/etc/ld.so.conf` and its includes, in order.
    var configuredFolders: [String]
    /// The folders glibc searches last, built into it.
    var defaultFolders: [String]
    /// The folder relative search folders are taken from (the loader uses the working folder).
    var workingFolder: String
    /// Whether the process already has a library of this name loaded: the loader then reuses it
    /// and searches nothing.
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
    static func current() -> LoaderSearchPath {
        let libraryPath = getenv("LD_LIBRARY_PATH").map { String(cString: $0) }
        var working = "/"
        if let folder = getcwd(nil, 0) {
            working = String(cString: folder)
            free(folder)
        }
        return LoaderSearchPath(libraryPath: libraryPath, configuredFolders: LDSOConfig.folders(),
                                defaultFolders: systemDefaultFolders, workingFolder: working, isLoaded: processHasLoaded)
    }

    /// Asks the loader itself: `RTLD_NOLOAD` never loads anything nor runs any code; the extra
    /// reference it returns is dropped at once.
    @Sendable static func processHasLoaded(_ name: String) -> Bool {
        guard let handle = dlopen(name, RTLD_NOLOAD | RTLD_LAZY) else { return false }
        dlclose(handle)
        return true
    }
}
