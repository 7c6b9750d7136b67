import Foundation
import Testing
import SceneHostCore
@testable import SceneHostScaffold
import TestSupport

/// `NewPlugin.run` on real folders: what it writes, what --into adds, and every refusal's exact text.
/// Building and testing a generated package is the end-to-end test's (EndToEnd/NewPluginTests).
@Suite("new plugin: writing, --into and the refusals")
struct NewPluginTests {
    static let sdk = BuildProducts.packageRoot.appendingPathComponent("Sources/SceneSDK").path

    static func newPlugin(
        _ plugin: String, scenes: [String] = [], output: String? = nil, package: String? = nil, into: String? = nil,
        sdk: String? = NewPluginTests.sdk
    ) -> NewPlugin {
        NewPlugin(
            plugin: plugin, scenes: scenes, output: output, package: package, into: into, sdk: sdk, config: nil,
            executable: "/nowhere/scene-host")
    }

    /// Every file under `folder`, with its text, to show that a refusal changed nothing.
    static func snapshot(_ folder: String) -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let path = enumerator?.nextObject() as? String {
            files[path] = FileManager.default.contents(atPath: folder + "/" + path) ?? Data()
        }
        return files
    }

    /// A folder with the package App (the plugin Shop: Shop, Cart) made by `new plugin`; its real path.
    static func app() throws -> (folder: TemporaryFolder, package: String) {
        let folder = try TemporaryFolder()
        _ = try newPlugin("Shop", scenes: ["Shop", "Cart"], output: folder.url.path, package: "App").run()
        return (folder, try #require(FileSystemPath.real(folder.path("App"))))
    }

    @Test("a new package: Package.swift, .gitignore and the plugin's files; the printed lines name them")
    func creates() throws {
        let (folder, package) = try Self.app()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let manifest = String(
            decoding: FileManager.default.contents(atPath: package + "/Package.swift") ?? Data(), as: UTF8.self)
        #expect(PluginList.plugins(in: manifest) == ["Shop"])
        #expect(
            manifest.contains(
                ".package(path: \"\(RelativePath.from(package, to: try #require(FileSystemPath.real(Self.sdk))))\"),"))
        for path in try PluginScaffold(plugin: "Shop", scenes: ["Shop", "Cart"], testingKit: true).files.map(\.path) {
            #expect(FileManager.default.fileExists(atPath: package + "/" + path), "\(path)")
        }
        #expect(FileManager.default.fileExists(atPath: package + "/.gitignore"))
    }

    @Test("--into adds the plugin's files and one line to the list, and prints its config lines")
    func addsInto() throws {
        let (folder, package) = try Self.app()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let before = String(
            decoding: FileManager.default.contents(atPath: package + "/Package.swift") ?? Data(), as: UTF8.self)
        let printed = try Self.newPlugin("Help", scenes: ["Faq"], into: folder.path("App"), sdk: nil).run()
        let after = String(
            decoding: FileManager.default.contents(atPath: package + "/Package.swift") ?? Data(), as: UTF8.self)
        #expect(after == PluginList.adding("Help", to: before))
        #expect(FileManager.default.fileExists(atPath: package + "/Sources/Help/Faq/FaqViewController.swift"))
        #expect(FileManager.default.fileExists(atPath: package + "/Sources/HelpEntry/HelpEntry.swift"))
        #expect(FileManager.default.fileExists(atPath: package + "/Tests/HelpTests/FaqTests.swift"))
        #expect(printed.hasPrefix("Added the plugin Help (the scene 'Faq') to the package in \(package):\n"))
        #expect(
            printed.contains(
                "  [plugins.Help]\n  path = \"\(package)/.build/debug/libHelp.so\"\n\nThen route to 'Faq' from a scene")
        )
        #expect(!FileManager.default.fileExists(atPath: package + "/.Package.swift.scene-host-new"))
    }

    @Test("each refusal of --into says what to do, with exit code 64, and changes nothing")
    func intoRefusals() throws {
        let (folder, package) = try Self.app()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        _ = try NewScene(
            name: "Weather", plugin: nil, output: folder.url.path, sdk: Self.sdk, config: nil,
            executable: "/nowhere/scene-host"
        ).run()
        let weather = try #require(FileSystemPath.real(folder.path("WeatherScene")))
        try folder.makeFolder("App/Tests/HelpTests")
        let cases: [(NewPlugin, String)] = [
            (
                Self.newPlugin("Help", into: folder.path("WeatherScene"), sdk: nil),
                "error: --into \(weather) is not a package made by 'scene-host new plugin': its Package.swift is "
                    + "missing or has no list of plugins ('let plugins = [' after the line '// The plugins, one a "
                    + "line: `scene-host new plugin PLUGIN --into .` adds one here.'). Pass the folder of a package "
                    + "'scene-host new plugin' made, or leave out --into to make a new one."
            ),
            (
                Self.newPlugin("Shop", scenes: ["Orders"], into: folder.path("App"), sdk: nil),
                "error: the package \(package) already has the plugin 'Shop'. Choose another plugin name, or add "
                    + "scenes to Shop by hand (a folder per scene in Sources/Shop, registered in ShopPlugin)."
            ),
            (
                Self.newPlugin("ShopEntry", scenes: ["Orders"], into: folder.path("App"), sdk: nil),
                "error: the plugin 'ShopEntry' would add the target ShopEntry, which the plugin 'Shop' of the "
                    + "package \(package) already has. Choose another plugin name."
            ),
            (
                Self.newPlugin("Account", scenes: ["Login", "Cart"], into: folder.path("App"), sdk: nil),
                "error: the package \(package) already has a scene 'Cart' (in the plugin 'Shop'); scene names are "
                    + "unique in an app. Choose another --scene name."
            ),
            (
                Self.newPlugin("Help", into: folder.path("App"), sdk: nil),
                "error: \(package)/Tests/HelpTests already exists; 'scene-host new plugin' never overwrites. "
                    + "Remove it, or choose another name (or --package, --output)."
            ),
            (
                Self.newPlugin("Help", package: "Other", into: folder.path("App"), sdk: nil),
                "error: --package is for a new package, and --into adds to the package that is there. Leave out "
                    + "--package (or --into)."
            ),
            (
                Self.newPlugin("Help", into: folder.path("App")),
                "error: --sdk is for a new package, and --into adds to the package that is there. Leave out --sdk "
                    + "(or --into)."
            ),
        ]
        let before = Self.snapshot(folder.url.path)
        for (command, message) in cases {
            #expect {
                try command.run()
            } throws: { error in
                guard let error = error as? ScaffoldError else { return false }
                #expect(error.message == message)
                return error.exitStatus == .usage
            }
        }
        #expect(Self.snapshot(folder.url.path) == before)
        let missing = folder.path("none")
        #expect(throws: ScaffoldError.notNewPluginPackage(path: missing)) {
            try Self.newPlugin("Help", into: missing, sdk: nil).run()
        }
    }

    @Test(
        "a Package.swift that is a named pipe, a device or over 1 MiB is refused at once, never waited on or read whole"
    )
    func hostileManifests() throws {
        let folder = try TemporaryFolder()
        // A list `--into` would take, were the file read whole.
        let listed = PluginPackage.manifest(package: "P", plugins: ["Shop"], sdkPath: "../SDK", testingKit: true)
        for kind in ["fifo", "device", "huge"] {
            let package = folder.path(kind)
            try FileManager.default.createDirectory(atPath: package, withIntermediateDirectories: false)
            let manifest = package + "/Package.swift"
            switch kind {
            case "fifo": #expect(mkfifo(manifest, 0o600) == 0)
            case "device": #expect(symlink("/dev/zero", manifest) == 0)
            default:
                try (listed + String(repeating: "/", count: PluginPackage.manifestLimit)).write(
                    toFile: manifest, atomically: false, encoding: .utf8)
            }
            #expect(throws: ScaffoldError.notNewPluginPackage(path: package), "\(kind)") {
                try Self.newPlugin("Help", into: package, sdk: nil).run()
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: package) == ["Package.swift"], "\(kind)")
        }
    }

    @Test("the refusals of names and of an existing package folder, in exact text, with exit code 64")
    func newPackageRefusals() throws {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        try folder.makeFolder("Shop")
        let real = try #require(FileSystemPath.real(folder.url.path))
        let output = folder.url.path
        let cases: [(NewPlugin, String)] = [
            (
                Self.newPlugin("shop", output: output),
                "error: the plugin name 'shop' does not start with an upper-case letter A-Z. Names become Swift "
                    + "types, files and a module: letters A-Z and a-z, digits and '_', starting with an upper-case "
                    + "letter (e.g. 'Shop')."
            ),
            (
                Self.newPlugin("", output: output),
                "error: the plugin name is empty. Names become Swift types, files and a module: letters A-Z and "
                    + "a-z, digits and '_', starting with an upper-case letter, e.g. 'Weather'."
            ),
            (
                Self.newPlugin("Shop", scenes: ["Cart", "Check out"], output: output),
                "error: --scene 'Check out' holds ' '. Names become Swift types, files and a module: letters A-Z "
                    + "and a-z, digits and '_', starting with an upper-case letter."
            ),
            (
                Self.newPlugin("Shop", output: output, package: "my-app"),
                "error: --package 'my-app' does not start with an upper-case letter A-Z. Names become Swift types, "
                    + "files and a module: letters A-Z and a-z, digits and '_', starting with an upper-case letter "
                    + "(e.g. 'My-app')."
            ),
            (
                Self.newPlugin("Shop", scenes: ["Cart", "Cart"], output: output),
                "error: the scene 'Cart' is given twice. Give each --scene once."
            ),
            (
                Self.newPlugin("Shop", scenes: ["ShopPlugin"], output: output),
                "error: the plugin 'Shop' would declare ShopPlugin twice: each scene NAME declares NAME, "
                    + "NAMEViewController, NAMEWorker, NAMETests, ... and the plugin ShopPlugin. Choose other --scene "
                    + "names."
            ),
            (
                Self.newPlugin("Scene", output: output),
                "error: the plugin 'Scene' would declare ScenePlugin, a name SceneSDK, the testing kit or Swift "
                    + "already uses. Choose another name."
            ),
            (
                Self.newPlugin("Shop", scenes: ["Segue"], output: output),
                "error: the scene 'Segue' in the plugin 'Shop' would declare Segue, a name SceneSDK, the testing "
                    + "kit or Swift already uses. Choose another name."
            ),
            (
                Self.newPlugin("Shop", output: output),
                "error: \(real)/Shop already exists; 'scene-host new plugin' never overwrites. Remove it, or "
                    + "choose another name (or --package, --output)."
            ),
        ]
        for (command, message) in cases {
            #expect {
                try command.run()
            } throws: { error in
                guard let error = error as? ScaffoldError else { return false }
                #expect(error.message == message)
                return error.exitStatus == .usage
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["Shop"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("Shop")).isEmpty)
    }

    @Test("a write into a package that fails half-way removes what it began and leaves Package.swift as it was")
    func addCleansUp() throws {
        let (folder, package) = try Self.app()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let before = Self.snapshot(package)
        let manifest = String(
            decoding: FileManager.default.contents(atPath: package + "/Package.swift") ?? Data(), as: UTF8.self)
        // "Sources/Help/a" is a file, so "Sources/Help/a/b" cannot be created.
        #expect(throws: ScaffoldError.writeFailed(path: package + "/Sources/Help/a/b", reason: "Not a directory")) {
            try ScaffoldWriter.add(
                [GeneratedFile(path: "Sources/Help/a", text: "A"), GeneratedFile(path: "Sources/Help/a/b", text: "B")],
                into: package, manifest: (manifest, manifest + "// changed\n"))
        }
        #expect(Self.snapshot(package) == before)
        // Package.swift edited since it was read: nothing is added.
        #expect(
            throws: ScaffoldError.writeFailed(path: package + "/Package.swift", reason: "it changed while it was read")
        ) {
            try ScaffoldWriter.add(
                [GeneratedFile(path: "Sources/Help/a", text: "A")], into: package,
                manifest: ("another text", manifest + "// changed\n"))
        }
        #expect(Self.snapshot(package) == before)
    }
}
