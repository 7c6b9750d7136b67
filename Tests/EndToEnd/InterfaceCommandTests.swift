import Foundation
import Testing
import TestSupport

/// `scene-host interface` through the real binary: the committed header, its JSON description, a file.
@Suite("scene-host interface (end to end)")
struct InterfaceCommandTests {
    static let header = BuildProducts.packageRoot.appendingPathComponent("Sources/CSceneHost/include/scene_host.h")

    @Test("the default format prints exactly the committed header, as --format c does")
    func header() throws {
        let committed = try String(contentsOf: Self.header, encoding: .utf8)
        for arguments in [["interface"], ["interface", "--format", "c"]] {
            let result = try HostProcess.run(arguments)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.isEmpty)
            #expect(result.stdout == committed, "scene-host \(arguments.joined(separator: " "))")
        }
    }

    @Test("--format json prints the description of the same interface; --output writes it to a file instead")
    func json() throws {
        let printed = try HostProcess.run(["interface", "--format", "json"])
        #expect(printed.status == 0, "\(printed.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(printed.stdout.utf8)) as? [String: Any]
        #expect(object?["version"] as? Int == 1)
        #expect((object?["functions"] as? [Any])?.count == 28)

        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let file = folder.path("scene_host.json")
        let written = try HostProcess.run(["interface", "--format", "json", "--output", file])
        #expect(written.status == 0 && written.stdout.isEmpty && written.stderr.isEmpty, "\(written.stderr)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == printed.stdout)
    }

    @Test("a format other than c or json is a usage error naming both; an output it cannot write is said")
    func refusals() throws {
        let format = try HostProcess.run(["interface", "--format", "yaml"])
        #expect(format.status == 64)
        #expect(format.stdout.isEmpty)
        #expect(
            format.stderr.hasPrefix(
                "Error: The value 'yaml' is invalid for '--format <format>'. Please provide one of 'c' and 'json'.\n"),
            "\(format.stderr)")

        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let missing = folder.path("none/scene_host.h")
        let output = try HostProcess.run(["interface", "--output", missing])
        #expect(output.status == 64)
        #expect(
            output.stderr
                == "error: cannot write '\(missing)': the folder \(folder.path("none")) does not exist. Pass --output with a file in a folder you can write, or leave it out to print to standard output.\n"
        )
        let intoFolder = try HostProcess.run(["interface", "--output", folder.url.path])
        #expect(intoFolder.status == 64)
        #expect(
            intoFolder.stderr.hasPrefix("error: cannot write '\(folder.url.path)': it is a folder. "),
            "\(intoFolder.stderr)")
    }
}
