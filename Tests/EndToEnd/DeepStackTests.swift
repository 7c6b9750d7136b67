import Foundation
import Testing
import TestSupport

/// A script that pushes thousands of scenes runs in linear time through a scene worker (issue 19,
/// item 5): each command costs what changed, never a walk or copy of the whole stack (the host's
/// records, the breadcrumb, the worker's record changes).
///
/// The cost is CPU time (the host's and its worker's, as the shell that waited for them counts it),
/// never wall time: a loaded machine stretches wall time by any amount, and once made the start-up
/// alone take longer than start-up plus 1,000 pushes.
@Suite("Deep stacks (end to end)")
struct DeepStackTests {
    /// The CPU seconds of one `scene-host run` of `pushes` taps on `deeper` (start-up included).
    static func cpuSeconds(pushes: Int, app: FragileApp) throws -> Double {
        let script = try app.folder.write(String(repeating: "tap deeper\n", count: pushes), to: "pushes-\(pushes)")
        let output = app.folder.path("output-\(pushes)")
        let shell = try HostShell.run(
            """
            "$HOST" run --config '\(app.config)' < '\(script)' > '\(output)'; echo $? > "$STATUS"; times
            """, timeout: .seconds(300))
        #expect(shell.status == 0, "\(shell.stderr)")
        if pushes > 0 {
            let shown = try String(contentsOfFile: output, encoding: .utf8)
            #expect(shown.contains("== Fragile \(pushes) =="))
        }
        return try childCPUSeconds(times: shell.stdout)
    }

    /// User plus system seconds of the shell's children, from bash's `times` (its second line,
    /// e.g. `0m1.466s 0m0.328s`).
    static func childCPUSeconds(times: String) throws -> Double {
        let lines = times.split(separator: "\n")
        let children = try #require(lines.last, "no output from times: \(times)")
        let seconds = children.split(separator: " ").compactMap { field -> Double? in
            guard let m = field.firstIndex(of: "m"), field.hasSuffix("s"),
                let minutes = Double(field[..<m]),
                let rest = Double(field[field.index(after: m)..<field.index(before: field.endIndex)])
            else { return nil }
            return minutes * 60 + rest
        }
        try #require(seconds.count == 2, "times printed \(times)")
        return seconds[0] + seconds[1]
    }

    @Test("2,000 and 8,000 pushes: four times the work costs about four times the CPU time, not sixteen")
    func pushesAreLinear() throws {
        let app = try FragileApp()
        defer { try? FileManager.default.removeItem(at: app.folder.url) }
        // Interleaved, the least of three of each: what the runs share (start-up, a busy neighbour) cancels.
        var best: [Int: Double] = [:]
        for _ in 0..<3 {
            for pushes in [0, 2_000, 8_000] {
                let seconds = try Self.cpuSeconds(pushes: pushes, app: app)
                best[pushes] = min(best[pushes] ?? .infinity, seconds)
            }
        }
        let startUp = best[0] ?? 0
        let small = (best[2_000] ?? 0) - startUp
        let large = (best[8_000] ?? 0) - startUp
        // Linear is 4; quadratic (as before) was 16.
        #expect(small > 0, "start-up \(startUp) s, 2,000 pushes \(small) s more")
        #expect(
            large / max(small, 0.01) < 8,
            "start-up \(startUp) s, 2,000 pushes \(small) s more, 8,000 pushes \(large) s more")
    }
}
