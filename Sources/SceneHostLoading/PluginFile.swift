#if canImport(Glibc)
import Glibc
#endif
import SceneHostELF
import SceneHostFileTrust
import SceneHostCore
import SceneHostNative

/// A plugin file opened once: its owner and mode, its bytes, its hash, the probe and `dlopen` all go
/// through this one descriptor, so the file that is loaded is the file that was checked, even when
/// the path is changed in between.
///
/// The descriptor is closed when the value goes away; a loaded library stays mapped (it is never closed).
package final class PluginFile {
    package let plugin: PluginReference
    /// The open, read-only, close-on-exec descriptor.
    package let descriptor: Int32
    /// The path with every link followed: the folder of `$ORIGIN` for the plugin's dependencies.
    package let realPath: String
    /// What `fstat` said of the open file.
    package let identity: StatIdentity
    /// The wall clock just before that `fstat` (`StatIdentity.now()`).
    let identityReadAt: Int64
    /// What the byte checks found, once they ran on this open file.
    package var checked: FileFingerprint?
    /// The native functions its table declares, read with the byte checks.
    var nativeDeclarations: [NativeDeclaration] = []
    /// It exports a native function table at all (perhaps an empty one).
    var hasNativeTable = false
    /// Its dynamic section (needed libraries, search paths), read with the byte checks; nil until
    /// then, or when it has none that reads.
    var dynamicSection: ELFDynamicSection?
    /// The functions the file exports (defined, in its dynamic symbol table), read with its bytes:
    /// a C plugin's roles are looked for among them (`CPlugin`), with did-you-mean.
    var exportedFunctions: Set<String> = []

    private init(plugin: PluginReference, descriptor: Int32, realPath: String, identity: StatIdentity, readAt: Int64) {
        self.plugin = plugin
        self.descriptor = descriptor
        self.realPath = realPath
        self.identity = identity
        identityReadAt = readAt
    }

    /// The identity a cache may record for this file: nil when it changed too recently for its
    /// identity to vouch for its bytes (`StatIdentity.vouchesForContent`).
    var recordableIdentity: StatIdentity? {
        identity.vouchesForContent(readAt: identityReadAt) ? identity : nil
    }

    deinit { close(descriptor) }

    /// Walks the path (checking every folder and link when `trust` is given), opens the file without
    /// following a last link and without blocking (a FIFO), and checks the open file itself.
    static func open(_ plugin: PluginReference, trust: FileTrust?) throws -> PluginFile {
        let walk = (trust ?? FileTrust()).walk(plugin.path)
        let realPath: String
        switch walk {
        case .trusted(let path):
            realPath = path
        case .untrusted(let problems):
            if trust != nil, let first = problems.first {
                throw PluginLoadError.pluginUntrusted(
                    plugin, path: first.path, reason: first.reason, fix: FileTrust.combinedFix(problems),
                    also: problems.dropFirst().map { UntrustedPath(path: $0.path, reason: $0.reason) })
            }
            realPath = Self.realPath(of: plugin.path) ?? plugin.path
        case .unresolvable(let reason):
            var info = stat()
            if stat(plugin.path, &info) != 0 && errno == ENOENT { throw PluginLoadError.pluginFileMissing(plugin) }
            throw PluginLoadError.pluginOpenFailed(plugin, loaderMessage: reason)
        }
        let descriptor = Glibc.open(realPath, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else {
            if errno == ENOENT { throw PluginLoadError.pluginFileMissing(plugin) }
            throw PluginLoadError.pluginOpenFailed(
                plugin, loaderMessage: "the file cannot be opened (\(String(cString: strerror(errno))))")
        }
        var info = stat()
        let readAt = StatIdentity.now()
        guard fstat(descriptor, &info) == 0 else {
            close(descriptor)
            throw PluginLoadError.pluginOpenFailed(plugin, loaderMessage: "the open file cannot be examined")
        }
        if let kind = Self.kind(info.st_mode) {
            close(descriptor)
            throw PluginLoadError.pluginNotSharedLibrary(plugin, reason: kind)
        }
        // The walk checked the path; this checks the file actually opened (it may have been replaced since).
        if let trust, let problem = trust.problem(at: realPath, info: info) {
            close(descriptor)
            throw PluginLoadError.pluginUntrusted(plugin, path: problem.path, reason: problem.reason, fix: problem.fix)
        }
        return PluginFile(
            plugin: plugin, descriptor: descriptor, realPath: realPath, identity: StatIdentity(info), readAt: readAt)
    }

    /// Takes over a descriptor opened elsewhere (the probe child's inherited plugin file).
    static func adopt(_ descriptor: Int32, plugin: PluginReference, realPath: String) throws -> PluginFile {
        var info = stat()
        let readAt = StatIdentity.now()
        guard fstat(descriptor, &info) == 0 else {
            throw PluginLoadError.pluginOpenFailed(
                plugin, loaderMessage: "the inherited descriptor \(descriptor) is not open")
        }
        if let kind = Self.kind(info.st_mode) { throw PluginLoadError.pluginNotSharedLibrary(plugin, reason: kind) }
        return PluginFile(
            plugin: plugin, descriptor: descriptor, realPath: realPath, identity: StatIdentity(info), readAt: readAt)
    }

    /// Every byte of the open file, read from the descriptor (never by path again).
    func readAll() throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: identity.size)
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return pread(descriptor, base + offset, buffer.count - offset, off_t(offset))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                throw PluginLoadError.pluginOpenFailed(
                    plugin, loaderMessage: "the file cannot be read (it shrank to \(offset) bytes while being read)")
            }
            offset += count
        }
        return bytes
    }

    /// Whether the open file still has the identity it had when it was opened (size and times included).
    var isUnchanged: Bool {
        var info = stat()
        return fstat(descriptor, &info) == 0 && StatIdentity(info) == identity
    }

    /// The path through which the kernel opens exactly this descriptor's file.
    var descriptorPath: String { "/proc/self/fd/\(descriptor)" }

    /// Why a file of this type is no plugin, or nil for a regular file.
    private static func kind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "it is a folder"
        case S_IFIFO: return "it is a FIFO (named pipe)"
        case S_IFCHR, S_IFBLK: return "it is a device"
        case S_IFSOCK: return "it is a socket"
        default: return "it is not a regular file"
        }
    }

    private static func realPath(of path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
