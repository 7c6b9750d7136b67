import Foundation
import Testing
import TestSupport

/// The demo with its Detail scene written in C (Plugins/DetailC/detail.c, examples/hello-c.conf):
/// the Swift Detail's scripts give the Swift Detail's transcripts, through the real binaries (its
/// code in a scene worker), `check` and `list` take it like any plugin, the library holds no Swift,
/// and the same source built by plain `cc` in a folder of its own, outside the repository, is loaded alike.
@Suite("a scene in C: the demo's Detail (end to end)")
struct CSceneDemoTests {
    static var examples: URL { BuildProducts.packageRoot.appendingPathComponent("examples") }

    static func config(in folder: TemporaryFolder) throws -> String {
        try ExampleConfig.copy("hello-c.conf", into: folder)
    }

    @Test(
        "the Swift Detail's scripts give its transcripts exactly, with Detail in C",
        arguments: ["hello-segue", "hello-code"])
    func sameTranscripts(script: String) throws {
        let folder = try TemporaryFolder()
        let result = try HostProcess.run([
            "run", "--config", try Self.config(in: folder), "--script",
            Self.examples.appendingPathComponent("\(script).script").path,
            "--expect", Self.examples.appendingPathComponent("\(script).transcript").path,
        ])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.isEmpty && result.stderr.isEmpty, "\(result.stdout)\(result.stderr)")
    }

    @Test("check and list take the C plugin like any plugin: its name, version, scene and declared input")
    func checkAndList() throws {
        let folder = try TemporaryFolder()
        let config = try Self.config(in: folder)
        let check = try HostProcess.run(["check", "--config", config])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(
            check.stdout.contains("2 plugins (HomeScene 1.0.0, DetailC 1.0.0), 2 scenes, 1 segue"), "\(check.stdout)")
        let list = try HostProcess.run(["list", "--config", config])
        #expect(list.status == 0, "\(list.stdout)\(list.stderr)")
        #expect(
            list.stdout.contains("  Detail  [DetailC]\n    input:    DetailInput { message: String }\n"),
            "\(list.stdout)")
        #expect(
            list.stdout.contains(
                "  Home -> Detail  router handler routeToDetail  passing DetailInput { message: String }"),
            "\(list.stdout)")
    }

    @Test("the C plugin's library needs only the C library: no Swift runtime, no SDK")
    func noSwiftInside() throws {
        let readelf = try CLibraries.run("/usr/bin/readelf", ["-d", CScenePlugins.library("libDetailC.so")])
        #expect(readelf.status == 0, "\(readelf.output)")
        let needed = readelf.output.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        #expect(needed.count == 1 && needed[0].hasSuffix("[libc.so.6]"), "\(needed)")
    }

    @Test("detail.c built by plain cc against scene_host.h alone, outside the repository, runs the demo's script")
    func builtByCC() throws {
        let folder = try TemporaryFolder()
        let root = BuildProducts.packageRoot
        for (source, name) in [
            ("Plugins/DetailC/detail.c", "detail.c"), ("Sources/CSceneHost/include/scene_host.h", "scene_host.h"),
        ] {
            let text = try String(contentsOf: root.appendingPathComponent(source), encoding: .utf8)
            _ = try folder.write(text, to: name)
        }
        let library = folder.url.appendingPathComponent("libDetail.so").path
        let cc = try CLibraries.run(
            "/usr/bin/cc",
            [
                "-std=c11", "-Wall", "-Wextra", "-Werror", "-fPIC", "-shared", "-I", folder.url.path, "-o", library,
                folder.url.appendingPathComponent("detail.c").path,
            ])
        #expect(cc.status == 0, "\(cc.output)")
        chmod(library, 0o755)
        let config = try folder.write(
            """
            initial = "Home"

            [plugins.HomeScene]
            path = "\(BuildProducts.library("HomeScene"))"

            [plugins.Detail]
            path = "\(library)"

            """, to: "scenes.conf")
        let result = try HostProcess.run(
            [
                "run", "--config", config, "--script", Self.examples.appendingPathComponent("hello-code.script").path,
                "--expect", Self.examples.appendingPathComponent("hello-code.transcript").path,
            ])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }
}
