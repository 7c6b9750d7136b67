import Foundation
import Testing
@testable import SceneHostRecordCodec
import TestSupport

/// A big plugin is hashed and checked in seconds, and hashing does not count against the probe's
/// time limit (issue 8, item 18). A generous "does not hang" limit, not a timing.
@Suite("scene-host checks big plugins (end to end)")
struct BigPluginTests {
    @Test("a 50 MB plugin with a sha256 pin passes check with --probe-timeout 5")
    func fiftyMegabytes() throws {
        let folder = try TemporaryFolder()
        // Zero bytes after the last section: still the same loadable ELF file.
        let path = try PluginCopies.copy("HomeScene", to: "libBigHome.so", in: folder) { bytes in
            bytes.append(contentsOf: [UInt8](repeating: 0, count: 50_000_000 - bytes.count))
        }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes.count == 50_000_000)
        let digest = SHA256.hexDigest(bytes)
        let text = """
            initial = "Home"

            [plugins.HomeScene]
            path = "\(path)"
            sha256 = "\(digest)"

            [plugins.DetailScene]
            path = "\(BuildProducts.library("DetailScene"))"
            """
        let config = try folder.write(text + "\n", to: "scenes.conf")
        let result = try HostProcess.run(["check", "--config", config, "--probe-timeout", "5"])
        #expect(!result.signaled)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("2 plugins"), "\(result.stdout)")
    }
}
