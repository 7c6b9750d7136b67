import Foundation
import Testing
import TestSupport

/// A real plugin whose symbol version tables (`.gnu.version`, `.gnu.version_r`, `.gnu.version_d`)
/// are mutated: `check` refuses it or accepts it, never traps, never hangs (issue 19, item 10).
///
/// The host does not read these tables itself; the dynamic loader does, in the probe child. The seed
/// is printed; `SCENE_HOST_ELF_SEED=<seed>` replays a run.
@Suite("ELF version tables, mutated")
struct ELFVersionMutationTests {
    /// The file ranges of the version sections (SHT_GNU_versym, verneed, verdef) of a 64-bit ELF.
    static func versionSections(of bytes: [UInt8]) -> [Range<Int>] {
        func read(_ offset: Int, _ size: Int) -> Int {
            (0..<size).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        let sectionTable = read(0x28, 8), entrySize = read(0x3A, 2), count = read(0x3C, 2)
        var ranges: [Range<Int>] = []
        for index in 0..<count {
            let header = sectionTable + index * entrySize
            guard header + 0x28 <= bytes.count else { break }
            let type = read(header + 4, 4)
            guard type == 0x6fff_ffff || type == 0x6fff_fffe || type == 0x6fff_fffd else { continue }
            let offset = read(header + 0x18, 8), size = read(header + 0x20, 8)
            if size > 0, offset + size <= bytes.count { ranges.append(offset..<(offset + size)) }
        }
        return ranges
    }

    @Test("25 plugins with mutated version tables: check refuses or accepts each, no signal, no hang")
    func mutatedVersionTables() throws {
        let seed =
            ProcessInfo.processInfo.environment["SCENE_HOST_ELF_SEED"].flatMap(UInt64.init)
            ?? UInt64.random(in: 0...UInt64.max)
        print(
            "ELF version mutation seed: \(seed) (replay: SCENE_HOST_ELF_SEED=\(seed) swift test --filter ELFVersionMutationTests)"
        )
        var random = SplitMix(seed: seed)
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: BuildProducts.library("DetailScene"))))
        let sections = Self.versionSections(of: original)
        #expect(sections.count >= 2, "the plugin has no version tables to mutate")
        let folder = try TemporaryFolder()
        chmod(folder.url.path, 0o755)
        for iteration in 0..<25 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                let section = sections[Int.random(in: 0..<sections.count, using: &random)]
                bytes[Int.random(in: section, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            let path = folder.path("libMutated\(iteration).so")
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            chmod(path, 0o644)
            let config = try folder.write(
                DemoConfig.config(initial: "Detail", plugins: [("Mutated", path)]), to: "scenes\(iteration).conf")
            let host = try BoundedHostProcess.run(["check", "--config", config], limit: .seconds(60))
            #expect(!host.signaled, "iteration \(iteration): the host died of a signal")
            #expect([0, 3, 4].contains(host.status), "iteration \(iteration): exit \(host.status): \(host.stderr)")
        }
    }
}
