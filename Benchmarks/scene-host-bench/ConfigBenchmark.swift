import SceneHostConfig
import SceneHostConfigFile

/// (g) Config loading stays linear in its size: 20,000 settings in one table against 2,000, and
/// 16,000 unknown tables (each refused by name) against 1,600. Linear is 10 times; a quadratic
/// locator would be 100. Moved here from the tests (issue 33), which now check only what is read.
enum ConfigBenchmark {
    static func run(into report: inout BenchReport, scale: Int) throws {
        let settings = { (count: Int) in
            "initial = \"Home\"\n[plugins.X]\npath = \"libX.so\"\n[plugins.X.settings]\n"
                + (0..<count).map { "key\($0) = \($0)\n" }.joined()
        }
        let tables = { (count: Int) in "initial = \"A\"\n" + (0..<count).map { "[t\($0)]\n" }.joined() }
        for (name, make, small, large) in [
            ("config: 20,000 settings in one table vs 2,000", settings, 2_000, 20_000),
            ("config: 16,000 unknown tables refused vs 1,600", tables, 1_600, 16_000),
        ] {
            let texts = [Array(make(small).utf8), Array(make(large).utf8)]
            // Interleaved: one load of each size per round, so a busy moment costs both alike.
            var samples: [[Double]] = [[], []]
            for _ in 0..<(5 * scale) {
                for (index, bytes) in texts.enumerated() {
                    let start = BenchClock.nanoseconds()
                    _ = try? ConfigLoader().parse(bytes: bytes, file: "scenes.conf", baseDirectory: "/apps")
                    samples[index].append(Double(BenchClock.nanoseconds() - start))
                }
            }
            let smallTime = Measurement(samples: samples[0]), largeTime = Measurement(samples: samples[1])
            report.rows.append(
                BenchRow(
                    name: name, value: largeTime.median, baseline: smallTime.median, unit: "ns", bar: 20,
                    valueRange: [largeTime.percentile(0), largeTime.percentile(1)],
                    baselineRange: [smallTime.percentile(0), smallTime.percentile(1)]))
        }
    }
}
