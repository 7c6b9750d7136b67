#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Synchronization
import SceneHostFileTrust
import SceneHostLoading

/// The walk of every plugin file of a recorded start (`StartupCache.pendingStart`), run on another
/// thread while this one decodes and registers the start: a thousand `stat`s are about a
/// millisecond of system calls that need not wait for the decoding.
///
/// Nothing of the start is used before `unchanged(comparedWith:)` has joined the walk: the start
/// registers descriptions only (no plugin is opened), and a start whose files changed is
/// dropped with the container it filled (`AppStart.registerChecked`).
final class PluginFilesCheck: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let found = Mutex<[StatIdentity?]>([])

    /// Starts walking `paths` (in order) with `trust` (nil: `stat` only).
    init(paths: [String], trust: FileTrust?) {
        SideWork.start { [self] in
            let identities = Self.identities(of: paths, trust: trust)
            found.withLock { $0 = identities }
            done.signal()
        }
    }

    /// Whether every file has the identity `recorded` gives it, in order (waits for the walk).
    func unchanged(comparedWith recorded: [StatIdentity]) -> Bool {
        done.wait()
        // Signalled again: a copy of the start may ask too.
        done.signal()
        let identities = found.withLock { $0 }
        return identities.count == recorded.count && zip(identities, recorded).allSatisfy { $0 == $1 }
    }

    /// Each file's identity as a start would open it: after a walk with `trust` that finds nothing
    /// wrong (nil when it does), or `stat` without trust.
    static func identities(of paths: [String], trust: FileTrust?) -> [StatIdentity?] {
        var knownFolder: FileTrust.KnownFolder?
        return paths.map { path in
            // The common case (a plain path in a folder already found trusted) in one `fstatat`.
            if let info = trust?.trustedFileInKnownFolder(path, knownFolder: &knownFolder) { return StatIdentity(info) }
            return identity(of: path, trust: trust)
        }
    }

    /// The identity of the file at `path` as a start would open it (see `identities(of:trust:)`).
    static func identity(of path: String, trust: FileTrust?) -> StatIdentity? {
        guard let trust else { return StatIdentity(path: path) }
        var info: stat?
        guard case .trusted = trust.walk(path, file: &info), let info else { return nil }
        return StatIdentity(info)
    }
}
