import Foundation

/// A fresh folder under the system's temporary folder, for configs and fixture files a test writes.
package struct TemporaryFolder {
    package let url: URL

    package init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("scene-host-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        // Plugins are refused from group-writable folders: do not depend on the umask.
        chmod(url.path, 0o755)
    }

    /// Writes `text` to `name` inside the folder and returns the file's path.
    @discardableResult
    package func write(_ text: String, to name: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    /// Writes raw bytes to `name` and returns the file's path.
    @discardableResult
    package func write(bytes: [UInt8], to name: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file.path
    }

    /// Makes the folder `name` inside this one with exactly `mode` (whatever the umask); returns its path.
    @discardableResult
    package func makeFolder(_ name: String, mode: mode_t = 0o755) throws -> String {
        let folder = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        chmod(folder.path, mode)
        return folder.path
    }

    package func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}
