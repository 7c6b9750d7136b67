import Foundation
import Testing
import TestSupport

/// A script that pushes thousands of scenes runs in linear time through a scene worker (issue 19,
/// item 5): each command costs what changed, never a walk or copy of the whole stack (the host's
/// records, the breadcrumb, the worker's record changes).
@Suite("Deep stacks (end to end)")
struct DeepStackTests {
    /// The fastest of two runs of `pushes` taps on `deeper`, in seconds, less a run of none (start-up).
    static func seconds(pushes: Int, app: FragileApp) throws -> Double {
        var best = Double.infinity
        for _ in 0..<2 {
            let start = ContinuousClock.now
            let result = try app.run(String(repeating: "tap deeper\n", count: pushes))
            let elapsed = ContinuousClock.now - start
            #expect(result.status == 0, "\(result.stderr)")
            if pushes > 0 { #expect(result.stdout.contains("== Fragile \(pushes) ==")) }
            best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        return best
    }

    @Test("1,000 and 4,000 pushes: four times the work takes about four times as long, not sixteen")
    func pushesAreLinear() throws {
        let app = try FragileApp()
        defer { try? FileManager.default.removeItem(at: app.folder.url) }
        let startUp = try Self.seconds(pushes: 0, app: app)
        let small = try Self.seconds(pushes: 1_000, app: app) - startUp
        let large = try Self.seconds(pushes: 4_000, app: app) - startUp
        // Linear is 4; quadratic (as before) was 12 and more.
        #expect(large / max(small, 0.01) < 8, "start-up \(startUp) s, 1,000 pushes \(small) s, 4,000 pushes \(large) s")
    }
}
