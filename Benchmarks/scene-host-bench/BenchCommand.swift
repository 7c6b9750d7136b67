import ArgumentParser
import Foundation
import SceneHostCore

/// `scene-host-bench`: the performance figures of docs/performance.md, each a ratio against a
/// baseline measured in the same run. Run it from a release build: `scripts/benchmark`.
@main
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scene-host-bench",
        abstract: "Measure navigation, container resolution, start-up, memory and scene workers against baselines.",
        discussion: "Exit codes: 0 every bar met; 1 a bar missed; 2 a benchmark could not run."
    )

    @Option(help: "The build folder with scene-host and the plugins (default: this executable's folder).")
    var buildDirectory: String?

    @Option(help: "Where to write the results as JSON.")
    var json = "docs/benchmark-results.json"

    @Option(help: "How long to measure: 1 is quick, 3 is the default.")
    var scale = 3

    @Option(help: "The most plugins installed for start-up (1, 10, 100 or 1000).")
    var maxPlugins = 1000

    @Option(help: "Navigations through run --script for the memory figure (default 1,000,000; 100,000 at scale 1).")
    var scriptNavigations: Int?

    @Option(
        help:
            "Run only these groups (navigation, c-scenes, slots, container, config, native, memory, startup, workers, live, idle-streams, reload); all by default."
    )
    var only: [String] = []

    private func runs(_ group: String) -> Bool { only.isEmpty || only.contains(group) }

    @MainActor
    func run() async throws {
        let folder = buildDirectory ?? URL(fileURLWithPath: Self.executablePath).deletingLastPathComponent().path
        var report = BenchReport(machine: Self.machine(), date: ISO8601DateFormatter().string(from: Date()))
        let loadBefore = Self.loadAverage()
        do {
            do {
                // Memory first: the container benchmark leaves large heaps behind.
                if runs("memory") {
                    print("memory…")
                    try MemoryBenchmark.run(
                        into: &report, buildDirectory: folder,
                        navigations: scriptNavigations ?? (scale > 1 ? 1_000_000 : 100_000))
                    try EagerPluginMemory.run(into: &report, buildDirectory: folder)
                }
                if runs("navigation") {
                    print("navigation across plugins…")
                    try CrossPluginNavigationBenchmark.run(into: &report, buildDirectory: folder, scale: scale)
                    print("navigation by name, one module…")
                    try NavigationBenchmark.run(into: &report, scale: scale)
                }
                if runs("c-scenes") {
                    print("a tap into a C scene…")
                    try CSceneBenchmark.run(into: &report, buildDirectory: folder, scale: scale)
                }
                if runs("slots") {
                    print("routing into a container's slot…")
                    try await SlotRoutingBenchmark.run(into: &report, buildDirectory: folder, scale: scale)
                }
                if runs("container") {
                    print("container resolution…")
                    try ContainerBenchmark.run(into: &report, scale: scale)
                }
                if runs("config") {
                    print("config loading at scale…")
                    try ConfigBenchmark.run(into: &report, scale: scale)
                }
                if runs("native") {
                    print("native calls (libffi)…")
                    try NativeBenchmark.run(into: &report, buildDirectory: folder, scale: scale)
                }
            }
            if runs("startup") {
                print("start-up…")
                try StartupBenchmark.run(
                    into: &report, buildDirectory: folder, rounds: 5 * scale, coldRounds: scale, maxPlugins: maxPlugins)
            }
            if runs("workers") {
                print("scene workers…")
                try await WorkerBenchmark.run(into: &report, buildDirectory: folder, scale: scale)
                print("scene workers, plugin-bound…")
                try PluginBoundBenchmark.run(into: &report, buildDirectory: folder, scale: scale)
            }
            if runs("live") {
                print("screens that change on their own…")
                try LiveUpdateBenchmark.run(into: &report, buildDirectory: folder, scale: scale)
            }
            if runs("idle-streams") {
                print("idle live streams…")
                try IdleStreamBenchmark.run(into: &report, buildDirectory: folder, scale: scale)
            }
            if runs("reload") {
                print("live reload (--watch)…")
                try ReloadBenchmark.run(into: &report, buildDirectory: folder, scale: scale)
            }
        } catch {
            // The host's own text: a plugin built against another SDK build, say, is named with what to do.
            print(ErrorMessage.render(error))
            throw ExitCode(2)
        }
        // What else ran meanwhile: a figure taken on a busy machine says so beside it.
        report.notes.append(
            "load average (1, 5, 15 minutes) at the start: \(loadBefore); at the end: \(Self.loadAverage()); \(ProcessInfo.processInfo.activeProcessorCount) cores"
        )
        print("")
        print(report.table())
        try report.writeJSON(to: json)
        print("\nwritten to \(json); machine: \(report.machine)")
        if !report.allBarsMet { throw ExitCode(1) }
    }

    static var executablePath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// The first three fields of /proc/loadavg.
    static func loadAverage() -> String {
        let fields = ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "").split(separator: " ")
            .prefix(3)
        return fields.count == 3 ? fields.joined(separator: " ") : "unknown"
    }

    static func machine() -> String {
        let cpu =
            (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }?
            .split(separator: ":").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
        return
            "\(ProcessInfo.processInfo.activeProcessorCount) cores, \(cpu), \(ProcessInfo.processInfo.physicalMemory >> 30) GiB"
    }
}
