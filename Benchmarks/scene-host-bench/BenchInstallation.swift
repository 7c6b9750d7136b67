import Foundation

/// Copies of the Realistic fixture (three scenes, routes, contracts), installed in a temporary
/// folder with one config per plugin count; `remove()` deletes it all.
///
/// Each copy has the plugin name "RealisticPlugin0000" patched to "RealisticPlugin0001", ...
/// (same length), which renames its scenes too (they are named from it at run time).
struct BenchInstallation {
    static let marker = "RealisticPlugin0000"
    let folder: URL
    let plugins: [(name: String, path: String)]

    init(count: Int, buildDirectory: String) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("scene-host-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Plugins are refused from group- or world-writable folders.
        chmod(folder.path, 0o755)
        let library = Self.fixturesDirectory(besides: buildDirectory) + "/libFixtureRealistic.so"
        guard FileManager.default.fileExists(atPath: library) else {
            throw BenchFailure(
                "\(library) is missing: the test fixtures are a package of their own; build them with scripts/build-fixtures.sh release (scripts/benchmark does)"
            )
        }
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: library)))
        let marker = Array(Self.marker.utf8)
        var offsets: [Int] = []
        var index = 0
        while index + marker.count <= original.count {
            if original[index] == marker[0] && original[index..<(index + marker.count)].elementsEqual(marker) {
                offsets.append(index)
            }
            index += 1
        }
        guard !offsets.isEmpty else { throw BenchFailure("\(library) does not contain the name \(Self.marker)") }
        let folder = folder
        plugins = try (0..<count).map { number in
            let name = String(format: "RealisticPlugin%04d", number)
            var bytes = original
            for offset in offsets { bytes.replaceSubrange(offset..<(offset + marker.count), with: Array(name.utf8)) }
            let path = folder.appendingPathComponent("lib\(name).so").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return (name, path)
        }
    }

    /// The fixture package's build of the same mode as `buildDirectory` (`scripts/build-fixtures.sh`):
    /// `<repository>/.build/fixtures/<debug|release>`.
    static func fixturesDirectory(besides buildDirectory: String) -> String {
        let build = URL(fileURLWithPath: buildDirectory).resolvingSymlinksInPath()
        var folder = build
        while folder.lastPathComponent != ".build", folder.path != "/" { folder = folder.deletingLastPathComponent() }
        return folder.appendingPathComponent("fixtures/\(build.lastPathComponent)").path
    }

    /// The size of one copy, in bytes.
    var pluginSize: Double {
        let size = plugins.first.flatMap {
            try? FileManager.default.attributesOfItem(atPath: $0.path)[.size] as? NSNumber
        }
        return size?.doubleValue ?? 0
    }

    /// Writes a config with the first `count` plugins, starting at the first one's list scene,
    /// with a segue from it to every other plugin's list (so every scene is reachable, as in an app).
    func config(plugins count: Int) throws -> String {
        let path = folder.appendingPathComponent("scenes-\(count).conf").path
        var text = "initial = \"\(Self.marker)List\"\n"
        for (name, path) in plugins.prefix(count) { text += "\n[plugins.\(name)]\npath = \"\(path)\"\n" }
        for (name, _) in plugins.prefix(count).dropFirst() {
            text += "\n[[segues]]\nfrom = \"\(Self.marker)List\"\nid = \"open\(name)\"\nto = \"\(name)List\"\n"
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A path in the folder for a file that does not exist yet (a cache, a script).
    func newFile(_ name: String) -> String { folder.appendingPathComponent("\(name)-\(UUID().uuidString)").path }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}
