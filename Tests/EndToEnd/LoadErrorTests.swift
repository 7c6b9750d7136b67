import Foundation
import Testing
import SceneABI
import SceneSDK
import TestSupport

/// Each load error of the walking skeleton, through the real binary, with `run` and `check`:
/// its exact message on standard error, its documented exit code, and no crash.
@Suite("scene-host load errors (end to end)")
struct LoadErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let status: Int32
        /// Makes the case's files in the folder; returns the config path and the expected message.
        let make: @Sendable (TemporaryFolder) throws -> (config: String, message: String)
        var testDescription: String { name }
    }

    static let home = BuildProducts.library("HomeScene")
    static let detail = BuildProducts.library("DetailScene")

    static let cases: [Case] = [
        Case(name: "missing config file", status: 2) { folder in
            let path = folder.path("scenes.conf")
            return (
                path,
                "error: config file '\(path)' not found. Pass --config FILE, or run from the folder that holds scenes.conf."
            )
        },
        Case(name: "TOML syntax error", status: 2) { folder in
            let path = try folder.write("initial = \"Home\"\n[plugins.Home\n", to: "scenes.conf")
            return (
                path,
                "\(path):2:14: error: TOML syntax: Error while parsing table header: expected ']', saw '\\n'. Fix this line, then run 'scene-host check'."
            )
        },
        Case(name: "unknown key", status: 2) { folder in
            let path = try folder.write(
                "initial = \"Home\"\n[plugins.Home]\npath = \"x.so\"\nsha265 = \"x\"\n", to: "scenes.conf")
            return (
                path,
                "\(path):4:1: error: unknown key 'sha265' in [plugins.Home]. Did you mean 'sha256'? Allowed keys: path, sha256, settings, grant."
            )
        },
        Case(name: "config not UTF-8", status: 2) { folder in
            let path = try folder.write(bytes: Array("initial = \"Caf".utf8) + [0xE9, 0x22, 0x0A], to: "scenes.conf")
            return (path, "\(path):1:15: error: the config is not valid UTF-8 (byte 0xE9). Save it as UTF-8.")
        },
        Case(name: "config nested too deep", status: 2) { folder in
            let path = try folder.write(
                "initial = \"Home\"\nx = " + String(repeating: "[", count: 10_000) + "\n", to: "scenes.conf")
            return (
                path,
                "\(path):2:37: error: arrays or inline tables nest deeper than 32 levels here; scenes.conf never needs more than one."
            )
        },
        Case(name: "table header the TOML parser cannot take", status: 2) { folder in
            let path = try folder.write("initial = \"Home\"\n[\n", to: "scenes.conf")
            return (
                path,
                "\(path):2:2: error: TOML syntax: a table header must start with a key: a letter, digit, '_', '-' or a quote. Fix this line, then run 'scene-host check'."
            )
        },
        Case(name: "plugin file missing", status: 3) { folder in
            let path = try folder.write(
                "initial = \"Home\"\n\n[plugins.Home]\npath = \"libMissing.so\"\n", to: "scenes.conf")
            return (
                path,
                "\(path):3:1: error: plugin 'Home': file not found: \(folder.path("libMissing.so")). Build the plugins first ('swift build'), or fix 'path' (it is relative to the config file's folder)."
            )
        },
        Case(name: "not a shared library", status: 3) { folder in
            try folder.write("just text\n", to: "libText.so")
            let path = try folder.write(
                "initial = \"Home\"\n[plugins.Text]\npath = \"libText.so\"\n", to: "scenes.conf")
            return (
                path,
                "\(path):2:1: error: plugin 'Text': \(folder.path("libText.so")) is not a shared library (it is a text file, not an ELF binary). Point 'path' at the plugin's .so file."
            )
        },
        Case(name: "no scene_plugin_entry", status: 3) { folder in
            let library = BuildProducts.library("FixtureNoEntry")
            let path = try folder.write(DemoConfig.config(plugins: [("NoEntry", library)]), to: "scenes.conf")
            return (
                path,
                "\(path):3:1: error: plugin 'NoEntry': \(library) exports no 'scene_plugin_entry', so it is not a scene-host plugin. Export one: @_cdecl(\"scene_plugin_entry\") public func scenePluginEntry() -> UnsafeRawPointer { MyPlugin.exportDescriptor() }"
            )
        },
        Case(name: "descriptor ABI mismatch", status: 3) { folder in
            let library = BuildProducts.library("FixtureBadABI")
            let path = try folder.write(DemoConfig.config(plugins: [("BadABI", library)]), to: "scenes.conf")
            return (
                path,
                "\(path):3:1: error: plugin 'BadABI' (\(library)) was built with plugin ABI 999; this host has plugin ABI \(SCENE_PLUGIN_ABI_VERSION). The plugin ABI must be the same. Rebuild the plugin against this host's SceneSDK."
            )
        },
        Case(name: "unknown initial scene", status: 4) { folder in
            let path = try folder.write(
                DemoConfig.config(initial: "Hme", plugins: [("HomeScene", home), ("DetailScene", detail)]),
                to: "scenes.conf")
            return (
                path,
                "\(path):1:11: error: initial scene 'Hme' is not registered by any plugin. Did you mean 'Home'? Registered scenes: Detail, Home."
            )
        },
        Case(name: "unknown scene in a segue", status: 4) { folder in
            let text =
                DemoConfig.config(plugins: [("HomeScene", home), ("DetailScene", detail)])
                + "\n[[segues]]\nfrom = \"Home\"\nid = \"showDetail\"\nto = \"Detial\"\n"
            let path = try folder.write(text, to: "scenes.conf")
            return (
                path,
                "\(path):12:6: error: segue 'showDetail' names scene 'Detial' in 'to', but no plugin registers it. Did you mean 'Detail'? Registered scenes: Detail, Home."
            )
        },
        Case(name: "same scene name in two plugins", status: 4) { folder in
            let duplicate = BuildProducts.library("FixtureDuplicateHome")
            let path = try folder.write(
                DemoConfig.config(plugins: [("HomeScene", home), ("Copy", duplicate)]), to: "scenes.conf")
            return (
                path,
                "\(path):6:1: error: scene 'Home' is registered by two plugins: 'HomeScene' (\(home)) and 'Copy' (\(duplicate)). Scene names must be unique: rename one of the scenes, or remove one plugin from the config."
            )
        },
        // Not "two plugins 'X' and 'X'": the plugin itself is at fault, in its register(in:) (a plugin error, 3).
        Case(name: "one scene registered twice inside one plugin", status: 3) { folder in
            let twice = BuildProducts.library("FixtureTwiceInOne")
            let path = try folder.write(
                DemoConfig.config(plugins: [("HomeScene", home), ("DetailScene", detail), ("Twice", twice)]),
                to: "scenes.conf")
            return (
                path,
                "\(path):9:1: error: plugin 'Twice' (\(twice)) registers scene 'Twice' twice in its register(in:). Register each scene once; to show it under a second name, give that definition another name."
            )
        },
    ]

    @Test("run refuses it with its message and exit code", arguments: cases)
    func run(_ errorCase: Case) throws {
        let folder = try TemporaryFolder()
        let (config, message) = try errorCase.make(folder)
        let result = try HostProcess.run(["run", "--config", config], input: "print\n")
        #expect(!result.signaled)
        #expect(result.status == errorCase.status)
        // The problems as `check` prints them, then run's own last line.
        #expect(result.stderr.hasPrefix(message + "\n"), "\(result.stderr)")
        #expect(
            result.stderr.hasSuffix("; nothing was started ('scene-host check' reports the same)\n"), "\(result.stderr)"
        )
        #expect(result.stdout.isEmpty)
    }

    @Test("check reports it with its message and exit code", arguments: cases)
    func check(_ errorCase: Case) throws {
        let folder = try TemporaryFolder()
        let (config, message) = try errorCase.make(folder)
        let result = try HostProcess.run(["check", "--config", config])
        #expect(!result.signaled)
        #expect(result.status == errorCase.status)
        // A plugin that fails to load also leaves its scenes unregistered, which check reports too.
        #expect(result.stderr.hasPrefix(message + "\n"), "\(result.stderr)")
        #expect(result.stderr.hasSuffix(" in \(config)\n"))
        #expect(result.stdout.isEmpty)
    }
}
