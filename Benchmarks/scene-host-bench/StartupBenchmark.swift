import Foundation

/// (c) Start-up with 1, 10, 100 and 1,000 installed realistic plugins, timed from spawn to exit
/// (`BenchSpawn`): the first screen (`run` with no input prints it and exits) with a warm and with
/// an empty probe cache, and `check` and `list`. Every kind and count runs round-robin, so each
/// figure is a ratio against 1 plugin measured in the same rounds. The floor is a trivial Swift
/// executable (and `/bin/true`), measured in the same rounds too.
enum StartupBenchmark {
    static let counts = [1, 10, 100, 1000]
    /// Runs of each warm kind and count per round.
    static let warmRepeats = 3

    enum Kind: String, CaseIterable {
        case warmRun = "first screen, warm cache", coldRun = "first screen, empty cache", warmCheck =
            "check, warm cache",
            coldCheck = "check, empty cache", warmList = "list, warm cache"
        var cold: Bool { self == .coldRun || self == .coldCheck }
        var arguments: [String] {
            switch self {
            case .warmRun, .coldRun: ["run"]
            case .warmCheck, .coldCheck: ["check"]
            case .warmList: ["list"]
            }
        }
    }

    static func run(
        into report: inout BenchReport, buildDirectory: String, rounds: Int, coldRounds: Int, maxPlugins: Int
    ) throws {
        let counts = Self.counts.filter { $0 <= maxPlugins }
        let installation = try BenchInstallation(count: counts.max() ?? 1, buildDirectory: buildDirectory)
        defer { installation.remove() }
        let host = buildDirectory + "/scene-host"
        let floor = buildDirectory + "/scene-host-bench-floor"
        report.notes.append(
            String(
                format: "plugins: copies of the Realistic fixture (3 scenes, 3 routes, 5 contracts), %.0f KiB each",
                installation.pluginSize / 1024))

        var configs: [Int: (config: String, cache: String)] = [:]
        for count in counts {
            let config = try installation.config(plugins: count)
            let cache = installation.newFile("probes-\(count).json")
            configs[count] = (config, cache)
            // Warm the probe cache, and check that the first screen opened one plugin only.
            let warm = try BenchSpawn.run(host, ["check", "--config", config, "--probe-cache", cache])
            guard warm.status == 0 else {
                throw BenchFailure("scene-host check failed with \(count) plugins (exit \(warm.status))")
            }
            let check = try BenchSpawn.run(
                host, ["run", "--config", config, "--probe-cache", cache, "--verbose"], captureErrors: true)
            guard check.status == 0 else {
                throw BenchFailure("scene-host run failed with \(count) plugins: \(check.stderr)")
            }
            let opened = check.stderr.components(separatedBy: "loaded plugin").count - 1
            guard opened == 1 else {
                throw BenchFailure("with \(count) plugins the first screen opened \(opened) plugins")
            }
            if count == counts.last {
                report.notes.append(
                    "with \(count) plugins installed, the first screen opened \(opened) plugin (lazy loading)")
            }
            // A warm check reads what building each scene found from the probe verdicts: it opens no plugin.
            let warmCheck = try BenchSpawn.run(
                host, ["check", "--config", config, "--probe-cache", cache, "--verbose"], captureErrors: true)
            let checked = warmCheck.stderr.components(separatedBy: "loaded plugin").count - 1
            guard warmCheck.status == 0, checked == 0 else {
                throw BenchFailure(
                    "with \(count) plugins a warm check opened \(checked) plugins (exit \(warmCheck.status))")
            }
            if count == counts.last {
                report.notes.append("with \(count) plugins installed, a warm check opened no plugin (probe verdicts)")
            }
        }

        var times: [String: [Double]] = [:]
        var cpuTimes: [String: [Double]] = [:]
        func time(_ key: String, _ executable: String, _ arguments: [String]) throws {
            let result = try BenchSpawn.run(executable, arguments)
            guard result.status == 0 else { throw BenchFailure("\(key): exit \(result.status)") }
            times[key, default: []].append(result.nanoseconds)
            cpuTimes[key, default: []].append(result.cpuNanoseconds)
        }
        for round in 0..<rounds {
            try time("true", "/bin/true", [])
            try time("floor", floor, [])
            for count in counts {
                guard let (config, warmCache) = configs[count] else { continue }
                for kind in Kind.allCases where !kind.cold || round < coldRounds {
                    let cache = kind.cold ? installation.newFile("cold") : warmCache
                    defer { if kind.cold { for file in [cache, cache + ".lock", cache + ".start"] { unlink(file) } } }
                    // Warm starts take tens of milliseconds: more of them make their medians steady.
                    for _ in 0..<(kind.cold ? 1 : warmRepeats) {
                        try time(
                            "\(kind.rawValue) \(count)", host,
                            kind.arguments + ["--config", config, "--probe-cache", cache])
                    }
                }
            }
        }
        let median = { (key: String) in Measurement(samples: times[key] ?? []).median }
        let spread = { (key: String) -> [Double] in [times[key]?.min() ?? 0, times[key]?.max() ?? 0] }
        report.rows.append(
            BenchRow(
                name: "trivial Swift executable vs /bin/true", value: median("floor"), baseline: median("true"),
                unit: "ns", bar: nil))
        report.rows.append(
            BenchRow(
                name: "first screen, warm, 1 plugin vs trivial Swift executable",
                value: median("\(Kind.warmRun.rawValue) 1"),
                baseline: median("floor"), unit: "ns", bar: 4.0,
                valueRange: spread("\(Kind.warmRun.rawValue) 1"), baselineRange: spread("floor")))
        for kind in Kind.allCases {
            for count in counts.dropFirst() {
                let largest = count == 1000
                report.rows.append(
                    BenchRow(
                        name: "\(kind.rawValue), \(count) plugins vs 1", value: median("\(kind.rawValue) \(count)"),
                        baseline: median("\(kind.rawValue) 1"),
                        unit: "ns", bar: largest && kind == .warmRun ? 1.2 : nil,
                        limit: largest && kind == .coldRun ? 1e9 : largest && kind == .coldCheck ? 3e9 : nil,
                        valueRange: spread("\(kind.rawValue) \(count)"), baselineRange: spread("\(kind.rawValue) 1")))
            }
        }
        // CPU beside wall time for the cold kinds: on two cores, wall time hides how much work probing is.
        let medianCPU = { (key: String) in Measurement(samples: cpuTimes[key] ?? []).median }
        for kind in Kind.allCases where kind.cold {
            for count in counts.dropFirst() {
                report.rows.append(
                    BenchRow(
                        name: "\(kind.rawValue), \(count) plugins: CPU (user + system, with children) vs wall",
                        value: medianCPU("\(kind.rawValue) \(count)"), baseline: median("\(kind.rawValue) \(count)"),
                        unit: "ns", bar: nil, limit: count == 1000 && kind == .coldRun ? 1.5e9 : nil,
                        valueRange: [
                            cpuTimes["\(kind.rawValue) \(count)"]?.min() ?? 0,
                            cpuTimes["\(kind.rawValue) \(count)"]?.max() ?? 0,
                        ],
                        baselineRange: spread("\(kind.rawValue) \(count)")))
            }
        }
        // Memory per installed plugin: the peak RSS of `check` (no plugin opened: it reads the probe
        // verdicts) and of `run` (one opened), largest count against 1, each the median of three runs.
        if let largest = counts.last, largest > 1 {
            for (kind, label) in [(Kind.warmCheck, "check"), (Kind.warmRun, "lazy (run)")] {
                func peak(_ count: Int) throws -> Double {
                    guard let (config, cache) = configs[count] else { return 0 }
                    let samples = try (0..<3).map { _ in
                        try BenchSpawn.peakResidentBytes(
                            host, kind.arguments + ["--config", config, "--probe-cache", cache])
                    }
                    return Measurement(samples: samples).median
                }
                let base = try peak(1)
                let perPlugin = (try peak(largest) - base) / Double(largest - 1)
                report.rows.append(
                    BenchRow(
                        name: "RSS per installed plugin, \(label), \(largest) plugins, vs peak RSS with 1",
                        value: perPlugin, baseline: base, unit: "bytes", bar: nil))
            }
        }
        report.notes.append(
            "start-up: medians of \(rounds) rounds, \(warmRepeats) runs of each warm kind per round (empty cache: 1 run in \(min(rounds, coldRounds)) rounds), spawn to exit with posix_spawn and wait4"
        )
    }
}
