import Foundation
import Testing

/// The check child checks the config bytes its parent read and runs (`--config-fd`), never the
/// file read again: a file swapped after `run` read it cannot make the child pass what `run` runs.
@Suite("Check child: checks the bytes its parent read")
struct CheckChildConfigTests {
    @Test("with bytes on --config-fd, the child checks them, not the file named by --config")
    func checksTheHandedBytes() throws {
        let folder = try TemporaryFolder()
        let onDisk = try folder.write(DemoConfig.text, to: "scenes.conf")
        // What the parent read: the same app with a segue to a scene no plugin registers.
        let handed = try folder.write(DemoConfig.text + "\n[[segues]]\nfrom = \"Home\"\nid = \"elsewhere\"\nto = \"Nowhere\"\n", to: "handed.conf")
        let direct = try ChildRun.run("/bin/sh", ["-c", "exec \"$0\" check --in-process --config \"$1\" --config-fd 3 3<\"$2\"",
                                                  BuildProducts.hostExecutable, onDisk, handed],
                                      input: "", in: nil, environment: ProcessInfo.processInfo.environment, timeLimit: .seconds(120))
        #expect(direct.status == 4, "\(direct.stderr)")
        #expect(direct.stderr.contains("'Nowhere'"), "\(direct.stderr)")
        // The file itself checks fine: the refusal came from the handed bytes.
        let plain = try HostProcess.run(["check", "--config", onDisk])
        #expect(plain.status == 0, "\(plain.stderr)")
    }
}
