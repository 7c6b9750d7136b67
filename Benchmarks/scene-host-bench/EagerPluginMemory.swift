import Logging
import SceneHostConfig
import SceneHostContainer
import SceneHostCore
import SceneHostLoading

/// RSS per plugin opened in one process: the first `count` realistic copies loaded through the
/// host's `PluginLoader` into one container (what a run that visits every plugin ends up holding),
/// with this process's resident size read before and after.
///
/// Measured in the benchmark's own process because no command opens every plugin any more:
/// `check` reads the probes' verdicts and `run` opens plugins as scenes are shown. It runs right
/// after the push/pop cycles (whose heap is small) and before the container benchmark, which
/// leaves large freed heaps behind that the loads could reuse unseen.
@MainActor
enum EagerPluginMemory {
    static let count = 200

    static func run(into report: inout BenchReport, buildDirectory: String) throws {
        let installation = try BenchInstallation(count: count, buildDirectory: buildDirectory)
        defer { installation.remove() }
        // No inspector: the plugins are this build's own fixture, loaded without probe children.
        let loader = PluginLoader(logger: Logger(label: "scene-host-bench"))
        let container = SceneContainer()
        let before = MemoryBenchmark.residentBytes()
        for (name, path) in installation.plugins {
            let location = SourceLocation(file: "scene-host-bench", line: 1, column: 1)
            let entry = PluginEntry(
                name: name, path: path, resolvedPath: path, sha256: nil, location: location, pathLocation: location)
            _ = try loader.load(entry, into: container)
        }
        let after = MemoryBenchmark.residentBytes()
        report.rows.append(
            BenchRow(
                name: "RSS per opened plugin, eager (\(count) loaded in one process), vs RSS before",
                value: (after - before) / Double(count),
                baseline: before, unit: "bytes", bar: nil))
        withExtendedLifetime(container) {}
    }
}
