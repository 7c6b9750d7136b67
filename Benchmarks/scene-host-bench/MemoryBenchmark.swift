import Foundation
import SceneHostNavigation

/// (d) Memory: resident set size after 100,000 push/pop cycles in process against after 1,000 (a
/// leak shows as growth), and the peak RSS of `scene-host run --script` over many navigations of
/// a realistic plugin against the same over 10,000 (the script is read line by line, so its own
/// memory is bounded too).
@MainActor
enum MemoryBenchmark {
    static func run(into report: inout BenchReport, buildDirectory: String, navigations: Int) throws {
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
        report.rows.append(
            BenchRow(
                name: "RSS after 100,000 push/pop vs after 1,000", value: afterHundredThousand, baseline: afterThousand,
                unit: "bytes", bar: 1.05))

        let installation = try BenchInstallation(count: 1, buildDirectory: buildDirectory)
        defer { installation.remove() }
        let config = try installation.config(plugins: 1)
        let cache = installation.newFile("probes.json")
        func peak(after count: Int) throws -> Double {
            let script = try writeScript(navigations: count, in: installation)
            defer { unlink(script) }
            return try BenchSpawn.peakResidentBytes(
                buildDirectory + "/scene-host", ["run", "--config", config, "--probe-cache", cache, "--script", script])
        }
        let small = try peak(after: 10_000)
        let large = try peak(after: navigations)
        report.rows.append(
            BenchRow(
                name: "peak RSS of run --script, \(navigations.formatted()) navigations vs 10,000", value: large,
                baseline: small, unit: "bytes", bar: 1.05))
    }

    /// A script that selects the first row (a route by name, with a payload, to the show scene) and
    /// goes back, `navigations` times.
    static func writeScript(navigations: Int, in installation: BenchInstallation) throws -> String {
        let path = installation.newFile("navigate.script")
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else {
            throw BenchFailure("cannot write \(path)")
        }
        defer { try? handle.close() }
        let chunk = Data(String(repeating: "select items 0\nback\n", count: 1_000).utf8)
        for _ in 0..<(navigations / 1_000) { try handle.write(contentsOf: chunk) }
        return path
    }

    /// The resident set size of this process, from /proc/self/statm.
    static func residentBytes() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE)))
    }
}
