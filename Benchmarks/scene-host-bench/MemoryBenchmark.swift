import Foundation
import Logging
import SceneHost

/// (d) Memory: resident set size after 100,000 push/pop cycles against after 1,000 (a leak
/// shows as growth), and RSS added per loaded plugin.
@MainActor
enum MemoryBenchmark {
    static func run(into report: inout BenchReport, buildDirectory: String) throws {
        let (navigator, homeRouter) = try BenchScenes.navigator()
        func cycle(_ times: Int) throws {
            for _ in 0..<times {
                try homeRouter.routeToDetail()
                _ = try navigator.screen()
                try navigator.back()
            }
        }
        try cycle(1_000)
        let afterThousand = residentBytes()
        try cycle(99_000)
        let afterHundredThousand = residentBytes()
        report.rows.append(BenchRow(name: "RSS after 100,000 push/pop vs after 1,000", value: afterHundredThousand, baseline: afterThousand, unit: "bytes", bar: 1.05))

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scene-host-bench-rss-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        chmod(folder.path, 0o755)
        defer { try? FileManager.default.removeItem(at: folder) }
        let count = 50
        let plugins = try PluginCopies.install(count, from: buildDirectory + "/libFixtureNumbered.so", into: folder)
        let loader = PluginLoader(logger: Logger(label: "bench") { _ in SwiftLogNoOpLogHandler() })
        let container = SceneContainer()
        let before = residentBytes()
        for (name, path) in plugins {
            let location = SourceLocation(file: "bench", line: 1, column: 1)
            _ = try loader.load(PluginEntry(name: name, path: path, resolvedPath: path, sha256: nil, location: location, pathLocation: location), into: container)
        }
        let perPlugin = (residentBytes() - before) / Double(count)
        report.rows.append(BenchRow(name: "RSS added per loaded plugin vs the host's RSS", value: perPlugin, baseline: before, unit: "bytes", bar: nil))
    }

    /// The resident set size of this process, from /proc/self/statm.
    static func residentBytes() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE)))
    }
}
