import Foundation
import Testing
@testable import SceneHostConfig
@testable import SceneHostConfigFile
@testable import SceneHostCore

/// A config with very many keys in one table is read whole, every key at its place. That it loads
/// in linear time (issue 19, item 5) is measured by the benchmark (`swift run -c release
/// scene-host-bench --only config`), not by timing a test among tests that run in parallel.
@Suite("Config scale")
struct ConfigScaleTests {
    /// A config whose plugin has `count` settings, one per line.
    static func config(settings count: Int) -> String {
        "initial = \"Home\"\n[plugins.X]\npath = \"libX.so\"\n[plugins.X.settings]\n"
            + (0..<count).map { "key\($0) = \($0)\n" }.joined()
    }

    @Test("20,000 settings in one table are all read, each at its own line (its time is a benchmark row: config)")
    func manySettings() throws {
        let config = try ConfigLoader().parse(
            text: Self.config(settings: 20_000), file: "scenes.conf", baseDirectory: "/apps")
        let settings = try #require(config.plugins.first?.settings)
        #expect(settings.count == 20_000)
        #expect(settings.first?.key == "key0" && settings.first?.location.line == 5)
        #expect(settings.last?.key == "key19999" && settings.last?.location.line == 20_004)
    }
}
