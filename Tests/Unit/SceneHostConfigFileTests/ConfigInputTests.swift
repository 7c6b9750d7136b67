import Foundation
import Testing
@testable import SceneHostCore
@testable import SceneHostConfig
@testable import SceneHostConfigFile
import TestSupport

/// Config inputs that must be refused or read exactly: unreadable kinds of file, NUL in strings,
/// `~`, ids a script cannot type, inline segue tables, and errors found in linear time.
@Suite("Config inputs")
struct ConfigInputTests {
    private func parse(_ text: String) throws -> SceneConfig {
        try ConfigLoader().parse(text: text, file: "scenes.conf", baseDirectory: "/apps/demo")
    }

    private func error(_ body: () throws -> Void) -> ConfigError? {
        do {
            try body()
            return nil
        } catch {
            return error as? ConfigError
        }
    }

    @Test("a folder, a FIFO, a device and a symlink loop are refused by kind, without blocking on the FIFO")
    func unreadableKinds() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.path("fifo.conf")
        #expect(mkfifo(fifo, 0o600) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("loop1"), withDestinationPath: folder.path("loop2"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("loop2"), withDestinationPath: folder.path("loop1"))
        let cases: [(String, UnreadableFile)] = [
            (folder.url.path, .folder), (fifo, .fifo), ("/dev/null", .device), (folder.path("loop1"), .symlinkLoop),
        ]
        for (path, problem) in cases {
            #expect(error { _ = try ConfigLoader().load(path: path) } == .configNotReadable(path: path, problem))
        }
        #expect(
            error { _ = try ConfigLoader().load(path: folder.path("none.conf")) }
                == .configNotFound(path: folder.path("none.conf")))
    }

    @Test(
        "a NUL in a string is refused where it is written, not cut off",
        arguments: [
            ("initial = \"A\\u0000B\"\n", 1, 13),
            ("initial = \"A\"\n[plugins.P]\npath = \"\"\"lib\\U00000000.so\"\"\"\n", 3, 14),
        ])
    func nul(text: String, line: Int, column: Int) {
        #expect(
            error { _ = try parse(text) }
                == .configNulInString(SourceLocation(file: "scenes.conf", line: line, column: column)))
    }

    @Test("'~' is a folder name relative to the config's folder, never the home folder")
    func tilde() throws {
        let config = try parse(
            "initial = \"A\"\n[plugins.P]\npath = \"~/libP.so\"\n[plugins.Q]\npath = \"./~q/../libQ.so\"\n")
        #expect(config.plugins.map(\.resolvedPath) == ["/apps/demo/~/libP.so", "/apps/demo/libQ.so"])
    }

    @Test(
        "segue ids and scene names a script cannot type are refused at the value",
        arguments: [
            ("initial = \"Home page\"\n", "initial", "Home page", 1, 11),
            (
                "initial = \"A\"\n[[segues]]\nfrom = \"A\"\nid = \"show detail\"\nto = \"B\"\n", "id", "show detail", 4,
                6
            ),
            ("initial = \"A\"\n[[segues]]\nfrom = \"A\"\nid = \"go\"\nto = \"B\\tC\"\n", "to", "B\tC", 5, 6),
            (
                "initial = \"A\"\nsegues = [{from = \"A\\u001B[2J\", id = \"go\", to = \"B\"}]\n", "from", "A\u{1B}[2J",
                2, 19
            ),
        ])
    func untypableNames(text: String, key: String, value: String, line: Int, column: Int) {
        #expect(
            error { _ = try parse(text) }
                == .configInvalidName(
                    SourceLocation(file: "scenes.conf", line: line, column: column), key: key, value: value))
    }

    @Test("ids with punctuation and letters of any script are typable")
    func typableNames() throws {
        let config = try parse(
            "initial = \"Zürich.1\"\n[[segues]]\nfrom = \"Zürich.1\"\nid = \"show-détail_2#x\"\nto = \"B\"\n")
        #expect(config.segues.map(\.id) == ["show-détail_2#x"])
    }

    @Test("errors in inline segue tables are located at the value, on one line or several")
    func inlineSegues() {
        let oneLine = "initial = \"Home\"\nsegues = [{from = \"Home\", id = \"x\", to = \"Detail\", style = \"bad\"}]\n"
        #expect(
            error { _ = try parse(oneLine) }
                == .configInvalidValue(
                    SourceLocation(file: "scenes.conf", line: 2, column: 60), key: "style", value: "bad",
                    expected: "one of push, present, replace"))
        let lines = """
            initial = "Home"
            segues = [
              { from = "Home", id = "x", to = "Detail" },  # first
              { from = "Home", "id" = 'y', to = "Detail", style = "slide" },
              { from = "Home", to = "Detail" },
            ]
            """
        #expect(
            error { _ = try parse(lines) }
                == .configInvalidValue(
                    SourceLocation(file: "scenes.conf", line: 4, column: 55), key: "style", value: "slide",
                    expected: "one of push, present, replace"))
        #expect(
            error { _ = try parse(lines.replacingOccurrences(of: ", style = \"slide\"", with: "")) }
                == .configMissingKey(
                    SourceLocation(file: "scenes.conf", line: 5, column: 3), key: "id", table: "segues#2"))
        let plugins = "initial = \"A\"\nplugins = { P = { path = \"p.so\", sha = \"x\" } }\n"
        #expect(
            error { _ = try parse(plugins) }
                == .configUnknownKey(
                    SourceLocation(file: "scenes.conf", line: 2, column: 34), key: "sha", table: "plugins.P",
                    allowed: ConfigLoader.pluginKeys))
    }

    @Test("16,000 unknown tables are refused, each named, the first first (their time is a benchmark row: config)")
    func manyUnknownTables() {
        let text = "initial = \"A\"\n" + (0..<16_000).map { "[t\($0)]\n" }.joined()
        let thrown = error { _ = try parse(text) }
        guard case .configProblems(let problems)? = thrown else {
            Issue.record("expected every unknown table: \(String(describing: thrown).prefix(200))"); return
        }
        #expect(problems.count == 16_000)
        #expect(
            problems.first
                == .configUnknownKey(
                    SourceLocation(file: "scenes.conf", line: 2, column: 1), key: "t0", table: "",
                    allowed: ConfigLoader.topLevelKeys))
        #expect(
            problems.last
                == .configUnknownKey(
                    SourceLocation(file: "scenes.conf", line: 16_001, column: 1), key: "t15999", table: "",
                    allowed: ConfigLoader.topLevelKeys))
    }
}
