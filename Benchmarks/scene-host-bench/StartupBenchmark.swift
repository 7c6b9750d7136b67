import Foundation

/// (c) Start-up to the first rendered screen with 1, 10, 100 and 200 installed plugins, against
/// 1: `scene-host run` with an empty script, timed from spawn to exit, with a warm probe cache.
/// The plugins are copies of the Numbered fixture with their names patched, made in a
/// temporary folder and deleted afterwards.
enum StartupBenchmark {
    static let counts = [1, 10, 100, 200]

    static func run(into report: inout BenchReport, buildDirectory: String, rounds: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scene-host-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        chmod(folder.path, 0o755)
        defer { try? FileManager.default.removeItem(at: folder) }
        let plugins = try PluginCopies.install(counts.max() ?? 1, from: buildDirectory + "/libFixtureNumbered.so", into: folder)
        let host = buildDirectory + "/scene-host"

        var configs: [Int: (config: String, cache: String)] = [:]
        for count in counts {
            let config = folder.appendingPathComponent("scenes-\(count).conf").path
            var text = "initial = \"NumberedPlugin0000\"\n"
            for (name, path) in plugins.prefix(count) { text += "\n[plugins.\(name)]\npath = \"\(path)\"\n" }
            try Data(text.utf8).write(to: URL(fileURLWithPath: config))
            let cache = folder.appendingPathComponent("probes-\(count).json").path
            configs[count] = (config, cache)
            // Warm the probe cache, and check that the first screen opened one plugin only.
            let warm = try launch(host, ["run", "--config", config, "--probe-cache", cache, "--verbose"])
            guard warm.status == 0 else { throw BenchFailure("scene-host failed with \(count) plugins: \(warm.stderr)") }
            let check = try launch(host, ["run", "--config", config, "--probe-cache", cache, "--verbose"])
            let opened = check.stderr.components(separatedBy: "loaded plugin").count - 1
            guard opened == 1 else { throw BenchFailure("with \(count) plugins the first screen opened \(opened) plugins") }
            if count == counts.last { report.notes.append("with \(count) plugins installed, the first screen opened \(opened) plugin (lazy loading)") }
        }

        var times: [Int: [Double]] = [:]
        for _ in 0..<rounds {
            for count in counts {
                guard let (config, cache) = configs[count] else { continue }
                times[count, default: []].append(try launch(host, ["run", "--config", config, "--probe-cache", cache]).nanoseconds)
            }
        }
        let median = { (count: Int) in Measurement(samples: times[count] ?? []).median }
        for count in counts.dropFirst() {
            report.rows.append(BenchRow(name: "first screen, \(count) plugins vs 1", value: median(count), baseline: median(1), unit: "ns",
                                        bar: count == 200 ? 1.5 : nil))
        }
    }

    struct Launch {
        let status: Int32
        let stderr: String
        let nanoseconds: Double
    }

    /// Runs the host with no input (script mode: it prints the first screen and exits).
    static func launch(_ executable: String, _ arguments: [String]) throws -> Launch {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        let clock = ContinuousClock()
        let start = clock.now
        try process.run()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let elapsed = clock.now - start
        let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        return Launch(status: process.terminationStatus, stderr: String(decoding: stderr, as: UTF8.self), nanoseconds: nanoseconds)
    }
}

/// Installs copies of the Numbered fixture: "NumberedPlugin0000" patched to "NumberedPlugin0001", ...
enum PluginCopies {
    static func install(_ count: Int, from library: String, into folder: URL) throws -> [(name: String, path: String)] {
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: library)))
        let marker = Array("NumberedPlugin0000".utf8)
        let offsets = (0...(original.count - marker.count)).filter { original[$0] == marker[0] && Array(original[$0..<($0 + marker.count)]) == marker }
        guard !offsets.isEmpty else { throw BenchFailure("\(library) does not contain the name NumberedPlugin0000") }
        return try (0..<count).map { index in
            let name = String(format: "NumberedPlugin%04d", index)
            var bytes = original
            for offset in offsets { bytes.replaceSubrange(offset..<(offset + marker.count), with: Array(name.utf8)) }
            let path = folder.appendingPathComponent("lib\(name).so").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return (name, path)
        }
    }
}
