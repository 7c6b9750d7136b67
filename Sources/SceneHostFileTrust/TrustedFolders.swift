import Synchronization

/// Folders a `FileTrust` walk of this run found trusted, as written, so the folders above a
/// thousand plugins are examined once per run, not once per plugin.
///
/// Only a folder reached with nothing wrong on the way and no link followed is kept: it and
/// every folder above it are owned by root or by the user and writable by nobody else, so no
/// other user can change, move or replace any of them while the host runs; what is below
/// (the plugin file, links, other folders) is still examined at every walk.
package final class TrustedFolders: Sendable {
    private let paths = Mutex<Set<String>>([])

    package init() {}

    package func contains(_ path: String) -> Bool { paths.withLock { $0.contains(path) } }

    package func insert(_ path: String) { _ = paths.withLock { $0.insert(path) } }
}
