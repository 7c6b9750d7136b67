import Foundation
import Testing
@testable import SceneHost

/// Config loading stays linear in the number of keys of one table (issue 19, item 5): each key's
/// place is recorded in constant time, never by copying or scanning what was recorded before.
@Suite("Config scale")
struct ConfigScaleTests {
    /// A config whose plugin has `count` settings, one per line.
    static func config(settings count: Int) -> String {
        "initial = \"Home\"\n[plugins.X]\npath = \"libX.so\"\n[plugins.X.settings]\n" + (0..<count).map { "key\($0) = \($0)\n" }.joined()
    }

    /// The fastest of `runs` loads of `text`, in seconds (the fastest: the machine may be busy).
    static func seconds(_ text: String, runs: Int) throws -> Double {
        var best = Double.infinity
        for _ in 0..<runs {
            let start = ContinuousClock.now
            let config = try ConfigLoader().parse(text: text, file: "scenes.conf", baseDirectory: "/apps")
            let elapsed = ContinuousClock.now - start
            #expect(config.plugins.first?.settings.count == text.utf8.filter { $0 == 0x0A }.count - 4)
            best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        return best
    }

    @Test("20,000 settings in one table load in linear time (compared with 2,000)")
    func manySettings() throws {
        let small = try Self.seconds(Self.config(settings: 2_000), runs: 3)
        let large = try Self.seconds(Self.config(settings: 20_000), runs: 2)
        // Linear is 10 times; quadratic would be 100. The margin is for a busy machine (the tests
        // run in parallel with each other): a quadratic load still fails by far.
        #expect(large < 10, "20,000 settings took \(large) s")
        #expect(large / max(small, 0.001) < 45, "2,000 settings: \(small) s, 20,000: \(large) s")
    }
}
